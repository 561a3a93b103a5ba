import type { OrderAnswer } from '../../../../domain/apiContracts';
import { paths } from '../../../../domain/routes';
import { messages } from '../checkoutMessages';
import { payButtonClass } from '../providers/payButtonClass';
import { secondaryButtonClass } from './secondaryButtonClass';

function CloseRow({ onClose }: { onClose: () => void }) {
  return (
    <div className="flex justify-end">
      <button type="button" onClick={onClose} className={secondaryButtonClass}>
        Close
      </button>
    </div>
  );
}

/** Paid, but not completed automatically: the money arrived and the seller will be in touch. */
export function PaymentReceived({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <div className="mt-5 space-y-4">
      <p role="status" className="rounded-lg bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">
        {message}
      </p>
      <CloseRow onClose={onClose} />
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
      <p className="text-center text-sm">
        <a href={paths.library} className="font-semibold text-brand-800 underline">
          Your library
        </a>
      </p>
      <CloseRow onClose={onClose} />
    </div>
  );
}
