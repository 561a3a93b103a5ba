// The checkout feature's public surface for pages with a buy button. The dialog is a separate chunk
// loaded on the first Buy click, and each payment library a further chunk it loads for the currency
// being paid (docs/performance.md): nobody downloads payment code before pressing Buy Now.
import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { Currency } from '../../../domain/money';
import type { CustomerDraft, PaymentRequest } from './paymentRequest';

export type { CustomerDraft, PaymentRequest };

const PaymentDialog = lazy(() =>
  import('./components/PaymentDialog').then((module) => ({ default: module.PaymentDialog })),
);

function LoadingPayment() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60">
      <p role="status" className="rounded-xl bg-white px-6 py-4 font-medium text-slate-900 shadow-xl">
        Loading payment...
      </p>
    </div>
  );
}

// On a flaky connection the chunk may fail to download; say so instead of blanking the page.
class ChunkErrorBoundary extends Component<{ onClose: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 p-4">
        <div role="alert" className="max-w-sm rounded-xl bg-white p-6 text-center shadow-xl">
          <p className="text-slate-900">The payment window could not be loaded. Check your connection and try again.</p>
          <button
            type="button"
            onClick={this.props.onClose}
            className="mt-4 rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            Close
          </button>
        </div>
      </div>
    );
  }
}

export function LazyPaymentDialog({
  request,
  onClose,
  onSwitchCurrency,
}: {
  request: PaymentRequest;
  onClose: () => void;
  onSwitchCurrency?: (currency: Currency, customer: CustomerDraft) => void;
}) {
  return (
    <ChunkErrorBoundary onClose={onClose}>
      <Suspense fallback={<LoadingPayment />}>
        <PaymentDialog request={request} onClose={onClose} onSwitchCurrency={onSwitchCurrency} />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
