import { Modal } from '../../../components/Modal';
import { formatPrice } from '../../../lib/money';
import type { PaymentRequest } from '../paymentRequest';

/**
 * The payment dialog (SPEC §2 'Complete Payment'). Taking payment (Paystack for NGN, PayPal
 * otherwise) is a later issue; until then the dialog says so plainly rather than showing a form
 * that cannot complete.
 */
export function PaymentDialog({ request, onClose }: { request: PaymentRequest; onClose: () => void }) {
  return (
    <Modal title="Complete Payment" onClose={onClose}>
      <dl className="mt-4 space-y-2 rounded-xl bg-slate-50 p-4">
        <div>
          <dt className="text-sm text-slate-600">Product</dt>
          <dd className="font-semibold text-slate-900">{request.productName}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Amount</dt>
          <dd className="text-lg font-bold text-brand-700">{formatPrice(request.amount, request.currency)}</dd>
        </div>
      </dl>
      <p role="status" className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">
        Payment is not yet available. Please check back soon.
      </p>
      <div className="mt-6 flex justify-end">
        <button
          type="button"
          onClick={onClose}
          className="rounded-lg bg-slate-200 px-5 py-2 font-medium text-slate-900 hover:bg-slate-300 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          Cancel
        </button>
      </div>
    </Modal>
  );
}
