import { secondaryButtonClass } from './secondaryButtonClass';

export function CloseRow({ onClose }: { onClose: () => void }) {
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
