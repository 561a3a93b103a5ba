import { useId, type ReactNode } from 'react';
import { FormField } from '../../../components/FormField';
import { categories } from '../../../../domain/categories';
import {
  fieldsOf,
  productForm,
  type FieldPlacement,
  type ProductFormErrors,
  type ProductFormKey,
  type ProductFormName,
  type ProductFormValues,
} from './productForm';

/**
 * The inputs of one product form, in its order, as productForm.ts defines them. Prices next to each
 * other sit side by side (NGN, then USD). `coverPicker` is what a field entered as a file shows: the
 * form owns the file and its upload.
 */
export function ProductFormFields({
  form,
  values,
  errors,
  onChange,
  coverPicker,
}: {
  form: ProductFormName;
  values: ProductFormValues;
  errors: ProductFormErrors;
  onChange: (key: ProductFormKey, value: string) => void;
  coverPicker?: ReactNode;
}) {
  const rows: ProductFormKey[][] = [];
  for (const key of fieldsOf(form)) {
    const previous = rows.at(-1);
    const isPrice = (other: ProductFormKey | undefined) => other && productForm[other][form].input.kind === 'price';
    if (previous && isPrice(key) && isPrice(previous[0])) previous.push(key);
    else rows.push([key]);
  }
  const field = (key: ProductFormKey) => (
    <ProductInput
      key={key}
      placement={productForm[key][form]}
      value={values[key]}
      error={errors[key]}
      onChange={(value) => onChange(key, value)}
      coverPicker={coverPicker}
    />
  );
  return (
    <>
      {rows.map((row) =>
        row.length > 1 ? (
          <div key={row.join(' ')} className="grid gap-4 sm:grid-cols-2">
            {row.map(field)}
          </div>
        ) : (
          row.map(field)
        ),
      )}
    </>
  );
}

function ProductInput({
  placement: { label, hint, input },
  value,
  error,
  onChange,
  coverPicker,
}: {
  placement: FieldPlacement;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  coverPicker?: ReactNode;
}) {
  const hintId = useId();
  switch (input.kind) {
    case 'coverFile':
      return <>{coverPicker}</>;
    case 'price':
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
    case 'category':
      return (
        <FormField label={label} error={error}>
          {(control) => (
            <select {...control} value={value} onChange={(event) => onChange(event.target.value)} required>
              {input.placeholder === undefined ? null : <option value="">{input.placeholder}</option>}
              {categories.map((category) => (
                <option key={category.id} value={String(category.id)}>
                  {category.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      );
    case 'textarea':
      return (
        <FormField label={label} error={error}>
          {(control) => (
            <textarea
              {...control}
              value={value}
              onChange={(event) => onChange(event.target.value)}
              maxLength={input.maxLength}
              rows={input.rows}
              required={input.required}
            />
          )}
        </FormField>
      );
    case 'text':
      return (
        <div>
          <FormField label={label} error={error} hintId={hint ? hintId : undefined}>
            {(control) => (
              <input
                {...control}
                type={input.type}
                placeholder={input.placeholder}
                value={value}
                onChange={(event) => onChange(event.target.value)}
                maxLength={input.maxLength}
                required={input.required}
                disabled={input.disabled}
                className={input.upperCase ? `${control.className} uppercase` : control.className}
              />
            )}
          </FormField>
          {hint ? (
            <p id={hintId} className="mt-1 text-sm text-slate-600">
              {hint}
            </p>
          ) : null}
        </div>
      );
  }
}
