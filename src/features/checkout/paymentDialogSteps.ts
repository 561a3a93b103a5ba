// What the payment dialog does when the buyer acts or a provider calls back: the calls to our API and
// the alerts (docs/payments.md, docs/storefront.md), each step reporting to the dialog's reducer. A step
// reads the dialog through `getState`, never through values captured at render: the providers hold on
// to callbacks made by older renders.
import type { CheckoutAnswer } from '../../../domain/apiContracts';
import { discountRefusals, normalizeCode } from '../../../domain/discounts';
import {
  customerFields,
  emailsMatch,
  fieldError,
  validateFields,
  type CustomerField,
} from '../../../domain/fieldRules';
import { closeAlert, showError, showLoading, showMessage } from '../../lib/alerts';
import { refusalStatuses, toAppError, type ErrorWords } from '../../lib/errors';
import {
  createCheckout,
  PaymentPendingError,
  PaymentReceivedError,
  placeOrder,
  quotePrice,
  reportPendingTransfer,
  type Customer,
} from './api/orderApi';
import { beforePaymentWords, messages, orderFailure } from './checkoutMessages';
import type { DialogAction, DialogState, RecordOrder } from './paymentDialogState';
import { toMinorUnits } from './paymentDetails';
import type { PaymentMethod } from './paymentMethod';
import type { PaymentRequest } from './paymentRequest';
import type { CheckoutProvider } from '../../../domain/apiContracts';

export interface DialogContext {
  request: PaymentRequest;
  method: PaymentMethod;
  dispatch: (action: DialogAction) => void;
  /** The dialog's latest state. */
  getState: () => DialogState;
  /** Moves the focus to a field of the form. */
  focusField: (field: CustomerField) => void;
}

export const fieldOrder: CustomerField[] = ['name', 'email', 'confirmEmail', 'phone'];

/** The API's refusals of a code ('This code has expired.'), shown under the code field, not as an alert. */
const codeRefusals: ReadonlySet<string> = new Set(Object.values(discountRefusals));

/** Checks the form; the buyer when it may be used, otherwise null after showing why. */
export function readCustomer({ dispatch, getState, focusField }: DialogContext): Customer | null {
  const current = getState().customer;
  const errors = validateFields(customerFields, current);
  dispatch({ type: 'fieldsChecked', errors });
  const firstInvalid = fieldOrder.find((field) => errors[field]);
  if (firstInvalid) {
    focusField(firstInvalid);
    return null;
  }
  // Checked before any payment starts (docs/storefront.md, 'Forms and their checks').
  if (!emailsMatch(current.email, current.confirmEmail)) {
    void showError(messages.emailsDoNotMatch);
    return null;
  }
  return {
    name: current.name.trim(),
    email: current.email.trim(),
    confirmEmail: current.confirmEmail.trim(),
    phone: current.phone.trim(),
  };
}

/** A code the API refused is said in its words; anything else (a failed connection, a 5xx) in the dialog's. */
const codeCheckWords: ErrorWords = {
  spoken: refusalStatuses,
  network: messages.codeCheckFailed,
  fallback: messages.codeCheckFailed,
};

/** Apply pressed (or the link's `?code=` as the dialog opens): the price with the code, or why not. */
export async function applyCode({ request, dispatch, getState }: DialogContext, raw: string): Promise<void> {
  const code = normalizeCode(raw);
  if (!code) {
    dispatch({ type: 'codeMissing' });
    return;
  }
  dispatch({ type: 'codeChecking' });
  try {
    const email = getState().customer.email.trim();
    const quote = await quotePrice({
      productId: request.productId,
      currency: request.currency,
      code,
      // Typed and well formed: a once-per-e-mail code is then checked against it already.
      ...(email && fieldError(customerFields.email, email) === null ? { email } : {}),
    });
    dispatch({ type: 'codeApplied', quote });
  } catch (error) {
    dispatch({
      type: 'codeRefused',
      reason: toAppError(error, codeCheckWords).message || messages.codeCheckFailed,
    });
  }
}

/** Records a payment the provider reported as made, and shows the outcome. */
export async function fulfil(
  { dispatch }: DialogContext,
  record: RecordOrder,
  provider: CheckoutProvider,
): Promise<void> {
  dispatch({ type: 'recordingStarted' });
  // Blocking: a click outside must not hide that the payment is being recorded (docs/storefront.md).
  void showLoading(messages.processing);
  try {
    const result = await record();
    await closeAlert();
    // The dialog itself becomes the success screen ('Payment complete'): no alert on top of it.
    dispatch({ type: 'recorded', result });
  } catch (error) {
    await closeAlert();
    if (error instanceof PaymentPendingError) {
      // PayPal holds the money for review: the buyer waits, and the API e-mailed the waiting page.
      dispatch({ type: 'waiting', answer: error.answer });
      return;
    }
    if (error instanceof PaymentReceivedError) {
      dispatch({ type: 'issueRecorded', message: error.message });
      void showMessage('info', messages.paymentReceived, error.message);
      return;
    }
    const failure = orderFailure(error, provider);
    // Nothing typed is lost: the form stays as it was (docs/storefront.md).
    dispatch({ type: 'recordingFailed', retry: failure.retry ? { record, provider } : null });
    void showError(failure.title, failure.text);
  }
}

