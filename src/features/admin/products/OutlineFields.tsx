import { FormField } from '../../../components/FormField';
import { limits } from './productValidation';

/**
 * The outline text and order, with the problem underneath (docs/admin.md: a missing field is an error, a
 * non-numeric order a warning). The post dialog and the inline edit share them; only the labels differ.
 */
export function OutlineFields({
  labels,
  text,
  order,
  problem,
  onTextChange,
  onOrderChange,
}: {
  labels: { text: string; order: string };
  text: string;
  order: string;
  problem: { error: string; warning: boolean } | null;
  onTextChange: (value: string) => void;
  onOrderChange: (value: string) => void;
}) {
  return (
    <>
      <FormField label={labels.text}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={text}
            maxLength={limits.outlineMax}
            onChange={(event) => onTextChange(event.target.value)}
          />
        )}
      </FormField>
      <FormField label={labels.order}>
        {(control) => (
          <input
            {...control}
            inputMode="numeric"
            value={order}
            onChange={(event) => onOrderChange(event.target.value)}
          />
        )}
      </FormField>
      {problem ? (
        <p role="alert" className={problem.warning ? 'text-amber-800' : 'text-red-700'}>
          {problem.warning ? <span aria-hidden="true">⚠ </span> : null}
          {problem.error}
        </p>
      ) : null}
    </>
  );
}
