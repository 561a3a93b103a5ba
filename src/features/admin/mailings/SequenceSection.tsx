// A product's 'E-mails after purchase' on its page (docs/emails.md, 'After-purchase sequence'): up to 5
// e-mails, each a whole number of days after the purchase, with a subject and a Markdown body. A kept
// e-mail keeps its id, so editing the sequence never sends one twice to a sale.
import { useId, useState } from 'react';
import { inputClass } from '../../../components/FormField';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/buttonClasses';
import { useReportUnsaved } from '../../../components/unsavedChanges';
import { toAppError } from '../../../lib/errors';
import { useGetSequenceQuery, useSaveSequenceMutation, type SequenceStep } from '../api/mailingsApi';
import { QueryState } from '../components/QueryState';
import { MarkdownPreview } from '../courses/MarkdownPreview';

export const sequenceMaxSteps = 5;

/** A step as the form edits it: the days as typed, and a key of its own for React. */
interface StepDraft {
  key: string;
  id?: string;
  afterDays: string;
  subject: string;
  body: string;
}

let nextKey = 0;
const draftOf = (step: SequenceStep): StepDraft => ({
  key: step.id ?? `new-${(nextKey += 1)}`,
  ...(step.id ? { id: step.id } : {}),
  afterDays: String(step.afterDays),
  subject: step.subject,
  body: step.body,
});
const comparable = (steps: readonly StepDraft[]) =>
  JSON.stringify(steps.map(({ id, afterDays, subject, body }) => ({ id, afterDays, subject, body })));

export function SequenceSection({ productId }: { productId: string }) {
  const query = useGetSequenceQuery(productId);
  return (
    <section aria-label="E-mails after purchase" className="space-y-3">
      <QueryState
        query={query}
        loading="Loading the e-mails after purchase..."
        failed="The e-mails after purchase could not be loaded."
      />
      {query.data ? <SequenceForm productId={productId} initial={query.data} /> : null}
    </section>
  );
}

function SequenceForm({ productId, initial }: { productId: string; initial: SequenceStep[] }) {
  const [saved, setSaved] = useState(() => initial.map(draftOf));
  const [steps, setSteps] = useState(saved);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [save, saving] = useSaveSequenceMutation();
  useReportUnsaved(comparable(steps) !== comparable(saved));

  const change = (key: string, patch: Partial<StepDraft>) =>
    setSteps((current) => current.map((step) => (step.key === key ? { ...step, ...patch } : step)));

  const onSave = async () => {
    const days = steps.map((step) => Number(step.afterDays.trim()));
    if (days.some((value, index) => steps[index]?.afterDays.trim() === '' || !Number.isInteger(value))) {
      setOutcome({ ok: false, text: 'Days after the purchase must be a whole number.' });
      return;
    }
    const result = await save({
      productId,
      steps: steps.map((step, index) => ({
        ...(step.id ? { id: step.id } : {}),
        afterDays: days[index] ?? 0,
        subject: step.subject,
        body: step.body,
      })),
    });
    if ('error' in result) {
      setOutcome({ ok: false, text: `The e-mails after purchase were not saved. ${toAppError(result.error).message}` });
      return;
    }
    const kept = result.data.map(draftOf);
    setSaved(kept);
    setSteps(kept);
    setOutcome({
      ok: true,
      text:
        kept.length === 0
          ? 'E-mails after purchase saved: none will be sent.'
          : `E-mails after purchase saved: ${kept.length} (${kept.map((step) => `day ${step.afterDays}`).join(', ')}).`,
    });
  };

  return (
    <div className="space-y-4">
      <p className="text-slate-700">
        Up to {sequenceMaxSteps} e-mails to each buyer of this product, each sent a number of days after their purchase
        (a welcome, tips, a review request). A refunded sale gets none; each e-mail goes once.
      </p>
      {steps.length === 0 ? <p className="text-slate-700">No e-mails after purchase yet.</p> : null}
      {steps.map((step, index) => (
        <StepFields
          key={step.key}
          number={index + 1}
          step={step}
          onChange={(patch) => change(step.key, patch)}
          onRemove={() => setSteps((current) => current.filter((other) => other.key !== step.key))}
        />
      ))}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={steps.length >= sequenceMaxSteps}
          onClick={() =>
            setSteps((current) => [
              ...current,
              draftOf({ afterDays: current.length === 0 ? 1 : 7, subject: '', body: '' }),
            ])
          }
        >
          Add an e-mail
        </button>
        <button type="button" className={primaryButtonClass} disabled={saving.isLoading} onClick={() => void onSave()}>
          {saving.isLoading ? 'Saving…' : 'Save e-mails after purchase'}
        </button>
      </div>
      {steps.length >= sequenceMaxSteps ? (
        <p className="text-sm text-slate-600">A sequence has at most {sequenceMaxSteps} e-mails.</p>
      ) : null}
      <p role={outcome && !outcome.ok ? 'alert' : 'status'} className={outcome?.ok ? 'text-green-800' : 'text-red-700'}>
        {outcome?.text}
      </p>
    </div>
  );
}

function StepFields({
  number,
  step,
  onChange,
  onRemove,
}: {
  number: number;
  step: StepDraft;
  onChange: (patch: Partial<StepDraft>) => void;
  onRemove: () => void;
}) {
  const id = useId();
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 font-medium text-slate-900">E-mail {number}</legend>
      <label htmlFor={`${id}-days`} className="block text-sm font-medium text-slate-800">
        Days after purchase (e-mail {number})
        <input
          id={`${id}-days`}
          inputMode="numeric"
          className={inputClass}
          value={step.afterDays}
          onChange={(event) => onChange({ afterDays: event.target.value })}
        />
      </label>
      <label htmlFor={`${id}-subject`} className="block text-sm font-medium text-slate-800">
        Subject (e-mail {number})
        <input
          id={`${id}-subject`}
          className={inputClass}
          maxLength={150}
          value={step.subject}
          onChange={(event) => onChange({ subject: event.target.value })}
        />
      </label>
      <label htmlFor={`${id}-body`} className="block text-sm font-medium text-slate-800">
        Body in Markdown (e-mail {number})
        <textarea
          id={`${id}-body`}
          className={`${inputClass} min-h-32 font-mono text-sm`}
          value={step.body}
          onChange={(event) => onChange({ body: event.target.value })}
        />
      </label>
      <MarkdownPreview markdown={step.body} headingLevel={3} />
      <button type="button" className={secondaryButtonClass} onClick={onRemove}>
        Remove e-mail {number}
      </button>
    </fieldset>
  );
}
