// The checkout's calls to the store's own API (docs/payments.md). The price never travels from the browser:
// Pay first asks the API for a checkout, which reads the price from the database and fixes it with a
// reference; the API then verifies the payment with the provider against that checkout before it
// records anything, so these bodies only name the product, the payment and the buyer.
import type {
  CheckoutAnswer,
  CheckoutProvider,
  OrderAnswer,
  PaymentReceivedAnswer,
  PendingPaymentAnswer,
  PriceQuoteAnswer,
  WaitStatusAnswer,
} from '../../../../domain/apiContracts';
import type { Currency } from '../../../../domain/money';
import { currentAffiliateRef } from '../../../lib/affiliateRef';
import { postJson, requestJson } from '../../../lib/http';

/** The buyer as the payment form collects it (docs/storefront.md, 'Forms and their checks'). */
export interface Customer {
  name: string;
  email: string;
  confirmEmail: string;
  phone: string;
}

export interface OrderRequest {
  /** 'free': a checkout a discount code made free, completed without a provider. */
  provider: 'paystack' | 'demo' | 'free';
  reference: string;
  productId: string;
  currency: Currency;
  customer: Customer;
}

export interface CheckoutRequest {
  productId: string;
  currency: Currency;
  customer: Customer;
  /** Named only for the demo payment; otherwise the currency decides (Paystack NGN, PayPal USD). */
  provider?: Exclude<CheckoutProvider, 'free'>;
  /** A discount code the buyer applied. */
  code?: string;
  /** A checkout to resume (the reminder's link, or this dialog's last one): the API uses it if it still fits. */
  checkoutId?: string;
  /** A membership or instalment plan in NGN: renewed by card (Paystack's plan) or by transfer. */
  renewBy?: 'card' | 'transfer';
}

export interface QuoteRequest {
  productId: string;
  currency: Currency;
  code: string;
  /** The buyer's address when typed, for codes that are once per e-mail. */
  email?: string;
}

/**
 * The provider confirmed the payment, but the API could not complete the order automatically (it
 * answered 202): the money arrived, and the seller will contact the buyer. Not a failure to retry.
 */
export class PaymentReceivedError extends Error {
  override name = 'PaymentReceivedError';
}

function isPaymentReceived(answer: unknown): answer is PaymentReceivedAnswer {
  return typeof answer === 'object' && answer !== null && 'paymentIssue' in answer && answer.paymentIssue === true;
}

/**
 * The payment is under way but not yet confirmed (a transfer Paystack has not yet seen, a PayPal
 * review; the API answered 202): the buyer waits on its page, which the API also e-mailed.
 */
export class PaymentPendingError extends Error {
  override name = 'PaymentPendingError';
  constructor(readonly answer: PendingPaymentAnswer) {
    super('The payment is pending.');
  }
}

function isPending(answer: unknown): answer is PendingPaymentAnswer {
  return typeof answer === 'object' && answer !== null && 'pending' in answer && answer.pending === true;
}

type AnyOrderAnswer = OrderAnswer | PaymentReceivedAnswer | PendingPaymentAnswer;

async function orderAnswer(call: Promise<AnyOrderAnswer>): Promise<OrderAnswer> {
  const answer = await call;
  if (isPaymentReceived(answer)) throw new PaymentReceivedError(answer.message);
  if (isPending(answer)) throw new PaymentPendingError(answer);
  return answer;
}

/**
 * Paystack's popup said the buyer sent a transfer it has not yet seen: the checkout waits, and the API
 * e-mails the buyer the waiting page (docs/payments.md, 'Payments that complete later').
 */
export function reportPendingTransfer(
  checkoutId: string,
  body: { reference: string; productId: string; customer: Customer },
): Promise<PendingPaymentAnswer> {
  return postJson<PendingPaymentAnswer>(`/api/checkouts/${encodeURIComponent(checkoutId)}/pending`, body);
}

/** The waiting page's status: one cheap read on the API, rate limited. */
export function fetchWaitStatus(checkoutId: string, token: string): Promise<WaitStatusAnswer> {
  return requestJson<WaitStatusAnswer>(
    'GET',
    `/api/checkouts/${encodeURIComponent(checkoutId)}/status?t=${encodeURIComponent(token)}`,
  );
}

/** Pay pressed: the server sets the price and the reference the payment must carry. */
export function createCheckout(request: CheckoutRequest): Promise<CheckoutAnswer> {
  // The affiliate link this browser followed within its window (docs/affiliates.md); the API decides.
  const ref = currentAffiliateRef();
  return postJson<CheckoutAnswer>('/api/checkouts', ref ? { ...request, ref } : request);
}

/** Apply pressed: the price the code gives now (nothing is reserved until the checkout). */
export function quotePrice(request: QuoteRequest): Promise<PriceQuoteAnswer> {
  return postJson<PriceQuoteAnswer>('/api/checkouts/quote', request);
}

export function placeOrder(order: OrderRequest): Promise<OrderAnswer> {
  return orderAnswer(postJson<AnyOrderAnswer>('/api/orders', order));
}

/** Creates the PayPal order at the checkout's amount; resolves with PayPal's order id. */
export async function createPayPalOrder(checkoutId: string): Promise<string> {
  const { id } = await postJson<{ id: string }>('/api/paypal/orders', { checkoutId });
  return id;
}

/**
 * The PayPal buttons approved a subscription (a USD membership or instalment plan): the API reads it
 * back from PayPal and fulfils it once, or the buyer waits while PayPal has not yet charged it.
 */
export function confirmPayPalSubscription(
  subscriptionId: string,
  productId: string,
  customer: Customer,
): Promise<OrderAnswer> {
  return orderAnswer(
    postJson<AnyOrderAnswer>(`/api/paypal/subscriptions/${encodeURIComponent(subscriptionId)}/confirm`, {
      productId,
      customer,
    }),
  );
}

export function capturePayPalOrder(orderId: string, productId: string, customer: Customer): Promise<OrderAnswer> {
  return orderAnswer(
    postJson<AnyOrderAnswer>(`/api/paypal/orders/${encodeURIComponent(orderId)}/capture`, {
      productId,
      customer,
    }),
  );
}
