// The purchase flows (docs/payments.md): a checkout sets the price before any money moves; a payment is
// verified with the provider against its checkout, never against the product as it is now (unless it
// was made after the checkout's hour: checkouts/latePayments.ts), then fulfilled once. A payment the
// provider confirms but that cannot be fulfilled is recorded for the seller (paymentIssues), never
// dropped. The price never comes from the browser.
import type {
  CheckoutAnswer,
  OrderAnswer,
  PendingPaymentAnswer,
  PendingPaymentRow,
  PriceQuoteAnswer,
  WaitStatusAnswer,
} from '../../domain/apiContracts';
import type { Checkout } from '../checkouts/checkouts';
import type { PaystackTransaction } from '../payments/paystackClient';
import { createCheckout, quote } from './checkoutCreation';
import { confirmDemoTransfer, payFree, payWithDemo } from './freeAndDemoPayments';
import type { Buyer, CheckoutRequest, OrderServiceDeps, PaymentClaim } from './orderContext';
import { capturePaypalOrder, completePaypalCapture, createPaypalOrder, denyPaypalCapture } from './paypalPayment';
import { confirmPaypalSubscription, fulfilPaypalSubscription } from './paypalSubscriptionPayment';
import type { PaypalSubscription } from '../payments/paypalSubscriptionsClient';
import { fulfilPaystackCharge, fulfilPaystackCheckout, payWithPaystack } from './paystackPayment';
import {
  checkPaystackCheckout,
  endPendingPayment,
  markTransferPending,
  pendingPayments,
  reportPending,
  waitStatus,
  type PaystackCheck,
} from './pendingOrders';
import type { Currency } from '../../domain/money';

// Where these moved when the service was split into checkout creation, one module per way of paying and
// the issue builders; callers keep importing them from here.
export { ProductNotFoundError } from '../checkouts/checkouts';
export { freeReference, legacyFreeReference } from './freeAndDemoPayments';
export {
  anotherBuyerMessage,
  checkoutExpired,
  freeAlreadyHad,
  PaymentMethodUnavailableError,
  type Buyer,
  type CheckoutRequest,
  type OrderServiceDeps,
  type PaymentClaim,
} from './orderContext';
export { buyerFromMetadata } from './paymentIssueFacts';
export { PaymentPendingError, type PaystackCheck, type WaitingDeps } from './pendingOrders';

export interface OrderService {
  createCheckout(input: CheckoutRequest): Promise<CheckoutAnswer>;
  /** What a code would make of the price now (the dialog's Apply); reserves nothing. */
  quote(input: {
    productId: string;
    currency: Currency;
    code: string;
    email?: string | undefined;
  }): Promise<PriceQuoteAnswer>;
  /** Completes a checkout a discount code made free, through the same fulfilment (paymentMethod 'Free'). */
  payFree(input: PaymentClaim): Promise<OrderAnswer>;
  payWithPaystack(input: PaymentClaim): Promise<OrderAnswer>;
  payWithDemo(input: {
    reference: string;
    productId: string;
    currency: Currency;
    customer: Buyer;
  }): Promise<OrderAnswer>;
  createPaypalOrder(input: { checkoutId: string }): Promise<{ id: string }>;
  capturePaypalOrder(input: { orderId: string; productId: string; customer: Buyer }): Promise<OrderAnswer>;
  /** The webhook's charge.success: the same verification against the checkout, its buyer of record. */
  fulfilPaystackCharge(event: PaystackTransaction): Promise<OrderAnswer | null>;
  /** The buyer's browser reports a transfer Paystack has not yet seen: the checkout waits (202 answer). */
  reportPending(input: {
    checkoutId: string;
    reference: string;
    productId: string;
    customer: Buyer;
    /**
     * The hashed device id of the browser that reported it (docs/files.md, 'New devices'): the first
     * report binds the checkout to it, and that browser is trusted for the purchase once it is paid.
     */
    startedBy?: string | null;
  }): Promise<PendingPaymentAnswer>;
  /** The waiting page's status; null when the token is not the checkout's. */
  waitStatus(checkoutId: string, token: string): Promise<WaitStatusAnswer | null>;
  /** PayPal's PAYMENT.CAPTURE.COMPLETED: fulfilled once; null while PayPal still holds the capture. */
  completePaypalCapture(orderId: string): Promise<OrderAnswer | null>;
  /** A PayPal subscription's first payment: fulfilled once against the checkout it names. */
  fulfilPaypalSubscription(subscription: PaypalSubscription, productId: string): Promise<OrderAnswer>;
  /** The PayPal buttons approved a subscription: read back from PayPal, fulfilled once or waited for. */
  confirmPaypalSubscription(input: {
    subscriptionId: string;
    productId: string;
    customer: Buyer;
  }): Promise<OrderAnswer>;
  /** PayPal's PAYMENT.CAPTURE.DENIED: the pending checkout ends and its buyer is told, once. */
  denyPaypalCapture(orderId: string): Promise<boolean>;
  /** The local demo bank's confirmation of a demo transfer (DEMO_PAYMENTS only). */
  confirmDemoTransfer(reference: string): Promise<OrderAnswer>;
  /** Checkouts whose payment is on its way, for the Sales panel. */
  pendingPayments(): Promise<PendingPaymentRow[]>;
  /** The sweep asks Paystack about an open or pending checkout and fulfils it when it was paid. */
  checkPaystackCheckout(checkout: Checkout): Promise<PaystackCheck>;
  /** Ends a pending payment waited for long enough (the expiry sweep). */
  endPending(checkoutId: string): Promise<boolean>;
  /** An open checkout whose transfer Paystack reports under way: it waits instead of expiring. */
  markTransferPending(checkout: Checkout): Promise<void>;
}

export function createOrderService(deps: OrderServiceDeps): OrderService {
  return {
    createCheckout: (input) => createCheckout(deps, input),
    // The same answer for a buyer and a stranger: what an address had free is decided at fulfilment.
    quote: (input) => quote(deps, input),
    payFree: (input) => payFree(deps, input),
    payWithPaystack: (input) => payWithPaystack(deps, input),
    payWithDemo: (input) => payWithDemo(deps, input),
    createPaypalOrder: (input) => createPaypalOrder(deps, input),
    capturePaypalOrder: (input) => capturePaypalOrder(deps, input),
    fulfilPaystackCharge: (event) => fulfilPaystackCharge(deps, event),
    reportPending: (input) => reportPending(deps, input),
    waitStatus: (checkoutId, token) => waitStatus(deps, checkoutId, token),
    completePaypalCapture: (orderId) => completePaypalCapture(deps, orderId),
    denyPaypalCapture: (orderId) => denyPaypalCapture(deps, orderId),
    fulfilPaypalSubscription: (subscription, productId) => fulfilPaypalSubscription(deps, subscription, productId),
    confirmPaypalSubscription: (input) => confirmPaypalSubscription(deps, input),
    confirmDemoTransfer: (reference) => confirmDemoTransfer(deps, reference),
    pendingPayments: () => pendingPayments(deps),
    checkPaystackCheckout: (checkout) =>
      checkPaystackCheckout(deps, checkout, (current) => fulfilPaystackCheckout(deps, current)),
    endPending: (checkoutId) => endPendingPayment(deps, checkoutId, 'expired'),
    markTransferPending: (checkout) => markTransferPending(deps, checkout),
  };
}
