// The providers' own refund and dispute events (docs/payments.md, 'Refunds and disputes'), applied once
// each: providerEvents/{provider}_{eventId} is written in the same transaction as the sale, and a
// refund counts once by its provider id whichever of our call and its events arrives first.
import { refundableMinor } from '../../domain/refunds';
import { toMinor } from '../../domain/money';
import type { StoreSettings } from '../../domain/storeSettings';
import type { RefundMailFacts } from '../mail/refundMails';
import { isTransactionId } from '../admin/transactionSchemas';
import { newPaymentIssue, paymentIssueRef, type PaymentIssueFacts } from '../payments/paymentIssues';
import { disputeUpdates } from './disputes';
import { providerEventDocId, type ProviderEvent, type RefundChange } from './providerEvents';
import {
  followSaleChange,
  loadSettings,
  providerNames,
  refundUpdates,
  sendDisputeMail,
  sendRefundMail,
  transactionOptions,
  transactionRef,
  type EventOutcome,
  type RefundableRecord,
  type RefundContext,
} from './refundContext';
import { providerEventsCollection, transactionsCollection } from '../lib/collections';

/** A Firestore document id from a provider's reference: no slashes, bounded. */
function idPart(value: string): string {
  return value.replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 200);
}

/**
 * The 'Needs attention' record for an event about a payment the store has no sale for: one per
 * payment and kind (refund or dispute), so a refund's pending and processed events make one entry.
 */
export function unknownSaleIssue(
  event: ProviderEvent,
  transactionId: string | null,
  reason: string,
): { id: string; facts: PaymentIssueFacts } {
  const located = 'captureId' in event.locate ? event.locate.captureId : event.locate.transactionId;
  const reference =
    (transactionId && transactionId.startsWith(`${event.provider}_`)
      ? transactionId.slice(event.provider.length + 1)
      : located.replace(/^(paystack|paypal)_/, '')) || event.eventId;
  const change = event.change;
  const amount = change.kind !== 'ignored' && change.amount !== null ? change.amount / 100 : Number.NaN;
  const kind = change.kind === 'ignored' ? 'event' : change.kind;
  return {
    id: `${event.provider}_${idPart(reference)}_${kind}`,
    facts: {
      provider: event.provider,
      reference,
      amount,
      currency: change.kind === 'ignored' ? '' : change.currency,
      status: event.type,
      customer: { name: '', email: '', phone: '' },
      metadata: '',
      checkoutId: null,
      productId: '',
      productName: '',
      expectedAmount: null,
      expectedCurrency: null,
      reason,
      event: { type: event.type, id: event.eventId },
    },
  };
}

/** Our transaction id for an event: named by it, or found through the PayPal capture. */
async function locate({ db, paypal }: RefundContext, event: ProviderEvent): Promise<string | null> {
  if ('transactionId' in event.locate) return event.locate.transactionId;
  const { captureId } = event.locate;
  if (!captureId) return null;
  const found = await db.collection(transactionsCollection).where('captureId', '==', captureId).limit(1).get();
  const first = found.docs[0];
  if (first) return first.id;
  if (!paypal) return null;
  const orderId = await paypal.orderIdOfCapture(captureId);
  return orderId ? `paypal_${orderId}` : null;
}