/**
 * Pay pressed: asks the API for a checkout (the price the server sets). Resolves with it when the buyer
 * may pay it now; with null after showing why not.
 */
export async function prepareCheckout(
  context: DialogContext,
  customer: Customer,
  renewBy?: 'card' | 'transfer',
): Promise<CheckoutAnswer | null> {
  const { request, method, dispatch, getState } = context;
  const before = getState();
  if (before.phase.kind === 'creatingCheckout') return null;
  dispatch({ type: 'checkoutStarted' });
  const code = before.code.applied?.code;
  const resumeCheckoutId = before.resumeCheckoutId;
  let checkout: CheckoutAnswer;
  try {
    checkout = await createCheckout({
      productId: request.productId,
      currency: request.currency,
      customer,
      ...(method === 'demo' ? { provider: 'demo' as const } : {}),
      ...(code ? { code } : {}),
      ...(resumeCheckoutId ? { checkoutId: resumeCheckoutId } : {}),
      ...(renewBy ? { renewBy } : {}),
    });
  } catch (error) {
    checkoutFailed(dispatch, error);
    return null;
  }
  // The page may be stale (cached, or open since before the seller changed the price): the buyer sees
  // the server's price and confirms it by pressing Pay again before paying it.
  if (toMinorUnits(checkout.amount) !== toMinorUnits(getState().amount)) {
    dispatch({ type: 'priceChanged', checkout });
    return null;
  }
  dispatch({ type: 'checkoutOpened' });
  return checkout;
}

/**
 * The checkout's words: a deleted product (404) reads the API's sentence, or the dialog's own; a refusal
 * shows as it is, any other failure as 'Payment failed: {reason}'.
 */
const checkoutWords: ErrorWords = {
  ...beforePaymentWords(messages.paymentFailed),
  codes: { 404: 'product-gone' },
  byStatus: { 404: messages.productGone },
};

function checkoutFailed(dispatch: DialogContext['dispatch'], error: unknown) {
  const failure = toAppError(error, checkoutWords);
  if (failure.code === 'product-gone') {
    dispatch({ type: 'productGone', text: failure.message });
  } else if (codeRefusals.has(failure.message)) {
    // The code stopped working since Apply (used up meanwhile, expired): said at the code field, and
    // the full price shown again.
    dispatch({ type: 'checkoutCodeRefused', reason: failure.message });
  } else {
    dispatch({ type: 'checkoutFailed' });
    // A refusal is a sentence for the buyer ('Emails do not match!', too many attempts).
    void showError(failure.message);
  }
}

/**
 * The buyer sent a transfer the provider has not yet seen (react-paystack's
 * onBankTransferConfirmationPending, or the demo transfer): the API marks the checkout pending and
 * e-mails the waiting page; the dialog shows the waiting state, which polls until it is paid.
 */
export async function transferPending(
  { request, dispatch }: DialogContext,
  checkout: Pick<CheckoutAnswer, 'checkoutId' | 'reference'>,
  customer: Customer,
): Promise<void> {
  try {
    const answer = await reportPendingTransfer(checkout.checkoutId, {
      reference: checkout.reference,
      productId: request.productId,
      customer,
    });
    dispatch({ type: 'waiting', answer });
  } catch {
    // The money is on its way whatever this call did: Paystack's webhook (or the sweep) fulfils it.
    void showMessage('info', messages.transferOnItsWay, messages.transferOnItsWayText);
  }
}

/** 'Pay by transfer (demo)': a demo checkout whose transfer the local demo bank confirms a little later. */
export async function payByDemoTransfer(context: DialogContext): Promise<void> {
  if (context.getState().phase.kind === 'recording') return;
  const customer = readCustomer(context);
  if (!customer) return;
  const checkout = await prepareCheckout(context, customer);
  if (!checkout) return;
  await transferPending(context, checkout, customer);
}

/**
 * The demo payment, or 'Get it free' when a code left nothing to pay: a checkout, then the order,
 * without any provider.
 */
export async function payWithoutProvider(context: DialogContext, provider: 'demo' | 'free'): Promise<void> {
  const { request, dispatch, getState } = context;
  if (getState().phase.kind === 'recording') return;
  const customer = readCustomer(context);
  if (!customer) return;
  const checkout = await prepareCheckout(context, customer);
  if (!checkout) return;
  if (provider === 'free' && checkout.provider !== 'free') {
    // Should not happen (the amount matched): the buyer is shown the price to pay instead.
    dispatch({ type: 'amountCorrected', amount: checkout.amount });
    return;
  }
  void fulfil(
    context,
    () =>
      placeOrder({
        provider,
        reference: checkout.reference,
        productId: request.productId,
        currency: request.currency,
        customer,
      }),
    provider,
  );
}
