import { useId, type ReactNode } from 'react';

/** The one look of a text input, textarea or select, storefront and admin alike. */
export const inputClass =
  'block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm ' +
  'focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/40 disabled:bg-slate-100 ' +
  'aria-[invalid=true]:border-red-700';

/** What the control of a FormField spreads onto itself: its id, its look and its error tie. */
export interface FieldControl {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled control with its error underneath, tied to it by aria-describedby so a screen reader
 * reads the problem with the field. `children` receives the props to spread onto the control.
 */
export function FormField({
  label,
  error,
  announce = true,
  hintId,
  compact = false,
  children,
}: {
  label: string;
  error?: string | null;
  /**
   * The error is an alert, read out as it appears. Off where several errors appear at once on
   * submit: each is then read as the description of its field when that field is reached.
   */
  announce?: boolean;
  /** A hint elsewhere on the page that describes the control too (read before the error). */
  hintId?: string;
  /** A smaller label, for dense filter bars. */
  compact?: boolean;
  children: (control: FieldControl) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className={`mb-1 block ${compact ? 'text-sm ' : ''}font-medium text-slate-800`}>
        {label}
      </label>
      {children({
        id,
        className: inputClass,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {error ? (
        <p id={errorId} role={announce ? 'alert' : undefined} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
