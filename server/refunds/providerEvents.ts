// The providers' refund and dispute events (docs/payments.md, 'Refunds and disputes'), read into one
// shape the refund service applies. Pure functions over the parsed bodies, so each event type and
// each oddity (amounts as strings, PayPal's negative reversal amounts, missing ids) is unit tested.
import { isRecord } from '../payments/providerErrors';
import { decimalToMinor } from '../../domain/money';

export type EventProvider = 'paystack' | 'paypal';

export interface RefundChange {
  kind: 'refund';
  refundId: string;
  /** Minor units; null when the event does not say (then everything left is meant). */
  amount: number | null;
  currency: string;
  result: 'pending' | 'processed' | 'failed';
  reason: string;
  /**
   * False when the event carried no id of the refund and `refundId` was built from the payment and the
   * amount: the refund service then matches it to a pending refund of that amount it already counts.
   */
  named: boolean;
}

export interface DisputeChange {
  kind: 'dispute';
  disputeId: string;
  status: 'open' | 'won' | 'lost';
  /** Minor units the buyer gets back when the dispute is lost; null when not said. */
  amount: number | null;
  currency: string;
  deadline: string | null;
  reason: string;
  /** A reminder of a dispute already open (Paystack's charge.dispute.remind). */
  reminder: boolean;
}

export interface IgnoredChange {
  kind: 'ignored';
  reason: string;
}

