import { useState, type Dispatch, type FormEvent, type ReactNode, type RefObject } from 'react';
import { formatPrice } from '../../../../domain/money';
import { periodWord, type ProductPricing } from '../../../../domain/productPricing';
import { messages } from '../checkoutMessages';
import { isRecording, retryOffer, type DialogAction, type DialogState, type Notice } from '../paymentDialogState';
import { toMinorUnits } from '../paymentDetails';
import type { PaymentMethod, Payments } from '../paymentMethod';
import type { PaymentRequest } from '../paymentRequest';
import { payButtonClass } from '../providers/payButtonClass';
import type { PayButtonProps } from '../providers/payButtonProps';
import { CustomerFields } from './CustomerFields';
import { DiscountCodeField } from './DiscountCodeField';
import { PayArea, RetryRecording } from './PayArea';
import { RenewalChoice, type RenewBy } from './RenewalChoice';
import { secondaryButtonClass } from './secondaryButtonClass';
import type { DialogSteps } from './usePaymentDialog';

/** The buyer's details, the discount code, what the checkout said, and the way to pay. */
export function PaymentForm({
  request,
  method,
  payments,
  state,
  dispatch,
  steps,
  formRef,
  onCancel,
  currencyChoice,
}: {
  request: PaymentRequest;
  method: PaymentMethod;
  payments: Payments;
  state: DialogState;
  dispatch: Dispatch<DialogAction>;
  steps: DialogSteps;
  formRef: RefObject<HTMLFormElement | null>;
  onCancel: () => void;
  /** Both prices and the switch to pay in the other currency, shown above the pay button. */
  currencyChoice?: ReactNode;
}) {
  const busy = isRecording(state);
  const retry = retryOffer(state);
  const { applied, checking } = state.code;
  const [renewBy, setRenewBy] = useState<RenewBy>('card');
  // Paystack renews a plan by card only; an NGN plan may be paid each period by transfer instead.
  const plan = request.pricing && request.pricing.kind !== 'once' ? request.pricing : null;
  const choosesRenewal = plan !== null && method === 'paystack' && request.currency === 'NGN';
  // In USD PayPal renews a plan through its subscription, which charges the plan's own amount: a
  // discounted first payment is a single order instead, and such a plan does not renew by itself.
  const paypalPlan = plan !== null && method === 'paypal';

  const payProps: PayButtonProps = {
    request: { ...request, amount: state.amount },
    readCustomer: steps.readCustomer,
    prepareCheckout: (customer) => steps.prepareCheckout(customer, choosesRenewal ? renewBy : undefined),
    // Not while a code is being applied: the checkout would be made without it, at the old price.
    busy: busy || checking,
    fulfil: steps.fulfil,
    transferPending: steps.transferPending,
  };

  return (
    <form
      ref={formRef}
      noValidate
      aria-busy={busy}
      onSubmit={(event: FormEvent<HTMLFormElement>) => event.preventDefault()}
      className="mt-5 space-y-4"
    >
      <CustomerFields
        values={state.customer}
        errors={state.fieldErrors}
        readOnly={busy || retry !== null}
        onChange={(field, value) => dispatch({ type: 'fieldChanged', field, value })}
      />

      <DiscountCodeField
        value={state.code.input}
        error={state.code.error}
        applied={applied}
        currency={request.currency}
        disabled={busy || checking || retry !== null}
        onChange={(value) => dispatch({ type: 'codeTyped', value })}
        onApply={() => void steps.applyCode(state.code.input)}
        onRemove={() => dispatch({ type: 'codeRemoved' })}
      />

      {state.notice && <CheckoutNotice notice={state.notice} />}

      {state.phase.kind === 'editing' && currencyChoice}

      {choosesRenewal && plan && (
        <RenewalChoice pricing={plan} renewBy={renewBy} disabled={busy || retry !== null} onChange={setRenewBy} />
      )}

      {paypalPlan && plan && applied && (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200">
          {paypalDiscountWords(plan)}
        </p>
      )}

      <div className="pt-2">
        {retry ? (
          <RetryRecording busy={busy} onRetry={() => void steps.fulfil(retry.record, retry.provider)} />
        ) : state.notice?.kind === 'productGone' ? null : applied && toMinorUnits(state.amount) === 0 ? (
          <button
            type="submit"
            onClick={() => void steps.payWithoutProvider('free')}
            disabled={busy || checking}
            className={payButtonClass}
          >
            {messages.getItFree}
          </button>
        ) : (
          <PayArea
            method={method}
            payments={payments}
            payProps={payProps}
            onDemo={() => void steps.payWithoutProvider('demo')}
            onDemoTransfer={() => void steps.payByDemoTransfer()}
            paypalSubscription={paypalPlan && !applied}
          />
        )}
      </div>

      <div className="flex justify-end">
        <button type="button" onClick={onCancel} disabled={busy} className={secondaryButtonClass}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** What a discount code means for a plan paid through PayPal, in one line. */
function paypalDiscountWords(plan: Exclude<ProductPricing, { kind: 'once' }>): string {
  return plan.kind === 'membership'
    ? `With this code PayPal takes this first payment only: your membership lasts one ${periodWord(plan.interval)} and does not renew by itself.`
    : 'With this code PayPal takes this first instalment only: the others are not charged by themselves.';
}

/** A new price to confirm, or a product no longer for sale. */
function CheckoutNotice({ notice }: { notice: NonNullable<Notice> }) {
  return (
    <div role="alert" className="rounded-lg bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">
      <p className="font-medium">
        {notice.kind === 'priceChanged'
          ? messages.priceChanged(formatPrice(notice.amount, notice.currency))
          : notice.text}
      </p>
      {notice.kind === 'priceChanged' && <p className="mt-1 text-sm">{messages.confirmNewPrice}</p>}
    </div>
  );
}
