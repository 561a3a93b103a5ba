import { useId, useState, type FormEvent } from 'react';
import { FormField } from '../../../components/FormField';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/buttonClasses';
import { defaultSalesFilter } from './salesFilter';
import { paymentMethods, type PaymentMethod } from '../../../../domain/apiContracts';
import {
  currencies,
  type RangePreset,
  type SaleProductOption,
  type SaleStatusFilter,
  type SalesFilter,
} from '../api/salesTypes';
import type { Currency } from '../../../../domain/money';

const rangeLabels: Record<RangePreset, string> = {
  today: 'Today',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  custom: 'Custom range',
};

type SetFilter = <K extends keyof SalesFilter>(key: K, value: SalesFilter[K]) => void;

/** The range preset, and the two dates when it is a custom range. */
function DateRangeFields({ draft, set }: { draft: SalesFilter; set: SetFilter }) {
  return (
    <>
      <FormField label="Date range" compact>
        {(control) => (
          <select
            {...control}
            value={draft.range}
            onChange={(event) => set('range', event.target.value as RangePreset)}
          >
            {Object.entries(rangeLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {draft.range === 'custom' && (
        <>
          <FormField label="From" compact>
            {(control) => (
              <input
                {...control}
                type="date"
                value={draft.from}
                onChange={(event) => set('from', event.target.value)}
              />
            )}
          </FormField>
          <FormField label="To" compact>
            {(control) => (
              <input {...control} type="date" value={draft.to} onChange={(event) => set('to', event.target.value)} />
            )}
          </FormField>
        </>
      )}
    </>
  );
}

/** The two codes a sale may carry: the discount code and the affiliate's. */
function CodeFields({ draft, set }: { draft: SalesFilter; set: SetFilter }) {
  const codeInput = { type: 'text', autoComplete: 'off', spellCheck: false } as const;
  return (
    <>
      <FormField label="Discount code" compact>
        {(control) => (
          <input
            {...control}
            {...codeInput}
            maxLength={32}
            value={draft.code}
            onChange={(event) => set('code', event.target.value)}
          />
        )}
      </FormField>
      <FormField label="Affiliate code" compact>
        {(control) => (
          <input
            {...control}
            {...codeInput}
            maxLength={20}
            value={draft.affiliate ?? ''}
            onChange={(event) => set('affiliate', event.target.value)}
          />
        )}
      </FormField>
    </>
  );
}

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
  // On a phone the filters fold behind 'Filters', so the sales are on the first screen; from md on they show.
  const [open, setOpen] = useState(false);
  const formId = useId();
  const set: SetFilter = (key, value) => setDraft((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, email: draft.email.trim().toLowerCase(), code: draft.code.trim().toUpperCase() });
  };

  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={formId}
        className={`${secondaryButtonClass} md:hidden`}
        onClick={() => setOpen(!open)}
      >
        Filters
      </button>
      <form
        id={formId}
        aria-label="Sales filters"
        onSubmit={submit}
        className={`${open ? 'mt-3 grid' : 'hidden md:grid'} grid-cols-1 gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-3`}
      >
        <DateRangeFields draft={draft} set={set} />
        <FormField label="Product" compact>
          {(control) => (
            <select {...control} value={draft.productId} onChange={(event) => set('productId', event.target.value)}>
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
          )}
        </FormField>
        <FormField label="Currency" compact>
          {(control) => (
            <select
              {...control}
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
          )}
        </FormField>
        <FormField label="Provider" compact>
          {(control) => (
            <select
              {...control}
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
          )}
        </FormField>
        <FormField label="Refunds and disputes" compact>
          {(control) => (
            <select
              {...control}
              value={draft.status}
              onChange={(event) => set('status', event.target.value as SaleStatusFilter)}
            >
              <option value="">All sales</option>
              <option value="refunded">Refunded</option>
              <option value="disputed">Disputed</option>
            </select>
          )}
        </FormField>
        <FormField label="Buyer e-mail" compact>
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="off"
              value={draft.email}
              onChange={(event) => set('email', event.target.value)}
            />
          )}
        </FormField>
        <CodeFields draft={draft} set={set} />
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
    </div>
  );
}
