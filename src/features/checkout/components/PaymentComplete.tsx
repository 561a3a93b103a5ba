import type { ReactNode } from 'react';
import { paths } from '../../../../domain/routes';
import { messages } from '../checkoutMessages';
import type { Completed } from '../paymentDialogState';
import { payButtonClass } from '../providers/payButtonClass';

/**
 * The one success screen (docs/storefront.md, 'Messages'): after an immediate payment or after waiting
 * for one, in the dialog titled 'Payment complete' and on the waiting page. It names the address the
 * access went to and carries the access link, then a link to the buyer's library (docs/library.md). `children` are further
 * links placed after the access link.
 */
export function PaymentComplete({ completed, children }: { completed: Completed; children?: ReactNode }) {
  return (
    <div className="space-y-4">
      <div
        role="status"
        className={
          completed.emailSent
            ? 'space-y-2 rounded-lg bg-brand-50 p-3 text-brand-900 ring-1 ring-brand-100'
            : 'space-y-2 rounded-lg bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200'
        }
      >
        <p className="font-semibold">{messages.paymentSuccessful}</p>
        <p>{completed.emailSent ? messages.purchaseSuccessful : messages.emailFailed}</p>
        <p>{completed.emailSent ? messages.sentTo(completed.email) : messages.willSendTo(completed.email)}</p>
      </div>
      <a
        href={completed.accessUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={`block text-center ${payButtonClass}`}
      >
        {messages.openProduct}
      </a>
      {children}
      <p className="text-center text-sm">
        <a href={paths.library} className="font-semibold text-brand-800 underline">
          Your library
        </a>
      </p>
    </div>
  );
}
