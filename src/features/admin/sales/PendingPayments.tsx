import type { PendingPaymentRow } from '../../../../domain/apiContracts';
import { formatPrice } from '../../../../domain/money';
import { QueryState } from '../components/QueryState';
import { useGetPendingPaymentsQuery } from '../api/pendingPayments';

const kindLabels: Record<PendingPaymentRow['kind'], string> = {
  transfer: 'Transfer on its way',
  paypal: 'Pending at PayPal',
};

/** How long a payment has waited, in the largest whole unit ('12 min', '3 h', '2 days'). */
export function ageOf(since: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/**
 * Payments on their way (docs/admin.md, 'Money on its way'): bank transfers Paystack has not yet seen
 * and PayPal payments under review. Each leaves the list when it is fulfilled or expires.
 */
export function PendingPayments({ now = Date.now }: { now?: () => number }) {
  const pending = useGetPendingPaymentsQuery(undefined, { pollingInterval: 60_000 });
  if (pending.isLoading || pending.isError) {
    return (
      <QueryState
        query={pending}
        loading="Loading payments on their way..."
        failed="Payments on their way could not be loaded."
      />
    );
  }
  const rows = pending.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section
      aria-labelledby="pending-payments-heading"
      className="space-y-3 rounded-xl bg-sky-50 p-4 ring-1 ring-sky-200"
    >
      <h3 id="pending-payments-heading" className="text-lg font-semibold text-sky-950">
        Money on its way ({rows.length})
      </h3>
      <p className="text-sm text-sky-950">
        These buyers have paid by bank transfer or PayPal, and the money is not confirmed yet. Each is fulfilled
        automatically when it is; nothing to do.
      </p>
      <ul className="space-y-2">
        {rows.map((row) => (
          <li key={row.checkoutId} className="rounded-lg bg-white p-3 text-slate-900 ring-1 ring-sky-200">
            <p className="font-medium">
              {row.productName}: {formatPrice(row.amount, row.currency)}
            </p>
            <p className="text-sm text-slate-700">
              {row.customerName} ({row.customerEmail}) · {kindLabels[row.kind]} · waiting {ageOf(row.since, now())}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
