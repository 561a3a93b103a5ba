import { useEffect, useRef, useState } from 'react';
import { Modal } from '../../../components/Modal';
import { getConfig } from '../../../lib/config';
import { messages } from '../checkoutMessages';
import { isRecording, type DialogState } from '../paymentDialogState';
import { paymentMethod, type Payments } from '../paymentMethod';
import type { Currency } from '../../../../domain/money';
import type { CustomerDraft, PaymentRequest } from '../paymentRequest';
import { CurrencyChoice } from './CurrencyChoice';
import { PaymentComplete } from './PaymentComplete';
import { PaymentForm } from './PaymentForm';
import { CloseRow, PaymentReceived } from './PaymentResult';
import { PriceSummary } from './PriceSummary';
import { usePaymentDialog } from './usePaymentDialog';
import { useWaitStatus } from './useWaitStatus';
import { WaitingForPayment, waitingTitle } from './WaitingForPayment';

export { paymentMethod };

/** The dialog's title: 'Complete Payment' while paying, then what the buyer waits for, then 'Payment complete'. */
function titleOf({ phase }: DialogState): string {
  if (phase.kind === 'done') return messages.paymentComplete;
  if (phase.kind === 'waiting') return waitingTitle(phase.wait.status);
  return 'Complete Payment';
}

/** The payment dialog, 'Complete Payment' (docs/storefront.md, docs/payments.md). */
export function PaymentDialog({
  request,
  onClose,
  payments = getConfig().payments,
  waitPollMs,
  onSwitchCurrency,
}: {
  request: PaymentRequest;
  onClose: () => void;
  /** Pays in the other currency: the page changes the store's currency and opens the dialog in it. */
  onSwitchCurrency?: (currency: Currency, customer: CustomerDraft) => void;
  payments?: Payments;
  /** How often the waiting state asks the API (useWaitStatus's default unless given). */
  waitPollMs?: number;
}) {
  const method = paymentMethod(request.currency, payments);
  const { state, dispatch, formRef, steps } = usePaymentDialog(request, method);
  const { phase } = state;
  const [checkFailed, setCheckFailed] = useState(false);
  const wait = phase.kind === 'waiting' ? phase.wait : null;
  useWaitStatus(
    { checkoutId: wait?.checkoutId ?? '', token: wait?.token ?? '', waiting: wait?.status.state === 'waiting' },
    (status) => {
      setCheckFailed(status === null);
      if (status && status !== 'invalid') dispatch({ type: 'waitUpdated', status });
    },
    waitPollMs,
  );

  // The form (and the button that had the focus) is gone once the payment waits or is complete: the
  // focus moves to what replaced it, so keyboard and screen reader users land on the new screen.
  const outcomeRef = useRef<HTMLDivElement>(null);
  const outcome = phase.kind === 'done' || phase.kind === 'waiting' ? phase.kind : null;
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const close = () => {
    if (!isRecording(state)) onClose();
  };

  return (
    <Modal title={titleOf(state)} onClose={close}>
      <PriceSummary
        productName={request.productName}
        currency={request.currency}
        amount={state.amount}
        applied={state.code.applied}
      />

      {phase.kind === 'done' ? (
        <div ref={outcomeRef} tabIndex={-1} className="mt-5 space-y-4 focus:outline-none">
          <PaymentComplete completed={phase.completed} />
          <CloseRow onClose={onClose} />
        </div>
      ) : phase.kind === 'waiting' ? (
        <div ref={outcomeRef} tabIndex={-1} className="mt-5 space-y-4 focus:outline-none">
          <WaitingForPayment status={phase.wait.status} checkFailed={checkFailed} />
          <CloseRow onClose={onClose} />
        </div>
      ) : phase.kind === 'issueRecorded' ? (
        <PaymentReceived message={phase.message} onClose={onClose} />
      ) : (
        <PaymentForm
          request={request}
          method={method}
          payments={payments}
          state={state}
          dispatch={dispatch}
          steps={steps}
          formRef={formRef}
          onCancel={close}
          currencyChoice={
            request.prices && onSwitchCurrency ? (
              <CurrencyChoice
                currency={request.currency}
                prices={request.prices}
                onSwitch={(currency) => onSwitchCurrency(currency, state.customer)}
              />
            ) : null
          }
        />
      )}
    </Modal>
  );
}
