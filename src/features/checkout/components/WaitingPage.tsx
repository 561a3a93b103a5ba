import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { WaitStatusAnswer } from '../../../../domain/apiContracts';
import { pageHeads } from '../../../../domain/pageHeads';
import { usePageMeta } from '../../../components/usePageMeta';
import { fetchWaitStatus } from '../api/orderApi';
import { messages } from '../checkoutMessages';
import { PaymentComplete } from './PaymentComplete';
import { useWaitStatus, waitUnknown } from './useWaitStatus';
import { WaitingForPayment, waitingTitle } from './WaitingForPayment';

type PageState =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'unreachable' }
  | { kind: 'status'; status: WaitStatusAnswer; checkFailed: boolean };

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
  const [state, setState] = useState<PageState>({ kind: 'loading' });

  useEffect(() => {
    let stopped = false;
    fetchWaitStatus(checkoutId, token).then(
      (status) => !stopped && setState({ kind: 'status', status, checkFailed: false }),
      (error: unknown) => !stopped && setState({ kind: waitUnknown(error) ? 'invalid' : 'unreachable' }),
    );
    return () => {
      stopped = true;
    };
  }, [checkoutId, token]);

  useWaitStatus(
    { checkoutId, token, waiting: state.kind === 'status' && state.status.state === 'waiting' },
    (status) =>
      setState((current) => {
        if (status === 'invalid') return { kind: 'invalid' };
        if (current.kind !== 'status') return current;
        return status ? { kind: 'status', status, checkFailed: false } : { ...current, checkFailed: true };
      }),
    pollMs,
  );

  const status = state.kind === 'status' ? state.status : null;
  const paid = status?.state === 'paid' && status.accessUrl ? status.accessUrl : null;
  const title = paid ? messages.paymentComplete : status ? waitingTitle(status) : 'Your payment';
  return (
    <section className="mx-auto max-w-2xl px-4 pb-16 pt-24" aria-labelledby="waiting-heading">
      <h1 id="waiting-heading" className="text-3xl font-bold text-slate-900">
        {title}
      </h1>
      <div className="mt-6">
        {state.kind === 'loading' ? (
          <p role="status" className="text-slate-700">
            Checking your payment...
          </p>
        ) : state.kind === 'invalid' ? (
          <p role="alert" className="text-red-700">
            {messages.waitLinkInvalid}
          </p>
        ) : state.kind === 'unreachable' ? (
          <p role="alert" className="text-red-700">
            {messages.connection}
          </p>
        ) : paid && status ? (
          <PaymentComplete completed={{ accessUrl: paid, email: status.email, emailSent: true }} />
        ) : (
          status && <WaitingForPayment status={status} checkFailed={state.checkFailed} />
        )}
      </div>
    </section>
  );
}
