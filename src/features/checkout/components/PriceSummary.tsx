import { formatPrice } from '../../../../domain/money';
import type { Applied } from '../paymentDialogState';
import type { PaymentRequest } from '../paymentRequest';

/** The product and the amount to pay; with a code, the list price struck through beside it. */
export function PriceSummary({
  productName,
  currency,
  amount,
  applied,
}: {
  productName: string;
  currency: PaymentRequest['currency'];
  amount: number;
  applied: Applied | null;
}) {
  return (
    <dl className="mt-4 space-y-2 rounded-xl bg-slate-50 p-4">
      <div>
        <dt className="text-sm text-slate-600">Product</dt>
        <dd className="font-semibold text-slate-900">{productName}</dd>
      </div>
      <div>
        <dt className="text-sm text-slate-600">Amount</dt>
        <dd className="text-lg font-bold text-brand-700">
          {applied && applied.discount > 0 && (
            <>
              <del className="mr-2 font-normal text-slate-500">
                <span className="sr-only">List price </span>
                {formatPrice(applied.listPrice, currency)}
              </del>
              <span className="sr-only">now </span>
            </>
          )}
          {formatPrice(amount, currency)}
        </dd>
      </div>
    </dl>
  );
}
