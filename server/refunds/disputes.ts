// Disputes on a sale (docs/payments.md, 'Refunds and disputes'): an open one suspends access and tells
// the seller, a won one lifts its own suspension, a lost one is a refund like any other.
import { providerNames } from '../../domain/apiContracts';
import { refundableMinor, type DisputeState } from '../../domain/refunds';
import { toMinor } from '../../domain/money';
import type { StoreSettings } from '../../domain/storeSettings';
import type { DisputeMailFacts, RefundMailFacts } from '../mail/refundMails';
import type { DisputeChange, ProviderEvent } from './providerEvents';
import { refundUpdates, type EventOutcome, type RefundableRecord } from './refundContext';

/**
 * Whether a won or lost event names a dispute other than the sale's open one. An id that is missing, or
 * is only the payment's reference (Paystack's event without its dispute id), names no particular
 * dispute and matches.
 */
export function namesAnotherDispute(
  record: Pick<RefundableRecord, 'dispute' | 'transactionReference'>,
  change: DisputeChange,
): boolean {
  const open = record.dispute;
  if (change.status === 'open' || !open || open.status !== 'open') return false;
  const unnamed = (id: string) => !id || id === record.transactionReference;
  return !unnamed(open.id) && !unnamed(change.disputeId) && open.id !== change.disputeId;
}

export function disputeUpdates(
  record: RefundableRecord,
  event: ProviderEvent,
  change: DisputeChange,
  settings: StoreSettings,
  at: string,
): {
  outcome: EventOutcome;
  reason: string;
  updates: Record<string, unknown>;
  refundMail: RefundMailFacts | null;
  disputeMail: DisputeMailFacts | null;
} {
  const previous = record.dispute;
  const none = { refundMail: null, disputeMail: null };
  if (namesAnotherDispute(record, change)) {
    // The sale's suspension and refunds belong to its open dispute: an ending of some other dispute
    // (a mistaken or crossed event) changes none of it; the seller sees the reason in providerEvents.
    return {
      outcome: 'ignored',
      reason: `The event ends dispute ${change.disputeId} (${change.status}); this sale's open dispute is ${previous?.id ?? ''}, so nothing changed.`,
      updates: {},
      ...none,
    };
  }
  if (previous && previous.id === change.disputeId && previous.status !== 'open' && change.status === 'open') {
    return { outcome: 'stale', reason: `The dispute was already ${previous.status}.`, updates: {}, ...none };
  }
  const dispute: DisputeState = {
    id: change.disputeId,
    status: change.status,
    deadline: change.deadline ?? (previous?.id === change.disputeId ? previous.deadline : null),
    at,
    reason: change.reason || (previous?.id === change.disputeId ? previous.reason : ''),
  };
  const provider = providerNames[event.provider];
  if (change.status === 'open') {
    const suspend =
      record.accessRevoked === false ? { accessRevoked: true, accessChangedBy: 'dispute', accessChangedAt: at } : {};
    return {
      outcome: 'applied',
      updates: { dispute, disputed: true, ...suspend },
      reason: change.reminder ? 'Dispute reminder sent to the seller.' : 'Dispute opened: access suspended.',
      refundMail: null,
      disputeMail: {
        productName: record.productName,
        transactionReference: record.transactionReference,
        customerName: record.customerName,
        customerEmail: record.customerEmail,
        currency: record.currency,
        amountPaid: record.amountPaid,
        provider,
        deadline: dispute.deadline,
        reason: dispute.reason,
        reminder: change.reminder,
      },
    };
  }
  if (change.status === 'won') {
    // Only the dispute's own suspension is lifted: a refund's or an admin's revocation stays.
    const restore =
      record.accessRevoked && record.accessChangedBy === 'dispute'
        ? { accessRevoked: false, accessChangedBy: 'dispute-won', accessChangedAt: at }
        : {};
    return {
      outcome: 'applied',
      reason: 'Dispute won: access restored.',
      updates: { dispute, disputed: true, ...restore },
      ...none,
    };
  }
  // Lost: the buyer got the money back, which is a refund like any other.
  const paid = toMinor(record.amountPaid);
  const left = refundableMinor(record.refund ? { ...record.refund, claim: null } : undefined, paid);
  const amount = change.amount !== null && change.amount > 0 ? Math.min(change.amount, paid) : left;
  const refunded = refundUpdates(
    record,
    {
      refundId: `dispute-${change.disputeId}`,
      amount,
      result: 'processed',
      by: provider,
      reason: 'Dispute lost',
      at,
    },
    settings,
  );
  // A refund that keeps access (partial, with the store's setting on) lifts the dispute's suspension,
  // as the buyer's refund e-mail says; one that ends access has said so in `refunded.updates`.
  const lift =
    !refunded.accessEnded && record.accessRevoked && record.accessChangedBy === 'dispute'
      ? { accessRevoked: false, accessChangedBy: 'dispute-lost', accessChangedAt: at }
      : {};
  return {
    outcome: 'applied',
    reason: 'Dispute lost: treated as a refund.',
    updates: { dispute, disputed: true, ...refunded.updates, ...lift },
    refundMail: refunded.mail,
    disputeMail: null,
  };
}
