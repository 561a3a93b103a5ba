// The first payment of a PayPal subscription (docs/memberships.md, 'PayPal events'): the buyer
// subscribed from the payment dialog with the checkout's id as `custom_id`, PayPal took the first
// period, and the subscription is fulfilled once against that checkout, through the same path as a
// captured order, under `transactions/paypal_{subscriptionId}`.
import type { OrderAnswer } from '../../domain/apiContracts';
import { toMinor } from '../../domain/money';
import type { PaymentIssueFacts } from '../payments/paymentIssues';
import type { PaypalSubscription } from '../payments/paypalSubscriptionsClient';
import { CheckoutRefusedError } from '../checkouts/checkouts';
import { PaymentNotVerifiedError } from '../payments/providerErrors';
import { ReferenceConflictError } from './fulfilment';
import {
  checkClaims,
  fulfilCheckout,
  PaymentMethodUnavailableError,
  replayRecorded,
  type Buyer,
  type OrderServiceDeps,
} from './orderContext';
import { paypalPending } from './pendingOrders';

function issueOf(
  subscription: PaypalSubscription,
  reason: string,
  productId = '',
  productName = '',
): PaymentIssueFacts {
  const paid = subscription.lastPayment;
  return {
    provider: 'paypal',
    reference: subscription.id,
    amount: Number(paid?.value ?? 0) || 0,
    currency: paid?.currency ?? '',
    status: subscription.status,
    customer: { ...subscription.subscriber, phone: '' },
    metadata: '',
    checkoutId: subscription.customId || null,
    productId,
    productName,
    expectedAmount: null,
    expectedCurrency: null,
    reason,
    event: null,
  };
}

/**
 * Fulfils the subscription's first payment once, for the checkout it names and the buyer of that
 * checkout. A subscription that names no PayPal checkout of `productId`, or paid other than the
 * checkout's amount in USD, is kept under Needs attention (the seller e-mailed) instead.
 */
export async function fulfilPaypalSubscription(
  deps: OrderServiceDeps,
  subscription: PaypalSubscription,
  productId: string,
): Promise<OrderAnswer> {
  const done = await replayRecorded(deps, 'paypal', subscription.id);
  if (done) return done;
  const checkout = subscription.customId ? await deps.checkouts.byId(subscription.customId) : null;
  if (!checkout || checkout.provider !== 'paypal' || checkout.productId !== productId) {
    return deps.issues.record(
      issueOf(subscription, 'A PayPal subscription that names no checkout of this store for its plan.', productId),
    );
  }
  const paid = subscription.lastPayment;
  const paidMinor = paid ? Math.round(Number(paid.value) * 100) : 0;
  const facts = {
    ...issueOf(subscription, '', checkout.productId, checkout.productName),
    expectedAmount: checkout.amount,
    expectedCurrency: checkout.currency,
  };
  if (!paid || paid.currency !== 'USD' || !Number.isFinite(paidMinor) || paidMinor < toMinor(checkout.amount)) {
    return deps.issues.record({ ...facts, reason: 'The PayPal subscription did not pay the checkout’s amount.' });
  }
  try {
    return await fulfilCheckout(
      deps,
      checkout,
      {
        provider: 'paypal',
        reference: subscription.id,
        amountPaid: paidMinor / 100,
        paidAt: paid.time && !Number.isNaN(Date.parse(paid.time)) ? paid.time : deps.now().toISOString(),
      },
      facts,
    );
  } catch (error) {
    // PayPal has taken the money already: a checkout that cannot take it (expired past its grace,
    // another buyer's or product's reference) is the seller's to settle, never dropped nor retried forever.
    if (error instanceof CheckoutRefusedError || error instanceof ReferenceConflictError) {
      return deps.issues.record({
        ...facts,
        reason: `PayPal took the first payment, but the checkout could not take it: ${error.message}`,
      });
    }
    throw error;
  }
}

/**
 * The buttons' onApprove (POST /api/paypal/subscriptions/{id}/confirm): nothing the browser says is
 * believed. The subscription is read back from PayPal; it must name a PayPal checkout of this product and
 * buyer and be on one of the product's plans. Charged, it is fulfilled once as the webhook would
 * (the later BILLING.SUBSCRIPTION.ACTIVATED finds it recorded); not charged yet, the checkout waits for
 * PayPal's events on the waiting page (202).
 */
export async function confirmPaypalSubscription(
  deps: OrderServiceDeps,
  { subscriptionId, productId, customer }: { subscriptionId: string; productId: string; customer: Buyer },
): Promise<OrderAnswer> {
  const done = await deps.fulfilment.replay('paypal', subscriptionId, productId, customer.email);
  if (done) return done;
  const client = deps.paypalSubscriptions;
  const plans = deps.renewalPlans;
  if (!client || !plans?.productOfPaypalPlan) {
    throw new PaymentMethodUnavailableError('PayPal subscriptions are not available right now.', 503);
  }
  const subscription = await client.getSubscription(subscriptionId);
  if (!subscription) throw new PaymentNotVerifiedError('PayPal has no subscription with this id.');
  const checkout = subscription.customId ? await deps.checkouts.byId(subscription.customId) : null;
  if (!checkout || checkout.provider !== 'paypal') {
    throw new PaymentNotVerifiedError('This PayPal subscription was not made by this store.');
  }
  checkClaims(checkout, productId, customer);
  if ((await plans.productOfPaypalPlan(subscription.planId)) !== productId) {
    throw new PaymentNotVerifiedError('This PayPal subscription is not on this product’s plan.');
  }
  if (!subscription.lastPayment) return paypalPending(deps, checkout);
  return fulfilPaypalSubscription(deps, subscription, productId);
}
