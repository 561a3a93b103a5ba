import type { WaitStatusAnswer } from '../../../../domain/apiContracts';
import { formatPrice } from '../../../../domain/money';
import { messages } from '../checkoutMessages';

/** The waiting state's title: what the buyer waits for, or how it ended. */
export function waitingTitle(status: WaitStatusAnswer): string {
  if (status.state === 'expired') return messages.waitExpiredTitle;
  if (status.state === 'declined') return messages.waitDeclinedTitle;
  return status.kind === 'paypal' ? messages.paypalReviewTitle : messages.waitingTransferTitle;
}

/**
 * A payment on its way (docs/payments.md, 'Payments that complete later'): the amount, the product and
 * the address the product will be e-mailed to, announced politely; or, once it ended without a sale,
 * what to do. The success screen replaces it when the payment is fulfilled.
 */
export function WaitingForPayment({ status, checkFailed }: { status: WaitStatusAnswer; checkFailed: boolean }) {
  const amount = formatPrice(status.amount, status.currency);
  if (status.state === 'expired' || status.state === 'declined') {
    return (
      <p role="status" className="rounded-lg bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">
        {status.state === 'expired' ? messages.waitExpired : messages.waitDeclined}
      </p>
    );
  }
  return (
    <div role="status" aria-live="polite" className="space-y-3">
      <div className="space-y-2 rounded-lg bg-sky-50 p-3 text-sky-950 ring-1 ring-sky-200">
        {status.kind === 'paypal' ? (
          <>
            <p className="font-medium">{messages.paypalReview}</p>
            <p>{messages.paypalReviewFacts(amount, status.productName, status.email)}</p>
          </>
        ) : (
          <>
            <p className="font-medium">{messages.waitingTransfer(amount, status.productName)}</p>
            <p>{messages.waitingTransferNext(status.email)}</p>
          </>
        )}
      </div>
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <span aria-hidden="true" className="inline-block h-3 w-3 animate-pulse rounded-full bg-sky-500" />
        {checkFailed ? messages.waitCheckFailed : 'Waiting for confirmation...'}
      </p>
    </div>
  );
}
