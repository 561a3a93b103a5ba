import { useParams, useSearchParams } from 'react-router-dom';
import { pageHeads } from '../../../../domain/pageHeads';
import { usePageMeta } from '../../../components/usePageMeta';
import { messages } from '../checkoutMessages';
import { PaymentComplete } from './PaymentComplete';
import { useWaitRead } from './useWaitStatus';
import { WaitingForPayment, waitingTitle } from './WaitingForPayment';

/**
 * /checkout/{checkoutId}?t={token}: the page of a payment on its way, e-mailed to the buyer when it
 * started waiting (docs/payments.md, 'Payments that complete later'). It shows waiting, paid (with the
 * access link) or ended (with what to do), and cannot be read without its token.
 */
export function WaitingPage({ pollMs }: { pollMs?: number }) {
  usePageMeta(pageHeads.waiting);
  const { checkoutId = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('t') ?? '';
  const read = useWaitRead({ checkoutId, token, poll: false }, pollMs);
  const waiting = read.status?.state === 'waiting';
  // While it waits, the same query asks again every pollMs (a second subscriber sets the interval).
  useWaitRead({ checkoutId, token, skip: !waiting, poll: waiting }, pollMs);
  const status = read.invalid ? null : (read.status ?? null);
  const paid = status?.state === 'paid' && status.accessUrl ? status.accessUrl : null;
  const title = paid ? messages.paymentComplete : status ? waitingTitle(status) : 'Your payment';
  return (
    <section className="mx-auto max-w-2xl px-4 pb-16 pt-24" aria-labelledby="waiting-heading">
      <h1 id="waiting-heading" className="text-3xl font-bold text-slate-900">
        {title}
      </h1>
      <div className="mt-6">
        {read.loading ? (
          <p role="status" className="text-slate-700">
            Checking your payment...
          </p>
        ) : read.invalid ? (
          <p role="alert" className="text-red-700">
            {messages.waitLinkInvalid}
          </p>
        ) : !status ? (
          <p role="alert" className="text-red-700">
            {messages.connection}
          </p>
        ) : paid && status ? (
          <PaymentComplete completed={{ accessUrl: paid, email: status.email, emailSent: true }} />
        ) : (
          <WaitingForPayment status={status} checkFailed={read.failed} />
        )}
      </div>
    </section>
  );
}
