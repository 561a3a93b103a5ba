// PayPal payments (docs/payments.md): one PayPal order per checkout, and only an order the API created
// for a checkout is ever captured, verified against that checkout and fulfilled once.
import type { OrderAnswer } from '../../domain/apiContracts';
import { CheckoutRefusedError } from '../checkouts/checkouts';
import { paidInTime } from '../checkouts/latePayments';
import { PaymentMismatchError, PaymentNotVerifiedError } from '../payments/providerErrors';
import {
  checkClaims,
  checkoutExpired,
  fulfilCheckout,
  paidAtIso,
  replayRecorded,
  requirePaypal,
  type Buyer,
  type OrderServiceDeps,
} from './orderContext';
import { minorToDecimal, toMinor } from '../../domain/money';
import { paypalIssue } from './paymentIssueFacts';
import { checkPaypalCapture, checkPaypalOrderTerms } from './verification';
import type { Checkout } from '../checkouts/checkouts';
import type { PaypalOrder } from '../payments/paypalClient';
import { endPendingPayment, PaymentPendingError, paypalPending } from './pendingOrders';

export async function createPaypalOrder(
  deps: OrderServiceDeps,
  { checkoutId }: { checkoutId: string },
): Promise<{ id: string }> {
  const { checkouts } = deps;
  const client = requirePaypal(deps);
  const checkout = await checkouts.byId(checkoutId);
  if (!checkout || checkout.provider !== 'paypal') {
    throw new CheckoutRefusedError('This checkout is not valid. Please close the payment window and try again.', 410);
  }
  // One checkout, one PayPal order: reopening PayPal's window pays the same order.
  if (checkout.paypalOrderId) return { id: checkout.paypalOrderId };
  if (checkout.status !== 'open' || checkouts.isExpired(checkout)) {
    throw new CheckoutRefusedError(checkoutExpired, 410);
  }
  const { id } = await client.createOrder({
    productId: checkout.productId,
    description: checkout.productName,
    value: minorToDecimal(toMinor(checkout.amount)),
  });
  return { id: await checkouts.recordPaypalOrder(checkout.id, id) };
}

export async function capturePaypalOrder(
  deps: OrderServiceDeps,
  { orderId, productId, customer }: { orderId: string; productId: string; customer: Buyer },
): Promise<OrderAnswer> {
  const { checkouts, config, fulfilment, now } = deps;
  const done = await fulfilment.replay('paypal', orderId, productId, customer.email);
  if (done) return done;
  const client = requirePaypal(deps);
  // Only an order the API created for a checkout is ever captured: refused before PayPal is asked.
  const checkout = await checkouts.byPaypalOrder(orderId);
  if (!checkout || checkout.provider !== 'paypal') {
    throw new PaymentNotVerifiedError('This PayPal order was not created by this store.');
  }
  checkClaims(checkout, productId, customer);
  const expected = {
    productId: checkout.productId,
    priceInCents: toMinor(checkout.amount),
    merchantId: config.PAYPAL_MERCHANT_ID ?? '',
  };
  let order = await client.getOrder(orderId);
  if (!order) throw new PaymentNotVerifiedError('PayPal has no order with this id.');
  checkPaypalOrderTerms(order, expected);
  // An approved order is money not yet taken: after the checkout's hour (and grace) it is not
  // captured at all, rather than captured and then found to pay a price no longer offered.
  if (order.status === 'APPROVED' && !paidInTime(checkout.expiresAt, now())) {
    throw new CheckoutRefusedError(checkoutExpired, 410);
  }
  if (order.status === 'APPROVED') order = await client.captureOrder(orderId);
  else if (order.status !== 'COMPLETED') {
    throw new PaymentNotVerifiedError('The PayPal payment has not been approved.');
  }
  return settlePaypalOrder(deps, checkout, orderId, order);
}

/**
 * A captured order against its checkout: PENDING waits (pendingOrders.ts), COMPLETED is fulfilled
 * once, anything else is refused; captured money that does not match is a payment issue.
 */
async function settlePaypalOrder(
  deps: OrderServiceDeps,
  checkout: Checkout,
  orderId: string,
  order: PaypalOrder,
): Promise<OrderAnswer> {
  const expected = { productId: checkout.productId, priceInCents: toMinor(checkout.amount) };
  // PayPal holds the money for review (an eCheck, a risk check): the buyer waits, the webhook completes it.
  if (order.capture?.status === 'PENDING') return paypalPending(deps, checkout);
  let paid;
  try {
    paid = checkPaypalCapture(order, expected);
  } catch (error) {
    if (error instanceof PaymentMismatchError) return deps.issues.record(paypalIssue(order, checkout, error.message));
    throw error;
  }
  return fulfilCheckout(
    deps,
    checkout,
    {
      provider: 'paypal',
      reference: orderId,
      amountPaid: paid.amountPaid,
      // PayPal's own time of the capture (made inside the hour even when it cleared later); without one, now.
      paidAt: paidAtIso(deps, order.capture?.createTime || null),
      ...(order.capture?.id ? { captureId: order.capture.id } : {}),
    },
    paypalIssue(order, checkout, ''),
  );
}

/** The checkout of a PayPal order our API created, and the order as PayPal has it now. */
async function recordedOrder(deps: OrderServiceDeps, orderId: string) {
  const checkout = await deps.checkouts.byPaypalOrder(orderId);
  if (!checkout || checkout.provider !== 'paypal') {
    throw new PaymentNotVerifiedError('This PayPal order was not created by this store.');
  }
  const order = await requirePaypal(deps).getOrder(orderId);
  if (!order) throw new PaymentNotVerifiedError('PayPal has no order with this id.');
  checkPaypalOrderTerms(order, {
    productId: checkout.productId,
    priceInCents: toMinor(checkout.amount),
    merchantId: deps.config.PAYPAL_MERCHANT_ID ?? '',
  });
  return { checkout, order };
}

/**
 * PAYMENT.CAPTURE.COMPLETED: the order is read again from PayPal (one rule with the buyer's capture)
 * and fulfilled once, for the checkout's buyer of record; null while PayPal still holds it.
 */
export async function completePaypalCapture(deps: OrderServiceDeps, orderId: string): Promise<OrderAnswer | null> {
  const done = await replayRecorded(deps, 'paypal', orderId);
  if (done) return done;
  const { checkout, order } = await recordedOrder(deps, orderId);
  if (order.capture?.status === 'PENDING') return null;
  try {
    return await settlePaypalOrder(deps, checkout, orderId, order);
  } catch (error) {
    if (error instanceof PaymentPendingError) return null;
    throw error;
  }
}

/** PAYMENT.CAPTURE.DENIED: the pending checkout ends and its buyer is told, once; a completed one stays. */
export async function denyPaypalCapture(deps: OrderServiceDeps, orderId: string): Promise<boolean> {
  const { checkout, order } = await recordedOrder(deps, orderId);
  // PayPal's word on the capture decides, not the event alone: only a capture PayPal reports declined
  // (or failed) ends the checkout; a completed, pending or missing one changes nothing.
  const status = order.capture?.status;
  if (status !== 'DECLINED' && status !== 'FAILED') return false;
  return endPendingPayment(deps, checkout.id, 'declined');
}