export interface ProviderEvent {
  provider: EventProvider;
  /** The provider's event id, or one built from the event's own ids (Paystack sends none). */
  eventId: string;
  type: string;
  /** How to find the sale: our transaction id, or a PayPal capture id. */
  locate: { transactionId: string } | { captureId: string };
  change: RefundChange | DisputeChange | IgnoredChange;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** Paystack amounts are kobo, sometimes sent as numeric strings. */
function kobo(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/** PayPal decimal amounts; a reversal may carry a minus sign, which says direction, not size. */
function paypalMinor(amount: unknown): { minor: number | null; currency: string } {
  if (!isRecord(amount)) return { minor: null, currency: '' };
  const value = text(amount.value).replace(/^-/, '');
  return { minor: value ? decimalToMinor(value) : null, currency: text(amount.currency_code) };
}

function isoOrNull(value: unknown): string | null {
  const raw = text(value);
  const parsed = raw ? Date.parse(raw) : NaN;
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString();
}

export const paystackEventTypes = [
  'refund.pending',
  'refund.processed',
  'refund.failed',
  'charge.dispute.create',
  'charge.dispute.remind',
  'charge.dispute.resolve',
] as const;

/** A Paystack refund or dispute event, or null for any other event (charge.success goes elsewhere). */
export function readPaystackEvent(body: unknown): ProviderEvent | null {
  if (!isRecord(body) || !isRecord(body.data)) return null;
  const type = text(body.event);
  if (!(paystackEventTypes as readonly string[]).includes(type)) return null;
  const data = body.data;
  const transaction = isRecord(data.transaction) ? data.transaction : {};

  if (type.startsWith('refund.')) {
    const reference = text(data.transaction_reference) || text(transaction.reference);
    const amount = kobo(data.amount);
    const ownId = text(data.id);
    // The refund's own id when Paystack sends it. Without it, what identifies the refund is the
    // payment and the amount (not `refund_reference`, which its pending event lacks), and the event is
    // that refund in one status (the event name): a replay is then the same event, and a refund of
    // another amount another one (docs/payments.md, 'Each event once, in any order').
    const refundId = ownId || `${reference}-${amount ?? text(data.amount)}`;
    const result = type === 'refund.processed' ? 'processed' : type === 'refund.failed' ? 'failed' : 'pending';
    return {
      provider: 'paystack',
      eventId: ownId ? `${type}_${ownId}` : `${type}_${reference}_${amount ?? text(data.amount)}_${text(data.status)}`,
      type,
      locate: { transactionId: `paystack_${reference}` },
      change: {
        kind: 'refund',
        refundId: `paystack-${refundId}`,
        amount,
        currency: text(data.currency),
        result,
        reason: text(data.merchant_note) || text(data.customer_note) || 'Refunded in the Paystack dashboard',
        named: Boolean(ownId),
      },
    };
  }

  const reference = text(transaction.reference) || text(data.transaction_reference);
  const disputeId = text(data.id) || reference;
  // Without the dispute's own id, the event is keyed by what it says (its status, resolution and
  // amount too), so a replay is a duplicate and a different event about the payment is not.
  const unnamed = text(data.id)
    ? ''
    : `_${text(data.status)}_${text(data.resolution)}_${kobo(data.refund_amount) ?? text(data.refund_amount)}`;
  const deadline = isoOrNull(data.due_at);
  const reason = [text(data.category), text(data.note)].filter(Boolean).join(': ');
  const base = {
    provider: 'paystack' as const,
    type,
    locate: { transactionId: `paystack_${reference}` },
  };
  if (type === 'charge.dispute.resolve') {
    const resolution = text(data.resolution);
    // merchant-accepted: the seller agreed to refund; declined: the seller's evidence won.
    const status = resolution === 'merchant-accepted' ? 'lost' : resolution === 'declined' ? 'won' : null;
    return {
      ...base,
      eventId: `${type}_${disputeId}${unnamed}`,
      change: status
        ? {
            kind: 'dispute',
            disputeId,
            status,
            amount: kobo(data.refund_amount),
            currency: text(data.currency),
            deadline,
            reason,
            reminder: false,
          }
        : { kind: 'ignored', reason: `Paystack resolved the dispute as '${resolution || 'unknown'}'.` },
    };
  }
  const reminder = type === 'charge.dispute.remind';
  return {
    ...base,
    // A dispute is reminded more than once: each reminder (by its deadline and time) is its own event.
    eventId: reminder
      ? `${type}_${disputeId}_${text(data.due_at)}_${text(data.updatedAt) || text(data.updated_at)}`
      : `${type}_${disputeId}${unnamed}`,
    change: {
      kind: 'dispute',
      disputeId,
      status: 'open',
      amount: kobo(data.refund_amount),
      currency: text(data.currency),
      deadline,
      reason,
      reminder,
    },
  };
}

export const paypalEventTypes = [
  'PAYMENT.CAPTURE.REFUNDED',
  'PAYMENT.CAPTURE.REVERSED',
  'CUSTOMER.DISPUTE.CREATED',
  'CUSTOMER.DISPUTE.RESOLVED',
] as const;

/** The capture a PayPal refund belongs to: its 'up' link ends in /v2/payments/captures/{id}. */
function captureOfRefund(resource: Record<string, unknown>): string {
  const links = Array.isArray(resource.links) ? resource.links.filter(isRecord) : [];
  for (const entry of links) {
    const match = /\/v2\/payments\/captures\/([^/?#]+)/.exec(text(entry.href));
    if (entry.rel === 'up' && match?.[1]) return decodeURIComponent(match[1]);
  }
  return '';
}

// How PayPal ends a dispute, seen from the seller: lost means the buyer keeps the money.
const paypalOutcomes: Record<string, 'won' | 'lost'> = {
  RESOLVED_BUYER_FAVOUR: 'lost',
  ACCEPTED: 'lost',
  RESOLVED_SELLER_FAVOUR: 'won',
  // PayPal paid the buyer from its own pocket; the seller keeps the sale.
  RESOLVED_WITH_PAYOUT: 'won',
  CANCELED_BY_BUYER: 'won',
  DENIED: 'won',
};

/** A PayPal refund or dispute event, or null for any other event type. */
export function readPaypalEvent(body: unknown): ProviderEvent | null {
  if (!isRecord(body) || !isRecord(body.resource)) return null;
  const type = text(body.event_type);
  if (!(paypalEventTypes as readonly string[]).includes(type)) return null;
  const eventId = text(body.id);
  if (!eventId) return null;
  const resource = body.resource;

  if (type.startsWith('PAYMENT.CAPTURE.')) {
    const { minor, currency } = paypalMinor(resource.amount);
    const status = text(resource.status);
    return {
      provider: 'paypal',
      eventId,
      type,
      locate: { captureId: captureOfRefund(resource) },
      change: {
        kind: 'refund',
        refundId: `paypal-${text(resource.id) || eventId}`,
        amount: minor,
        currency,
        result:
          status === 'PENDING' ? 'pending' : status === 'FAILED' || status === 'CANCELLED' ? 'failed' : 'processed',
        reason:
          text(resource.note_to_payer) ||
          (type === 'PAYMENT.CAPTURE.REVERSED' ? 'Reversed by PayPal' : 'Refunded in the PayPal dashboard'),
        named: Boolean(text(resource.id)),
      },
    };
  }

  const disputed = Array.isArray(resource.disputed_transactions) ? resource.disputed_transactions.filter(isRecord) : [];
  const captureId = text(disputed[0]?.seller_transaction_id);
  const disputeId = text(resource.dispute_id);
  const reason = text(resource.reason).replace(/_/g, ' ').toLowerCase();
  if (type === 'CUSTOMER.DISPUTE.CREATED') {
    const { minor, currency } = paypalMinor(resource.dispute_amount);
    return {
      provider: 'paypal',
      eventId,
      type,
      locate: { captureId },
      change: {
        kind: 'dispute',
        disputeId,
        status: 'open',
        amount: minor,
        currency,
        deadline: isoOrNull(resource.seller_response_due_date),
        reason,
        reminder: false,
      },
    };
  }
  const outcome = isRecord(resource.dispute_outcome) ? resource.dispute_outcome : {};
  const code = text(outcome.outcome_code);
  const status = paypalOutcomes[code];
  const refunded = paypalMinor(outcome.amount_refunded);
  return {
    provider: 'paypal',
    eventId,
    type,
    locate: { captureId },
    change: status
      ? {
          kind: 'dispute',
          disputeId,
          status,
          amount: refunded.minor,
          currency: refunded.currency,
          deadline: null,
          reason,
          reminder: false,
        }
      : { kind: 'ignored', reason: `PayPal resolved the dispute as '${code || 'unknown'}'.` },
  };
}

/** providerEvents/{provider}_{eventId}: only characters a document id may hold, bounded. */
export function providerEventDocId(event: Pick<ProviderEvent, 'provider' | 'eventId'>): string {
  const safe = event.eventId.replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 400);
  return `${event.provider}_${safe}`;
}
