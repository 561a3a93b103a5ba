import { useId } from 'react';
import {
  type BillingInterval,
  billingIntervals,
  instalmentLimits,
  oncePricing,
  pricingText,
  type ProductPricing,
} from '../../../../domain/productPricing';

/** The form's pricing choice: the kind, and the interval and count kept while another kind is picked. */
export interface PricingChoice {
  kind: ProductPricing['kind'];
  interval: BillingInterval;
  count: number;
}

export function choiceOf(pricing: ProductPricing): PricingChoice {
  return {
    kind: pricing.kind,
    interval: pricing.kind === 'membership' ? pricing.interval : 'monthly',
    count: pricing.kind === 'instalments' ? pricing.count : 3,
  };
}

export function pricingOf({ kind, interval, count }: PricingChoice): ProductPricing {
  return kind === 'membership' ? { kind, interval } : kind === 'instalments' ? { kind, count } : oncePricing;
}

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

/**
 * How buyers pay (docs/memberships.md): one payment, a membership that renews monthly, quarterly or
 * yearly, or the full price in 2 to 6 monthly instalments, with the price as the store will show it in
 * both currencies (`prices`: null while the form's prices are not valid yet).
 */
export function PricingFields({
  choice,
  onChange,
  prices,
}: {
  choice: PricingChoice;
  onChange: (choice: PricingChoice) => void;
  prices: { priceInNgn: number; priceInUsd: number } | null;
}) {
  const baseId = useId();
  const { kind, interval, count } = choice;
  const pricing = pricingOf(choice);
  const setKind = (next: ProductPricing['kind']) => onChange({ ...choice, kind: next });
  const setInterval = (next: BillingInterval) => onChange({ ...choice, interval: next });
  const setCount = (next: number) => onChange({ ...choice, count: next });
  return (
    <>
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
      {prices && (
        <p>
          Shown to buyers as <strong>{pricingText(prices, pricing, 'NGN')}</strong> and{' '}
          <strong>{pricingText(prices, pricing, 'USD')}</strong>.
        </p>
      )}
      {kind !== 'once' && (
        <p className="text-sm text-slate-700">
          The prices in NGN and USD are set in Details:{' '}
          {kind === 'membership' ? 'the price of one period' : 'the full price'}. A price change applies to new members
          only: existing members keep what they agreed to.
        </p>
      )}
    </>
  );
}
