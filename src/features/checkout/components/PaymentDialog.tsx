import { Modal } from '../../../components/Modal';
import { getConfig } from '../../../lib/config';
import { isRecording } from '../paymentDialogState';
import { paymentMethod, type Payments } from '../paymentMethod';
import type { PaymentRequest } from '../paymentRequest';
import { PaymentForm } from './PaymentForm';
import { PaymentReceived, PurchaseComplete } from './PaymentResult';
import { PriceSummary } from './PriceSummary';
import { usePaymentDialog } from './usePaymentDialog';

export { paymentMethod };

/** The payment dialog, 'Complete Payment' (docs/storefront.md, docs/payments.md). */
export function PaymentDialog({
  request,
  onClose,
  payments = getConfig().payments,
}: {
  request: PaymentRequest;
  onClose: () => void;
  payments?: Payments;
}) {
  const method = paymentMethod(request.currency, payments);
  const { state, dispatch, formRef, steps } = usePaymentDialog(request, method);
  const { phase } = state;

  const close = () => {
    if (!isRecording(state)) onClose();
  };

  return (
    <Modal title="Complete Payment" onClose={close}>
      <PriceSummary
        productName={request.productName}
        currency={request.currency}
        amount={state.amount}
        applied={state.code.applied}
      />

      {phase.kind === 'done' ? (
        <PurchaseComplete result={phase.result} onClose={onClose} />
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
        />
      )}
    </Modal>
  );
}
