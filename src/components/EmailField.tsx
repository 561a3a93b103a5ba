import type { Ref } from 'react';
import { customerFields } from '../../domain/fieldRules';
import { FormField } from './FormField';

const emailRule = customerFields.email;

/**
 * A buyer's e-mail address field (the /purchases and /library forms): labelled, with its error tied to
 * it, and the error cleared as soon as the buyer types again.
 */
export function EmailField({
  value,
  error,
  onChange,
  inputRef,
}: {
  value: string;
  error: string | null;
  /** The new text; the owner clears its error here. */
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <FormField label={emailRule.label} error={error}>
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={emailRule.maxLength}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