export async function applyEvent(ctx: RefundContext, event: ProviderEvent): Promise<EventOutcome> {
  const { db, now, issues } = ctx;
  const eventRef = db.collection(providerEventsCollection).doc(providerEventDocId(event));
  if ((await eventRef.get()).exists) return 'duplicate';
  const transactionId = await locate(ctx, event);
  const settings = await loadSettings(db);
  const receivedAt = now().toISOString();

  const saleRef = transactionId && isTransactionId(transactionId) ? transactionRef(db, transactionId) : null;
  const none = { refundMail: null, disputeMail: null };

  const result = await db.runTransaction(async (t) => {
    const eventSnap = await t.get(eventRef);
    if (eventSnap.exists) return { outcome: 'duplicate' as const, ...none };
    const record = saleRef ? ((await t.get(saleRef)).data() as RefundableRecord | undefined) : undefined;
    const stamp = { type: event.type, receivedAt, transactionId: transactionId ?? null };
    const settleEvent = (outcome: EventOutcome, reason: string) =>
      t.create(eventRef, { ...stamp, appliedAt: outcome === 'applied' ? receivedAt : null, outcome, reason });
    if (!record || !saleRef) {
      const name = providerNames[event.provider];
      const reason = `${name} reported ${event.type} for a sale this store does not know (${transactionId ?? 'the event names no payment'}).`;
      // Listed under Needs attention, once per payment and kind of event, so the seller answers the
      // refund or dispute at the provider (the e-mail goes once the transaction stands).
      const issue = unknownSaleIssue(event, transactionId, reason);
      const issueRef = paymentIssueRef(db, issue.id);
      const issueIsNew = issues ? !(await t.get(issueRef)).exists : false;
      if (issueIsNew) t.create(issueRef, newPaymentIssue(issue.facts, now()));
      settleEvent('unknownSale', reason);
      return { outcome: 'unknownSale' as const, ...none, newIssue: issueIsNew ? issue : null };
    }
    const change = event.change;
    if (change.kind === 'ignored') {
      settleEvent('ignored', change.reason);
      return { outcome: 'ignored' as const, ...none };
    }
    if (change.currency && change.currency !== record.currency) {
      settleEvent('ignored', `The event is in ${change.currency}; the sale was paid in ${record.currency}.`);
      return { outcome: 'ignored' as const, ...none };
    }
    // PayPal's capture id, learnt from the event, saves the next lookup.
    const learnt =
      'captureId' in event.locate && event.locate.captureId && !record.captureId
        ? { captureId: event.locate.captureId }
        : {};
    const applied =
      change.kind === 'refund'
        ? refundEventUpdates(record, event, change, settings, receivedAt)
        : disputeUpdates(record, event, change, settings, receivedAt);
    const updates = { ...learnt, ...applied.updates };
    if (Object.keys(updates).length > 0) t.update(saleRef, updates);
    settleEvent(applied.outcome, applied.reason);
    return applied;
  }, transactionOptions);

  if (transactionId) {
    if (result.outcome === 'applied') await followSaleChange(ctx, transactionId);
    await sendRefundMail(ctx, transactionId, result.refundMail);
    await sendDisputeMail(ctx, transactionId, result.disputeMail);
  }
  if ('newIssue' in result && result.newIssue && issues) {
    await issues.notifySeller(result.newIssue.id, result.newIssue.facts);
  }
  return result.outcome;
}

function refundEventUpdates(
  record: RefundableRecord,
  event: ProviderEvent,
  change: RefundChange,
  settings: StoreSettings,
  at: string,
): {
  outcome: EventOutcome;
  reason: string;
  updates: Record<string, unknown>;
  refundMail: RefundMailFacts | null;
  disputeMail: null;
} {
  const none = { updates: {}, refundMail: null, disputeMail: null };
  const entries = record.refund?.entries ?? {};
  // An event without the refund's id may be of a refund our own call recorded under the provider's
  // id (pending): the pending refund of that amount is the one it moves on, not a second refund.
  const pendingOfAmount = change.named
    ? undefined
    : Object.keys(entries).find((id) => entries[id]?.status === 'pending' && entries[id]?.amount === change.amount);
  const refundId = Object.hasOwn(entries, change.refundId) ? change.refundId : (pendingOfAmount ?? change.refundId);
  const existing = entries[refundId];
  if (existing?.status === 'processed') {
    return { outcome: 'stale', reason: 'This refund was already counted.', ...none };
  }
  if (existing && change.result === 'pending') {
    return { outcome: 'stale', reason: `This refund is already ${existing.status}.`, ...none };
  }
  const paid = toMinor(record.amountPaid);
  const amount = change.amount ?? refundableMinor(record.refund, paid);
  const applied = refundUpdates(
    record,
    {
      refundId,
      amount,
      result: change.result,
      failure: change.result === 'failed' ? `${providerNames[event.provider]} reports the refund failed.` : undefined,
      // A refund an admin asked for keeps who asked and why; the event only moves it on.
      by: existing ? (record.refund?.by ?? providerNames[event.provider]) : providerNames[event.provider],
      byName: existing ? (record.refund?.byName ?? '') : '',
      reason: existing ? (record.refund?.reason ?? change.reason) : change.reason,
      at,
    },
    settings,
  );
  return {
    outcome: 'applied',
    reason: `Refund ${change.result}.`,
    updates: applied.updates,
    refundMail: applied.mail,
    disputeMail: null,
  };
}
