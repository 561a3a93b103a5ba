import { useId, useState, type FormEvent } from 'react';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../products/fields';
import { defaultSalesFilter } from './salesFilter';
import { paymentMethods, type PaymentMethod } from '../../../../domain/apiContracts';
import { currencies, type RangePreset, type SaleProductOption, type SalesFilter } from './types';
import type { Currency } from '../../../../domain/money';

const rangeLabels: Record<RangePreset, string> = {
  today: 'Today',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  custom: 'Custom range',
};

const labelClass = 'mb-1 block text-sm font-medium text-slate-800';

/** The filter form; it edits a draft and writes the URL only on Apply, so typing is not a query. */
export function SalesFilters({
  filter,
  products,
  onApply,
}: {
  filter: SalesFilter;
  products: readonly SaleProductOption[];
  onApply: (filter: SalesFilter) => void;
}) {
  const [draft, setDraft] = useState(filter);
  const id = useId();
  const set = <K extends keyof SalesFilter>(key: K, value: SalesFilter[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, email: draft.email.trim().toLowerCase() });
  };

  return (
    <form
      aria-label="Sales filters"
      onSubmit={submit}
      className="grid grid-cols-1 gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-3"
    >
      <div>
        <label htmlFor={`${id}-range`} className={labelClass}>
          Date range
        </label>
        <select
          id={`${id}-range`}
          className={inputClass}
          value={draft.range}
          onChange={(event) => set('range', event.target.value as RangePreset)}
        >
          {Object.entries(rangeLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {draft.range === 'custom' && (
        <>
          <div>
            <label htmlFor={`${id}-from`} className={labelClass}>
              From
            </label>
            <input
              id={`${id}-from`}
              type="date"
              className={inputClass}
              value={draft.from}
              onChange={(event) => set('from', event.target.value)}
            />
          </div>
          <div>
            <label htmlFor={`${id}-to`} className={labelClass}>
              To
            </label>
            <input
              id={`${id}-to`}
              type="date"
              className={inputClass}
              value={draft.to}
              onChange={(event) => set('to', event.target.value)}
            />
          </div>
        </>
      )}
      <div>
        <label htmlFor={`${id}-product`} className={labelClass}>
          Product
        </label>
        <select
          id={`${id}-product`}
          className={inputClass}
          value={draft.productId}
          onChange={(event) => set('productId', event.target.value)}
        >
          <option value="">All products</option>
          {products.map((product) => (
            <option key={product.id} value={product.id}>
              {product.title}
            </option>
          ))}
          {/* A product from the URL that is no longer in the catalog stays selectable. */}
          {draft.productId && !products.some((product) => product.id === draft.productId) && (
            <option value={draft.productId}>{draft.productId}</option>
          )}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-currency`} className={labelClass}>
          Currency
        </label>
        <select
          id={`${id}-currency`}
          className={inputClass}
          value={draft.currency}
          onChange={(event) => set('currency', event.target.value as Currency | '')}
        >
          <option value="">All currencies</option>
          {currencies.map((currency) => (
            <option key={currency} value={currency}>
              {currency}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-provider`} className={labelClass}>
          Provider
        </label>
        <select
          id={`${id}-provider`}
          className={inputClass}
          value={draft.paymentMethod}
          onChange={(event) => set('paymentMethod', event.target.value as PaymentMethod | '')}
        >
          <option value="">All providers</option>
          {paymentMethods.map((method) => (
            <option key={method} value={method}>
              {method}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-email`} className={labelClass}>
          Buyer e-mail
        </label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          className={inputClass}
          value={draft.email}
          onChange={(event) => set('email', event.target.value)}
        />
      </div>
      <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-3">
        <button type="submit" className={primaryButtonClass}>
          Apply filters
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => {
            setDraft(defaultSalesFilter);
            onApply(defaultSalesFilter);
          }}
        >
          Clear filters
        </button>
      </div>
    </form>
  );
}
