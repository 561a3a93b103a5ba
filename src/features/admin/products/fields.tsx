import { useId, type ReactNode } from 'react';
import { categories } from '../../../../domain/categories';

export const inputClass =
  'block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm ' +
  'focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/40 disabled:bg-slate-100 ' +
  'aria-[invalid=true]:border-red-700';

export const primaryButtonClass =
  'rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 ' +
  'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ' +
  'disabled:cursor-not-allowed disabled:opacity-70';

export const secondaryButtonClass =
  'rounded-lg border border-slate-400 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 ' +
  'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ' +
  'disabled:cursor-not-allowed disabled:opacity-70';

export const dangerButtonClass =
  'rounded-lg bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800 ' +
  'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700';

/**
 * A labelled control with its error underneath, tied to it by aria-describedby so a screen reader
 * reads the problem with the field. `children` receives the ids to put on the control.
 */
export function Field({
  label,
  error,
  warning = false,
  children,
}: {
  label: string;
  error?: string | null;
  /** Shown as a warning rather than an error ('Outline order must be a number.', docs/admin.md). */
  warning?: boolean;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-medium text-slate-800">
        {label}
      </label>
      {children({ id, describedBy: error ? errorId : undefined, invalid: Boolean(error) })}
      {error ? (
        <p id={errorId} role="alert" className={`mt-1 text-sm ${warning ? 'text-amber-800' : 'text-red-700'}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Upload progress as a bar with its percentage, so slow connections see it move (docs/admin.md). */
export function UploadProgress({ percent }: { percent: number }) {
  return (
    <div className="flex items-center gap-3">
      <progress value={percent} max={100} aria-label="Upload progress" className="h-3 w-full accent-brand-700" />
      <span className="w-12 text-right text-sm font-medium text-slate-800" aria-hidden="true">
        {percent}%
      </span>
    </div>
  );
}

/** A price in one currency, as the post form and the edit dialog both ask for it. */
export function PriceField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error?: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} error={error}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min="0"
          step="any"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          required
          aria-describedby={describedBy}
          aria-invalid={invalid}
          className={inputClass}
        />
      )}
    </Field>
  );
}

/** Both prices side by side (NGN, then USD), as the post form and the edit dialog show them. */
export function PriceFields({
  values,
  errors,
  onChange,
}: {
  values: { priceInNgn: string; priceInUsd: string };
  errors: { priceInNgn?: string | null; priceInUsd?: string | null };
  onChange: (field: 'priceInNgn' | 'priceInUsd') => (value: string) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <PriceField
        label="Price in NGN"
        value={values.priceInNgn}
        error={errors.priceInNgn}
        onChange={onChange('priceInNgn')}
      />
      <PriceField
        label="Price in USD"
        value={values.priceInUsd}
        error={errors.priceInUsd}
        onChange={onChange('priceInUsd')}
      />
    </div>
  );
}

/** The category select (the store's two categories); `placeholder` adds an empty first choice. */
export function CategoryField({
  value,
  error,
  placeholder,
  onChange,
}: {
  value: string;
  error?: string | null;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label="Category" error={error}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          required
          aria-describedby={describedBy}
          aria-invalid={invalid}
          className={inputClass}
        >
          {placeholder === undefined ? null : <option value="">{placeholder}</option>}
          {categories.map((category) => (
            <option key={category.id} value={String(category.id)}>
              {category.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
