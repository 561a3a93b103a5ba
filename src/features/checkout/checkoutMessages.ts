// What the shopper reads at each step of a purchase (docs/storefront.md, 'Messages'), and the words a failed
// call to our API is said in (the mapping itself is lib/errors.ts's). Raw status codes never reach the screen.
import { refusalStatuses, toAppError, type ErrorWords } from '../../lib/errors';

export const messages = {
  emailsDoNotMatch: 'Emails do not match!',
  paymentCancelled: 'Payment cancelled.',
  paymentFailed: (reason: string) => `Payment failed: ${reason}`,
  paymentSuccessful: 'Payment successful',
  processing: 'Processing payment...',
  purchaseSuccessful:
    'Purchase successful! Details and access to the product have been sent to your email. Thanks for your patronage.',
  emailFailed: 'Transaction saved, but failed to send email notifications.',
  saveFailed: 'Failed to save transaction or send emails.',
  payPalFailed: (reason: string) => `PayPal payment failed: ${reason}`,
  payPalError: (reason: string) => `PayPal error: ${reason}`,
  unknownError: 'An unknown error occurred.',
  payPalCancelled: 'PayPal payment cancelled.',
  payPalPlanUnavailable: 'PayPal cannot start this plan right now. Please try again in a few minutes.',
  payPalScriptFailed: 'Failed to load the PayPal JS SDK script.',
  demoNotice: 'Demo payment: no money is taken',
  unavailable: 'Payment in this currency is not available right now. Please try again later.',
  connection: 'The store could not be reached. Check your connection and try again.',
  priceChanged: (price: string) => `The price of this product has changed to ${price}.`,
  confirmNewPrice: 'Press Pay again to pay the new price.',
  productGone: 'This product is no longer available.',
  paymentReceived: 'Payment received',
  codeRequired: 'Please enter a code.',
  codeCheckFailed: 'The code could not be checked. Check your connection and try again.',
  codeApplied: (code: string, discount: string) => `Code ${code} applied: ${discount} off.`,
  getItFree: 'Get it free',
  paymentComplete: 'Payment complete',
  sentTo: (email: string) => `Your access link was sent to ${email}.`,
  willSendTo: (email: string) => `We'll keep trying to e-mail your access link to ${email}; it is also right here.`,
  openProduct: 'Open your product',
  waitingTransferTitle: "We're waiting for your transfer",
  waitingTransfer: (amount: string, product: string) => `Your transfer of ${amount} for ${product} is on its way.`,
  waitingTransferNext: (email: string) =>
    `We'll e-mail the product to ${email} as soon as Paystack confirms the money (usually within minutes). This page updates itself: you can keep it open or close it.`,
  paypalReviewTitle: 'PayPal is reviewing this payment',
  paypalReview: "PayPal is reviewing this payment; we'll e-mail your product as soon as it clears.",
  paypalReviewFacts: (amount: string, product: string, email: string) => `${amount} for ${product}, to ${email}.`,
  waitExpiredTitle: 'This payment was not confirmed',
  waitExpired:
    'We did not receive the money in time, so no order was made. If money left your account, write to us through the Contact page with your e-mail address and we will sort it out. You can also buy the product again.',
  waitDeclinedTitle: 'PayPal declined this payment',
  waitDeclined:
    'PayPal declined this payment, so no money was taken and no order was made. You are welcome to buy again with another payment method.',
  waitCheckFailed: 'Could not check the payment just now. We will try again in a moment.',
  waitLinkInvalid: 'This payment link is not valid.',
  transferOnItsWay: 'Your transfer is on its way',
  transferOnItsWayText:
    "We'll e-mail your product as soon as Paystack confirms the money (usually within minutes). Please do not pay again.",
  demoTransfer: 'Pay by transfer (demo)',
} as const;

export interface Failure {
  title: string;
  text?: string;
  /**
   * The payment may already have gone through, so the shopper is offered to record it again
   * (same reference or order: the API fulfils once) instead of paying a second time.
   */
  retry: boolean;
}

/**
 * The words of a call made before any money moved (the checkout, PayPal's order): the API's refusal
 * (4xx) is a sentence for the buyer and shows as it is ('Emails do not match!', too many attempts);
 * any other failure is said in `failed` around its reason: the API's sentence for a 5xx, the
 * connection when no answer came ('Failed to fetch' means nothing to a buyer), else 'An unknown error
 * occurred.'.
 */
export function beforePaymentWords(failed: (reason: string) => string): ErrorWords {
  return { spoken: refusalStatuses, unanswered: messages.connection, failed, fallback: messages.unknownError };
}

/**
 * The order call's words: the API's sentence for any status ('' without one), the connection when no
 * answer came, and 'refused' as the code of a refusal (4xx), which is final, unlike a failure.
 */
const orderWords: ErrorWords = { spoken: 'all', refused: 'refused', unanswered: messages.connection, fallback: '' };

/**
 * A failed order call after the provider said the payment went through. The API's `{message}` is
 * written for shoppers (400 validation, 402 not verified, 409 reference reused, 502 provider
 * unreachable), so it is shown as the explanation; a network failure or a 5xx may be retried.
 */
export function orderFailure(error: unknown, provider: 'paystack' | 'paypal' | 'demo' | 'free'): Failure {
  const { code, message } = toAppError(error, orderWords);
  const refused = code === 'refused';
  // A free order the API refused (already had free, code used with this e-mail, used up) is decided
  // when it is completed (docs/payments.md, '100% off'): nothing was paid or failed to be recorded,
  // so its sentence is the whole message.
  if (refused && provider === 'free' && message) return { title: message, retry: false };
  if (refused && provider === 'paypal') {
    return { title: messages.payPalFailed(message || messages.unknownError), retry: false };
  }
  const text = message && message !== messages.saveFailed ? message : undefined;
  return { title: messages.saveFailed, text, retry: !refused };
}

/**
 * The readable part of an error thrown by a payment library, if it has one: its own message, or, for
 * an answer of our API that reached it, the API's sentence.
 */
export function reasonOf(error: unknown): string | undefined {
  return toAppError(error, { spoken: 'all', unanswered: ownMessage(error) ?? '', fallback: '' }).message || undefined;
}

function ownMessage(error: unknown): string | undefined {
  if (error instanceof Error) return error.message || undefined;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    return error.message || undefined;
  }
  return undefined;
}
