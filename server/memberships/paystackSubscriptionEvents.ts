// Paystack's subscription events as the store reads them (docs/memberships.md, 'Paystack events'): the
// webhook's signed body reduced to what moves a plan. A charge.success belongs here only when it is a
// subscription's charge (it names a plan and a reference no checkout of the store issued); the first
// payment of a plan, made through a checkout, stays with the orders' path. So does one of the renewal
// checkouts a buyer pays by transfer ('rn-' references, transferRenewals.ts).
import { checkoutIdOf } from '../checkouts/checkouts';
import { isRecord } from '../payments/providerErrors';
import { readPaystackTransaction, type PaystackTransaction } from '../payments/paystackClient';
import { isTransferRenewalReference } from './transferRenewals';

export type PaystackSubscriptionEvent =
  | { type: 'subscriptionCreated'; subscriptionCode: string; emailToken: string; planCode: string; email: string }
  /** The payment of a renewal-by-transfer checkout (charge.success under an 'rn-' reference). */
  | { type: 'transferRenewal'; charge: PaystackTransaction }
  /** A subscription's renewal charge (charge.success); matched by its plan and the buyer's address. */
  | { type: 'renewalCharge'; planCode: string; charge: PaystackTransaction }
  /** An invoice paid (invoice.create or invoice.update): the renewal, under its charge's reference. */
  | { type: 'invoicePaid'; subscriptionCode: string; reference: string; email: string }
  | { type: 'invoiceFailed'; subscriptionCode: string }
  /** An invoice not charged yet (invoice.create three days before): nothing to change. */
  | { type: 'invoiceOpen'; subscriptionCode: string }
  /** subscription.not_renew or subscription.disable; `status` is Paystack's ('complete' once all charged). */
  | { type: 'stopped'; event: string; subscriptionCode: string; status: string }
  | { type: 'expiringCards'; cards: { subscriptionCode: string; expiry: string; brand: string }[] };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const recordOf = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});

/** A plan's code, whether Paystack wrote the plan object or its code alone. */
export function planCodeOf(value: unknown): string {
  if (typeof value === 'string') return value.startsWith('PLN_') ? value : '';
  return text(recordOf(value).plan_code);
}

function invoiceEvent(event: string, data: Record<string, unknown>): PaystackSubscriptionEvent | null {
  const subscriptionCode = text(recordOf(data.subscription).subscription_code);
  if (!subscriptionCode) return null;
  const transaction = recordOf(data.transaction);
  const status = text(data.status) || text(transaction.status);
  if (event === 'invoice.payment_failed' || status === 'failed') return { type: 'invoiceFailed', subscriptionCode };
  const reference = text(transaction.reference);
  if ((data.paid === true || status === 'success') && reference) {
    return { type: 'invoicePaid', subscriptionCode, reference, email: text(recordOf(data.customer).email) };
  }
  return { type: 'invoiceOpen', subscriptionCode };
}

/** The event's meaning for plans; null for any event that is not a subscription's. */
export function readPaystackSubscriptionEvent(body: unknown): PaystackSubscriptionEvent | null {
  if (!isRecord(body) || typeof body.event !== 'string') return null;
  const { event } = body;
  if (event === 'subscription.expiring_cards') {
    const entries = Array.isArray(body.data) ? body.data : [];
    const cards = entries.map(recordOf).map((card) => ({
      subscriptionCode: text(recordOf(card.subscription).subscription_code),
      expiry: text(card.expiry_date),
      brand: text(card.brand),
    }));
    return { type: 'expiringCards', cards: cards.filter((card) => card.subscriptionCode !== '') };
  }
  const data = recordOf(body.data);
  switch (event) {
    case 'subscription.create': {
      const subscriptionCode = text(data.subscription_code);
      const planCode = planCodeOf(data.plan);
      const email = text(recordOf(data.customer).email);
      if (!subscriptionCode || !planCode || !email) return null;
      return { type: 'subscriptionCreated', subscriptionCode, emailToken: text(data.email_token), planCode, email };
    }
    case 'charge.success': {
      const planCode = planCodeOf(data.plan);
      const charge = readPaystackTransaction(data);
      if (isTransferRenewalReference(charge.reference)) return { type: 'transferRenewal', charge };
      // The first payment names the plan too, but under the reference of the store's checkout.
      if (!planCode || !charge.reference || checkoutIdOf(charge.reference) !== null) return null;
      return { type: 'renewalCharge', planCode, charge };
    }
    case 'invoice.create':
    case 'invoice.update':
    case 'invoice.payment_failed':
      return invoiceEvent(event, data);
    case 'subscription.not_renew':
    case 'subscription.disable': {
      const subscriptionCode = text(data.subscription_code);
      return subscriptionCode ? { type: 'stopped', event, subscriptionCode, status: text(data.status) } : null;
    }
    default:
      return null;
  }
}
