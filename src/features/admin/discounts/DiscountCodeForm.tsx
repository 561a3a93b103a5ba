import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { categories } from '../../../../domain/categories';
import { FormField } from '../../../components/FormField';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/buttonClasses';
import { useCategoryProducts } from './useCategoryProducts';
import { discountFormErrors, type DiscountFormErrors, type DiscountFormValues } from './discountForm';

const optionClass = 'flex items-center gap-2 text-slate-800';
const boxClass = 'h-4 w-4 accent-brand-700';

/**
 * The terms of a code, for creating one (the code's name editable) and for editing one (its name
 * fixed: it is the document id, and buyers may already hold it). `onSave` gets values that passed
 * the checks and answers whether they were saved; the form is cleared after a saved create.
 */
export function DiscountCodeForm({
  initial,
  mode,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial: DiscountFormValues;
  mode: 'create' | 'edit';
  submitLabel: string;
  onSave: (values: DiscountFormValues) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState<DiscountFormValues>(initial);
  const [errors, setErrors] = useState<DiscountFormErrors>({});
  const [busy, setBusy] = useState(false);
  // A second click lands before React re-renders the disabled button; the ref stops it at once.
  const submitting = useRef(false);

  const set =
    <K extends keyof DiscountFormValues>(field: K) =>
    (value: DiscountFormValues[K]) =>
      setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current) return;
    const found = discountFormErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    submitting.current = true;
    setBusy(true);
    try {
      const saved = await onSave(values);
      if (saved && mode === 'create') setValues(initial);
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  };

  const textInput = (
    field: 'percent' | 'amountOffNgn' | 'amountOffUsd' | 'maxUses',
    label: string,
    props: { inputMode: 'numeric' | 'decimal'; placeholder?: string },
  ) => (
    <FormField label={label} error={errors[field]} announce={false}>
      {(control) => (
        <input
          {...control}
          type="text"
          inputMode={props.inputMode}
          placeholder={props.placeholder}
          value={values[field]}
          onChange={(event) => set(field)(event.target.value)}
        />
      )}
    </FormField>
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      {mode === 'create' ? (
        <FormField label="Code" error={errors.code} announce={false}>
          {(control) => (
            <input
              {...control}
              value={values.code}
              onChange={(event) => set('code')(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              className={`${control.className} uppercase`}
            />
          )}
        </FormField>
      ) : null}

      <Choice legend="Discount">
        <Radio checked={values.kind === 'percent'} onChange={() => set('kind')('percent')}>
          Percent off
        </Radio>
        <Radio checked={values.kind === 'fixed'} onChange={() => set('kind')('fixed')}>
          Amount off
        </Radio>
      </Choice>
      {values.kind === 'percent' ? (
        textInput('percent', 'Percent off (1-100)', { inputMode: 'numeric' })
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {textInput('amountOffNgn', 'Amount off in NGN', { inputMode: 'decimal' })}
          {textInput('amountOffUsd', 'Amount off in USD', { inputMode: 'decimal' })}
        </div>
      )}

      <Choice legend="Applies to">
        <Radio checked={values.appliesTo === 'all'} onChange={() => set('appliesTo')('all')}>
          Every product
        </Radio>
        <Radio checked={values.appliesTo === 'chosen'} onChange={() => set('appliesTo')('chosen')}>
          Chosen products
        </Radio>
      </Choice>
      {values.appliesTo === 'chosen' ? (
        <ProductPicker chosen={values.productIds} error={errors.productIds} onChange={set('productIds')} />
      ) : null}

      <TimeFields values={values} errors={errors} set={set} />
      {textInput('maxUses', 'Total uses limit', { inputMode: 'numeric', placeholder: 'No limit' })}
      <label className={optionClass}>
        <input
          type="checkbox"
          className={boxClass}
          checked={values.oncePerEmail}
          onChange={(event) => set('oncePerEmail')(event.target.checked)}
        />
        Once per buyer e-mail address
      </label>

      <div className="flex justify-end gap-3">
        {onCancel ? (
          <button type="button" onClick={onCancel} className={secondaryButtonClass}>
            Cancel
          </button>
        ) : null}
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

function Radio({ checked, onChange, children }: { checked: boolean; onChange: () => void; children: ReactNode }) {
  return (
    <label className={optionClass}>
      <input type="radio" className={boxClass} checked={checked} onChange={onChange} />
      {children}
    </label>
  );
}

/** When the code is valid, both ends optional and in Lagos time. */
function TimeFields({
  values,
  errors,
  set,
}: {
  values: DiscountFormValues;
  errors: DiscountFormErrors;
  set: (field: 'startsAt' | 'endsAt') => (value: string) => void;
}) {
  const timesHintId = useId();
  return (
    <>
      <p id={timesHintId} className="text-sm text-slate-700">
        Start and end are Lagos time (WAT). Leave them empty for a code that is valid from now on, or that never ends.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Starts" error={errors.startsAt} announce={false} hintId={timesHintId}>
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              value={values.startsAt}
              onChange={(event) => set('startsAt')(event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Ends" error={errors.endsAt} announce={false} hintId={timesHintId}>
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              value={values.endsAt}
              onChange={(event) => set('endsAt')(event.target.value)}
            />
          )}
        </FormField>
      </div>
    </>
  );
}

function Choice({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="mb-1 block font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">{children}</div>
    </fieldset>
  );
}

/**
 * Every product of the store's categories as a checkbox. A chosen product that no longer exists is
 * still listed (checked) so it can be taken off the code.
 */
function ProductPicker({
  chosen,
  error,
  onChange,
}: {
  chosen: string[];
  error?: string;
  onChange: (productIds: string[]) => void;
}) {
  const errorId = useId();
  const { lists, productsOf } = useCategoryProducts();
  const toggle = (productId: string, on: boolean) =>
    onChange(on ? [...chosen, productId] : chosen.filter((id) => id !== productId));

  let body: ReactNode;
  if (lists.some((list) => list.isError)) {
    body = (
      <div role="alert" className="space-y-2">
        <p className="text-red-700">The products could not be loaded.</p>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => lists.forEach((list) => void list.refetch())}
        >
          Try again
        </button>
      </div>
    );
  } else if (lists.some((list) => !list.data)) {
    body = (
      <p role="status" className="text-slate-700">
        Loading products...
      </p>
    );
  } else {
    const known = new Set(lists.flatMap((list) => (list.data ?? []).map((product) => product.id)));
    const gone = chosen.filter((id) => !known.has(id));
    body = (
      <div className="max-h-64 space-y-3 overflow-y-auto rounded-lg p-3 ring-1 ring-slate-300">
        {categories.map((category) => {
          const products = productsOf(category.id);
          return (
            <div key={category.id}>
              <p className="text-sm font-semibold text-slate-700">{category.label}</p>
              {products.length === 0 ? <p className="text-sm text-slate-600">No products.</p> : null}
              <ul className="space-y-1">
                {products.map((product) => (
                  <li key={product.id}>
                    <label className={optionClass}>
                      <input
                        type="checkbox"
                        className={boxClass}
                        checked={chosen.includes(product.id)}
                        onChange={(event) => toggle(product.id, event.target.checked)}
                      />
                      {product.title}
                    </label>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
        {gone.length > 0 ? (
          <ul className="space-y-1">
            {gone.map((productId) => (
              <li key={productId}>
                <label className={optionClass}>
                  <input
                    type="checkbox"
                    className={boxClass}
                    checked
                    onChange={(event) => toggle(productId, event.target.checked)}
                  />
                  A deleted product ({productId})
                </label>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    );
  }

  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 block font-medium text-slate-800">Products</legend>
      {body}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
