// The payment dialog's state as one reducer (docs/payments.md, docs/storefront.md). The dialog moves
// through phases (editing → creating the checkout → recording the payment → done, retry or an issue
// recorded); the buyer's details, the applied discount code and the notice above the buttons are data
// beside the phase. Payment providers call back from closures of older renders: they change this state
// only through the reducer's dispatch, which never goes stale.
import type {
  CheckoutAnswer,
  OrderAnswer,
  PendingPaymentAnswer,
  PriceQuoteAnswer,
  WaitStatusAnswer,
} from '../../../domain/apiContracts';
import type { CustomerField } from '../../../domain/fieldRules';
import type { Currency } from '../../../domain/money';
import type { Customer } from './api/orderApi';
import { messages } from './checkoutMessages';
import type { PaymentRequest } from './paymentRequest';
import type { CheckoutProvider } from '../../../domain/apiContracts';

/** Records a payment the provider reported as made; called again, it records the same payment. */
export type RecordOrder = () => Promise<OrderAnswer>;

/** A payment that went through but whose recording failed: what 'Try again' records once more. */
export interface PendingRecord {
  record: RecordOrder;
  provider: CheckoutProvider;
}

export type Phase =
  /** The form, open for typing and paying. */
  | { kind: 'editing' }
  /** Pay pressed: the API is making the checkout. The form stays as it is; another Pay meanwhile is ignored. */
  | { kind: 'creatingCheckout' }
  /**
   * A payment is being recorded: nothing may start another, nor close the dialog. `retrying` is the
   * payment of the retry step, when that is what is being recorded again.
   */
  | { kind: 'recording'; retrying: PendingRecord | null }
  /** Paid, but the recording failed in a way that may pass: record it again, never pay twice. */
  | ({ kind: 'retry' } & PendingRecord)
  /** Paid, the money not yet confirmed (a transfer, a PayPal review): the waiting state, polling. */
  | { kind: 'waiting'; wait: Waiting }
  | { kind: 'done'; completed: Completed }
  /** Paid, but the order could not be completed automatically: the seller will contact the buyer. */
  | { kind: 'issueRecorded'; message: string };

/** A payment on its way: the waiting page's checkout, token and latest status. */
export interface Waiting {
  checkoutId: string;
  token: string;
  status: WaitStatusAnswer;
}

/** What the success screen shows: the access link, and the address it was (or will be) e-mailed to. */
export interface Completed {
  accessUrl: string;
  email: string;
  emailSent: boolean;
}

/** What the dialog says above the buttons after a checkout: a new price to confirm, or no product. */
export type Notice =
  { kind: 'priceChanged'; amount: number; currency: Currency } | { kind: 'productGone'; text: string } | null;

/** The price a code gave: the list price struck through beside it. */
export type Applied = Pick<PriceQuoteAnswer, 'code' | 'listPrice' | 'discount' | 'amount'>;

export interface CodeState {
  /** What is typed in 'Discount code'. */
  input: string;
  /** Why the code cannot be used, said under the field. */
  error: string | null;
  applied: Applied | null;
  /** The API is quoting the price with the code: no checkout may start at the old price meanwhile. */
  checking: boolean;
}

export type FieldErrors = Partial<Record<CustomerField, string>>;

export interface DialogState {
  phase: Phase;
  customer: Customer;
  fieldErrors: FieldErrors;
  /** The page's price, shown again when a code is removed or stops working. */
  pageAmount: number;
  /** The amount the dialog shows: the page's price until a code or a checkout says otherwise. */
  amount: number;
  notice: Notice;
  code: CodeState;
  /**
   * The reminder's checkout, resumed by the first checkout only. Later presses get a new checkout (and
   * reference): a provider may refuse a reference whose payment was already started.
   */
  resumeCheckoutId: string | undefined;
}

export type DialogAction =
  | { type: 'fieldChanged'; field: CustomerField; value: string }
  | { type: 'fieldsChecked'; errors: FieldErrors }
  | { type: 'codeTyped'; value: string }
  | { type: 'codeMissing' }
  | { type: 'codeChecking' }
  | { type: 'codeApplied'; quote: Applied }
  | { type: 'codeRefused'; reason: string }
  | { type: 'codeRemoved' }
  | { type: 'checkoutStarted' }
  | { type: 'checkoutOpened' }
  | { type: 'priceChanged'; checkout: Pick<CheckoutAnswer, 'amount' | 'listPrice' | 'discount' | 'currency'> }
  | { type: 'productGone'; text: string }
  /** The code stopped working since Apply (used up meanwhile, expired). */
  | { type: 'checkoutCodeRefused'; reason: string }
  /** Refused or unreachable: said in an alert, the form kept as it is. */
  | { type: 'checkoutFailed' }
  /** A free checkout that was not free after all: the price to pay is shown instead. */
  | { type: 'amountCorrected'; amount: number }
  | { type: 'recordingStarted' }
  | { type: 'recorded'; result: OrderAnswer }
  | { type: 'waiting'; answer: PendingPaymentAnswer }
  /** The waiting state's poll: paid becomes the success screen; expired or declined is shown as such. */
  | { type: 'waitUpdated'; status: WaitStatusAnswer }
  | { type: 'issueRecorded'; message: string }
  /** `retry`: what to record again when the payment may have gone through; null back to the form. */
  | { type: 'recordingFailed'; retry: PendingRecord | null };

