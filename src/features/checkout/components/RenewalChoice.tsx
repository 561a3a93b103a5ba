import { useId } from 'react';
import { periodWord, type ProductPricing } from '../../../../domain/productPricing';

/** How a plan's next payments come (docs/memberships.md): the renewal choice of an NGN plan. */
export type RenewBy = 'card' | 'transfer';

/**
 * Paystack renews a membership or an instalment plan by card only; the buyer may instead pay each period
 * by transfer, from a link e-mailed before it ends. Shown for a plan paid in NGN through Paystack.
 */
export function RenewalChoice({
  pricing,
  renewBy,
  disabled,
  onChange,
}: {
  pricing: Exclude<ProductPricing, { kind: 'once' }>;
  renewBy: RenewBy;
  disabled: boolean;
  onChange: (renewBy: RenewBy) => void;
}) {
  const id = useId();
  const period = pricing.kind === 'membership' ? periodWord(pricing.interval) : 'month';
  const payments = pricing.kind === 'membership' ? `each ${period}` : 'each instalment';
  return (
    <div className="space-y-2 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
      <p id={`${id}-card`} className="text-sm text-slate-700">
        {renewBy === 'card'
          ? `Card only: Paystack charges your card ${payments}.`
          : `You pay this ${period} by any method, and ${payments} from a link we e-mail you before it is due.`}
      </p>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
        <input
          type="checkbox"
          name="renewByTransfer"
          checked={renewBy === 'transfer'}
          disabled={disabled}
          aria-describedby={`${id}-card`}
          onChange={(event) => onChange(event.target.checked ? 'transfer' : 'card')}
          className="h-4 w-4"
        />
        Pay {pricing.kind === 'membership' ? `each ${period}` : 'each month'} by transfer
      </label>
    </div>
  );
}
