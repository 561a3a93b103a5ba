// The events each provider's webhook must be subscribed to (docs/payments.md, 'Refunds and disputes'),
// for `npm run setup`, which subscribes them, and Store health, which checks the subscription.
import { paypalEventTypes, paystackEventTypes } from '../refunds/providerEvents';

/** The subscription events of memberships and instalment plans (docs/memberships.md, 'Paystack events'). */
export const paystackSubscriptionEventTypes: readonly string[] = [
  'subscription.create',
  'invoice.create',
  'invoice.update',
  'invoice.payment_failed',
  'subscription.not_renew',
  'subscription.disable',
  'subscription.expiring_cards',
];

/** Paystack sends every event to its one webhook URL; these are the ones the store acts on. */
export const paystackWebhookEvents: readonly string[] = [
  'charge.success',
  ...paystackEventTypes,
  ...paystackSubscriptionEventTypes,
];

/** The subscription events of USD memberships and instalment plans (docs/memberships.md, 'PayPal events'). */
export const paypalSubscriptionEventTypes: readonly string[] = [
  'BILLING.SUBSCRIPTION.ACTIVATED',
  'PAYMENT.SALE.COMPLETED',
  'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
  'BILLING.SUBSCRIPTION.CANCELLED',
  'BILLING.SUBSCRIPTION.SUSPENDED',
  'BILLING.SUBSCRIPTION.EXPIRED',
];

/** Refunds, reversals and disputes, the end of a capture PayPal held for review, and the plans' events. */
export const paypalWebhookEvents: readonly string[] = [
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.DENIED',
  ...paypalEventTypes,
  ...paypalSubscriptionEventTypes,
];
