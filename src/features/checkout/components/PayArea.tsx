import { lazy, Suspense, useId } from 'react';
import { formatPrice } from '../../../../domain/money';
import { messages } from '../checkoutMessages';
import type { PaymentMethod, Payments } from '../paymentMethod';
import { payButtonClass } from '../providers/payButtonClass';
import { secondaryButtonClass } from './secondaryButtonClass';
import type { PayButtonProps } from '../providers/payButtonProps';

// Each provider's library is its own chunk: an NGN buyer never downloads PayPal's, nor a USD buyer
// Paystack's (docs/performance.md).
const PaystackPayButton = lazy(() =>
  import('../providers/PaystackPayButton').then((module) => ({ default: module.PaystackPayButton })),
);
const PayPalPayButtons = lazy(() =>
  import('../providers/PayPalPayButtons').then((module) => ({ default: module.PayPalPayButtons })),
);

/** The way to pay in this currency: the provider's button, the demo payment, or why there is none. */
export function PayArea({
  method,
  payments,
  payProps,
  onDemo,
  onDemoTransfer,
  paypalSubscription = false,
}: {
  method: PaymentMethod;
  payments: Payments;
  payProps: PayButtonProps;
  onDemo: () => void;
  /** A demo transfer that waits for the local demo bank (docs/payments.md, 'Demo payments'); NGN only. */
  onDemoTransfer: () => void;
  /** A plan's first payment in USD without a discount: PayPal's subscription buttons. */
  paypalSubscription?: boolean;
}) {
  const noticeId = useId();
  if (method === 'none') {
    return (
      <p role="status" className="rounded-lg bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">
        {messages.unavailable}
      </p>
    );
  }
  if (method === 'demo') {
    return (
      <div className="space-y-3">
        <p id={noticeId} className="rounded-lg bg-amber-50 p-3 font-medium text-amber-900 ring-1 ring-amber-200">
          {messages.demoNotice}
        </p>
        <button
          type="submit"
          onClick={onDemo}
          disabled={payProps.busy}
          aria-describedby={noticeId}
          className={payButtonClass}
        >
          Complete demo payment of {formatPrice(payProps.request.amount, payProps.request.currency)}
        </button>
        {/* Paystack takes bank transfers in naira only, so the demo offers one only in NGN. */}
        {payProps.request.currency === 'NGN' && (
          <button
            type="submit"
            onClick={onDemoTransfer}
            disabled={payProps.busy}
            aria-describedby={noticeId}
            className={secondaryButtonClass}
          >
            {messages.demoTransfer}
          </button>
        )}
      </div>
    );
  }
  return (
    <Suspense
      fallback={
        <p role="status" className="py-3 text-center text-slate-600">
          Loading payment options...
        </p>
      }
    >
      {method === 'paystack' ? (
        <PaystackPayButton {...payProps} publicKey={payments.paystackPublicKey} />
      ) : (
        <PayPalPayButtons {...payProps} clientId={payments.paypalClientId} subscribe={paypalSubscription} />
      )}
    </Suspense>
  );
}

/** After a provider said the payment went through but recording it failed: record it again, never pay twice. */
export function RetryRecording({ busy, onRetry }: { busy: boolean; onRetry: () => void }) {
  return (
    <div className="space-y-3">
      <p role="status" className="rounded-lg bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">
        If your payment went through, do not pay again: try recording your purchase once more. It is only ever recorded
        once.
      </p>
      <button type="button" onClick={onRetry} disabled={busy} className={payButtonClass}>
        Try again
      </button>
    </div>
  );
}
