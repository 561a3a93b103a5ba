import { FormField } from '../../../components/FormField';
import { categories } from '../../../../domain/categories';

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
    <FormField label={label} error={error}>
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="decimal"
          min="0"
          step="any"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          required
        />
      )}
    </FormField>
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
    <FormField label="Category" error={error}>
      {(control) => (
        <select {...control} value={value} onChange={(event) => onChange(event.target.value)} required>
          {placeholder === undefined ? null : <option value="">{placeholder}</option>}
          {categories.map((category) => (
            <option key={category.id} value={String(category.id)}>
              {category.name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
