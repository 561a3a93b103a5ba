import type { OrderAnswer } from '../../../../domain/apiContracts';
import { messages } from '../checkoutMessages';
import { payButtonClass } from '../providers/payButtonClass';
import { secondaryButtonClass } from './secondaryButtonClass';

/** Paid, but not completed automatically: the money arrived and the seller will be in touch. */
export function PaymentReceived({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <div className="mt-5 space-y-4">
      <p role="status" className="rounded-lg bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">
        {message}
      </p>
      <div className="flex justify-end">
        <button type="button" onClick={onClose} className={secondaryButtonClass}>
          Close
        </button>
      </div>
    </div>
  );
}

export function PurchaseComplete({ result, onClose }: { result: OrderAnswer; onClose: () => void }) {
  return (
    <div className="mt-5 space-y-4">
      <p
        role="status"
        className={
          result.emailSent
            ? 'rounded-lg bg-brand-50 p-3 text-brand-900 ring-1 ring-brand-100'
            : 'rounded-lg bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200'
        }
      >
        {result.emailSent ? messages.purchaseSuccessful : messages.emailFailed}
      </p>
      <a
        href={result.accessUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={`block text-center ${payButtonClass}`}
      >
        Open your product
      </a>
      <div className="flex justify-end">
        <button type="button" onClick={onClose} className={secondaryButtonClass}>
          Close
        </button>
      </div>
    </div>
  );
}
