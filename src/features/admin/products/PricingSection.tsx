import { useId, useState, type FormEvent } from 'react';
import type { Product } from '../../../../domain/product';
import {
  type BillingInterval,
  billingIntervals,
  instalmentLimits,
  oncePricing,
  pricingText,
  type ProductPricing,
} from '../../../../domain/productPricing';
import { primaryButtonClass } from '../../../components/buttonClasses';
import { useReportUnsaved } from '../../../components/unsavedChanges';
import { toAppError } from '../../../lib/errors';
import { useSaveProductPricingMutation } from '../api/productPricingApi';

const intervalLabels: Readonly<Record<BillingInterval, string>> = {
  monthly: 'Every month',
  quarterly: 'Every quarter (3 months)',
  yearly: 'Every year',
};

const counts = Array.from(
  { length: instalmentLimits.max - instalmentLimits.min + 1 },
  (_, index) => instalmentLimits.min + index,
);

const kindChoices: ReadonlyArray<{ kind: ProductPricing['kind']; label: string; hint: string }> = [
  { kind: 'once', label: 'One payment', hint: 'The buyer pays the price once.' },
  { kind: 'membership', label: 'Membership', hint: 'The price in Details is charged every period until cancelled.' },
  {
    kind: 'instalments',
    label: 'Instalments',
    hint: 'The price in Details is the full price, paid in equal monthly payments.',
  },
];

const same = (a: ProductPricing, b: ProductPricing) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The product page's Pricing (docs/memberships.md): one payment, a membership that renews monthly,
 * quarterly or yearly, or the full price in 2 to 6 monthly instalments, with the price as the store
 * will show it in both currencies. Members keep the terms they agreed to.
 */
export function PricingSection({ product }: { product: Product }) {
  const baseId = useId();
  const [saved, setSaved] = useState<ProductPricing>(product.pricing ?? oncePricing);
  const [kind, setKind] = useState<ProductPricing['kind']>(saved.kind);
  const [interval, setInterval] = useState<BillingInterval>(saved.kind === 'membership' ? saved.interval : 'monthly');
  const [count, setCount] = useState(saved.kind === 'instalments' ? saved.count : 3);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [save, saving] = useSaveProductPricingMutation();
  const pricing: ProductPricing =
    kind === 'membership' ? { kind, interval } : kind === 'instalments' ? { kind, count } : oncePricing;
  useReportUnsaved(!same(pricing, saved));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving.isLoading) return;
    setSaid(null);
    const result = await save({ id: product.id, pricing });
    if ('error' in result) {
      setSaid({ ok: false, text: `The pricing could not be saved. ${toAppError(result.error).message}` });
      return;
    }
    setSaved(pricing);
    setSaid({ ok: true, text: 'Pricing saved.' });
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
      <fieldset className="space-y-2">
        <legend className="font-semibold text-slate-900">How buyers pay</legend>
        {kindChoices.map((choice) => (
          <div key={choice.kind}>
            <label className="flex items-center gap-2 font-medium">
              <input
                type="radio"
                name={`${baseId}-kind`}
                value={choice.kind}
                checked={kind === choice.kind}
                onChange={() => setKind(choice.kind)}
                aria-describedby={`${baseId}-${choice.kind}`}
              />
              {choice.label}
            </label>
            <p id={`${baseId}-${choice.kind}`} className="ml-6 text-sm text-slate-600">
              {choice.hint}
            </p>
          </div>
        ))}
      </fieldset>
      {kind === 'membership' && (
        <label className="block">
          <span className="font-medium">Renews</span>
          <select
            className="mt-1 block rounded-md border border-slate-300 px-2 py-1"
            value={interval}
            onChange={(event) => setInterval(event.target.value as BillingInterval)}
          >
            {billingIntervals.map((value) => (
              <option key={value} value={value}>
                {intervalLabels[value]}
              </option>
            ))}
          </select>
        </label>
      )}
      {kind === 'instalments' && (
        <label className="block">
          <span className="font-medium">Number of monthly payments</span>
          <select
            className="mt-1 block rounded-md border border-slate-300 px-2 py-1"
            value={count}
            onChange={(event) => setCount(Number(event.target.value))}
          >
            {counts.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
      )}
      <p>
        Shown to buyers as <strong>{pricingText(product, pricing, 'NGN')}</strong> and{' '}
        <strong>{pricingText(product, pricing, 'USD')}</strong>.
      </p>
      {kind !== 'once' && (
        <p className="text-sm text-slate-700">
          The prices in NGN and USD are set in Details:{' '}
          {kind === 'membership' ? 'the price of one period' : 'the full price'}. A price change applies to new members
          only: existing members keep what they agreed to.
        </p>
      )}
      <div className="flex justify-end">
        <button type="submit" disabled={saving.isLoading || same(pricing, saved)} className={primaryButtonClass}>
          {saving.isLoading ? 'Saving...' : 'Save pricing'}
        </button>
      </div>
      <p role={said && !said.ok ? 'alert' : 'status'} className={said?.ok === false ? 'text-red-700' : ''}>
        {said?.text}
      </p>
    </form>
  );
}