export function initialDialogState(
  request: Pick<PaymentRequest, 'amount' | 'code' | 'checkoutId' | 'customer'>,
): DialogState {
  return {
    phase: { kind: 'editing' },
    customer: request.customer ? { ...request.customer } : { name: '', email: '', confirmEmail: '', phone: '' },
    fieldErrors: {},
    pageAmount: request.amount,
    amount: request.amount,
    notice: null,
    code: { input: request.code ?? '', error: null, applied: null, checking: false },
    resumeCheckoutId: request.checkoutId,
  };
}

/** A payment is being recorded: the dialog is busy. */
export function isRecording(state: DialogState): boolean {
  return state.phase.kind === 'recording';
}

/** The payment the retry step offers to record again (also while it is being recorded), if any. */
export function retryOffer(state: DialogState): PendingRecord | null {
  if (state.phase.kind === 'retry') return { record: state.phase.record, provider: state.phase.provider };
  if (state.phase.kind === 'recording') return state.phase.retrying;
  return null;
}

/** A checkout's answer (or failure) ends the checkout step; other steps are left as they are. */
function checkoutEnded(state: DialogState): Phase {
  return state.phase.kind === 'creatingCheckout' ? { kind: 'editing' } : state.phase;
}

/** The code no longer applies: the page's price again, with the reason at the field. */
function withoutCode(state: DialogState, error: string | null): DialogState {
  return { ...state, amount: state.pageAmount, code: { ...state.code, applied: null, error } };
}

export function dialogReducer(state: DialogState, action: DialogAction): DialogState {
  switch (action.type) {
    case 'fieldChanged':
      return {
        ...state,
        customer: { ...state.customer, [action.field]: action.value },
        fieldErrors: { ...state.fieldErrors, [action.field]: undefined },
      };
    case 'fieldsChecked':
      return { ...state, fieldErrors: action.errors };
    case 'codeTyped':
      return { ...state, code: { ...state.code, input: action.value, error: null } };
    case 'codeMissing':
      return { ...state, code: { ...state.code, error: messages.codeRequired } };
    case 'codeChecking':
      return { ...state, notice: null, code: { ...state.code, error: null, checking: true } };
    case 'codeApplied': {
      const { code, listPrice, discount, amount } = action.quote;
      return {
        ...state,
        amount,
        code: { ...state.code, applied: { code, listPrice, discount, amount }, checking: false },
      };
    }
    case 'codeRefused': {
      const refused = withoutCode(state, action.reason);
      return { ...refused, code: { ...refused.code, checking: false } };
    }
    case 'codeRemoved':
      return {
        ...withoutCode(state, null),
        notice: null,
        code: { ...state.code, input: '', error: null, applied: null },
      };
    case 'checkoutStarted':
      return state.phase.kind === 'editing' ? { ...state, phase: { kind: 'creatingCheckout' } } : state;
    case 'checkoutOpened':
      return { ...state, phase: checkoutEnded(state), notice: null, resumeCheckoutId: undefined };
    case 'priceChanged': {
      const { amount, listPrice, discount, currency } = action.checkout;
      const applied = state.code.applied && { ...state.code.applied, listPrice, discount, amount };
      return {
        ...state,
        phase: checkoutEnded(state),
        amount,
        notice: { kind: 'priceChanged', amount, currency },
        code: { ...state.code, applied },
        resumeCheckoutId: undefined,
      };
    }
    case 'productGone':
      return { ...state, phase: checkoutEnded(state), notice: { kind: 'productGone', text: action.text } };
    case 'checkoutCodeRefused':
      return { ...withoutCode(state, action.reason), phase: checkoutEnded(state) };
    case 'checkoutFailed':
      return { ...state, phase: checkoutEnded(state) };
    case 'amountCorrected':
      return { ...state, amount: action.amount };
    case 'recordingStarted':
      return { ...state, phase: { kind: 'recording', retrying: retryOffer(state) } };
    case 'recorded':
      return {
        ...state,
        phase: {
          kind: 'done',
          completed: {
            accessUrl: action.result.accessUrl,
            email: state.customer.email.trim(),
            emailSent: action.result.emailSent,
          },
        },
      };
    case 'waiting': {
      const { checkoutId, waitToken, status } = action.answer;
      return { ...state, phase: waitingPhase({ checkoutId, token: waitToken, status }) };
    }
    case 'waitUpdated':
      if (state.phase.kind !== 'waiting') return state;
      return { ...state, phase: waitingPhase({ ...state.phase.wait, status: action.status }) };
    case 'issueRecorded':
      return { ...state, phase: { kind: 'issueRecorded', message: action.message } };
    case 'recordingFailed':
      return { ...state, phase: action.retry ? { kind: 'retry', ...action.retry } : { kind: 'editing' } };
  }
}

/** Waiting, or the success screen once the status says paid (the webhook, or the buyer's own retry). */
function waitingPhase(wait: Waiting): Phase {
  const { status } = wait;
  if (status.state === 'paid' && status.accessUrl) {
    return { kind: 'done', completed: { accessUrl: status.accessUrl, email: status.email, emailSent: true } };
  }
  return { kind: 'waiting', wait };
}
