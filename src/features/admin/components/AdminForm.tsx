import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FormField } from '../../../components/FormField';

export const primaryButtonClass =
  'w-full rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 ' +
  'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ' +
  'disabled:cursor-not-allowed disabled:opacity-70';

export const linkClass = 'font-medium text-brand-700 underline hover:text-brand-800';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
}

/** A labelled input (every control labelled: the admin pages aim at Lighthouse accessibility 100). */
export function TextField({ label, value, onValueChange, ...input }: TextFieldProps) {
  return (
    <FormField label={label}>
      {(control) => (
        <input {...control} value={value} onChange={(event) => onValueChange(event.target.value)} {...input} />
      )}
    </FormField>
  );
}

/** The centred card the sign-in, sign-up and password pages share. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="mx-auto w-full max-w-md px-4 pb-16 pt-24" aria-labelledby={headingId}>
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 id={headingId} className="text-center text-2xl font-bold text-slate-900">
          {title}
        </h1>
        {children}
      </div>
    </section>
  );
}
