// Refunds and disputes (docs/payments.md, 'Refunds and disputes'). An admin's refund is claimed inside a
// Firestore transaction before the provider is called, so two admins pressing Refund at once make one
// provider call and the other sees the first one's state. The providers' own events are applied once
// each (providerEvents/{provider}_{eventId}, written in the same transaction as the sale), and a
// refund counts once by its provider id whichever of our call and its events arrives first.
import { createHash } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import {
  applyRefundOutcome,
  refundEndsAccess,
  refundableMinor,
  settle,
  type DisputeState,
  type RefundOutcome,
  type RefundState,
} from '../../domain/refunds';
import { toMinor } from '../../domain/money';
import { readStoreSettings, storeSettingsPath, type StoreSettings } from '../../domain/storeSettings';
import type { ServerConfig } from '../config';
import { createRefundMail, type RefundMailFacts, type DisputeMailFacts } from '../mail/refundMails';
import type { Transporter } from 'nodemailer';
import { formatAmount, minorToDecimal, type Currency } from '../orders/money';
import { isTransactionId } from '../admin/transactionSchemas';
import { transactionsCollection, type TransactionRecord } from '../orders/fulfilment';
import type { PaypalClient } from '../payments/paypalClient';
import type { PaystackClient } from '../payments/paystackClient';
import { ProviderUnavailableError } from '../payments/providerErrors';
import {
  newPaymentIssue,
  paymentIssueRef,
  type PaymentIssueFacts,
  type PaymentIssues,
} from '../payments/paymentIssues';
import { providerEventDocId, type DisputeChange, type ProviderEvent, type RefundChange } from './providerEvents';

export const providerEventsCollection = 'providerEvents';

/** The sale as this module reads it: the fulfilment record plus what refunds and disputes add. */
export type RefundableRecord = TransactionRecord & {
  captureId?: string;
  refund?: RefundState;
  dispute?: DisputeState;
  accessChangedBy?: string;
};

export type RefundRequestOutcome =
  /** `result`: what the provider said of this refund (made now, or still processing). */
  | { kind: 'done'; refund: RefundState; result: 'pending' | 'processed' }
  | { kind: 'refused'; refund: RefundState; reason: string }
  | { kind: 'unreachable'; refund: RefundState; reason: string }
  /** An earlier request died without the provider's answer: the admin checks the provider first. */
  | { kind: 'unconfirmed'; refund: RefundState; reason: string }
  | { kind: 'busy'; refund: RefundState }
  | { kind: 'tooMuch'; left: number; currency: Currency }
  | { kind: 'notFound' };

export type EventOutcome = 'applied' | 'duplicate' | 'stale' | 'ignored' | 'unknownSale';

export interface RefundService {
  /** `amount` in the sale's currency, major units; undefined refunds everything left. */
  requestRefund(
    transactionId: string,
    input: { amount?: number; reason: string },
    adminUid: string,
  ): Promise<RefundRequestOutcome>;
  /** Applies one provider event once; the outcome is also what providerEvents records. */
  applyEvent(event: ProviderEvent): Promise<EventOutcome>;
}

export interface RefundServiceDeps {
  db: Firestore;
  mailer: Pick<Transporter, 'sendMail'>;
  config: Pick<ServerConfig, 'MAIL_FROM' | 'SELLER_EMAIL' | 'STORE_NAME'>;
  paystack: PaystackClient | null;
  paypal: PaypalClient | null;
  logError: (message: string, error: unknown) => void;
  now: () => Date;
  /** A claim this old belongs to a request that died before the provider answered; it may be taken over. */
  staleClaimMs?: number;
  /** Where an event for a sale the store does not know is listed for the seller ('Needs attention'). */
  issues?: Pick<PaymentIssues, 'notifySeller'>;
}

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

// Who made a refund that did not come from an admin: shown as such in Sales.
const providerNames = { paystack: 'Paystack', paypal: 'PayPal', demo: 'Demo' } as const;

function providerOf(transactionId: string): 'paystack' | 'paypal' | 'demo' | null {
  const prefix = transactionId.slice(0, transactionId.indexOf('_'));
  return prefix === 'paystack' || prefix === 'paypal' || prefix === 'demo' ? prefix : null;
}

interface AccessChange {
  accessRevoked?: boolean;
  accessChangedBy?: string;
  accessChangedAt?: string;
}

/** A refund that ends access always says so (even over a dispute's suspension, so a won dispute cannot undo it). */
function accessAfterRefund(record: RefundableRecord, refund: RefundState, settings: StoreSettings, at: string) {
  if (!refundEndsAccess(refund, settings.keepAccessOnPartialRefund)) return {};
  if (record.accessRevoked && record.accessChangedBy === 'refund') return {};
  return { accessRevoked: true, accessChangedBy: 'refund', accessChangedAt: at } satisfies AccessChange;
}

function refundMailFacts(record: RefundableRecord, refund: RefundState, accessEnded: boolean): RefundMailFacts {
  return {
    productName: record.productName,
    transactionReference: record.transactionReference,
    customerName: record.customerName,
    customerEmail: record.customerEmail,
    currency: record.currency,
    amount: refund.amount,
    refundedTotal: refund.refunded,
    amountPaid: record.amountPaid,
    accessEnded,
  };
}

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

export function createRefundService({
  db,
  mailer,
  config,
  paystack,
  paypal,
  logError,
  now,
  staleClaimMs = 10 * 60_000,
  issues,
}: RefundServiceDeps): RefundService {
  const mails = createRefundMail({ mailer, config });
  const transactionRef = (id: string) => db.collection(transactionsCollection).doc(id);
  const transactionOptions = { maxAttempts: 20 };

  async function loadSettings(): Promise<StoreSettings> {
    const snapshot = await db.collection(storeSettingsPath.collection).doc(storeSettingsPath.id).get();
    return readStoreSettings(snapshot.data());
  }

  async function sendRefundMail(transactionId: string, facts: RefundMailFacts | null): Promise<void> {
    if (!facts) return;
    try {
      await mails.sendBuyerRefund(facts);
    } catch (error) {
      logError(`Refund e-mail for ${transactionId} failed`, error);
    }
  }

  async function sendDisputeMail(transactionId: string, facts: DisputeMailFacts | null): Promise<void> {
    if (!facts) return;
    try {
      await mails.sendSellerDispute(facts);
    } catch (error) {
      logError(`Dispute e-mail for ${transactionId} failed`, error);
    }
  }

  /**
   * One refund outcome applied to the sale: the refund state, access (ended when the refund is full,
   * or partial and the store does not keep access), and the buyer's e-mail facts when this call is
   * the one that counted the money. The caller writes `updates` in its transaction.
   */
  function refundUpdates(
    record: RefundableRecord,
    outcome: RefundOutcome,
    settings: StoreSettings,
    extra: Partial<RefundState> = {},
  ): {
    updates: Record<string, unknown>;
    refund: RefundState;
    accessEnded: boolean;
    mail: RefundMailFacts | null;
  } {
    const paid = toMinor(record.amountPaid);
    const applied = applyRefundOutcome(record.refund, paid, outcome);
    const refund = settle({ ...applied.state, ...extra }, paid);
    const access = accessAfterRefund(record, refund, settings, outcome.at);
    const accessEnded = refundEndsAccess(refund, settings.keepAccessOnPartialRefund);
    return {
      updates: { refund, ...access },
      refund,
      accessEnded,
      mail: applied.newlyProcessed ? refundMailFacts(record, refund, accessEnded) : null,
    };
  }

  async function captureIdFor(id: string, record: RefundableRecord, client: PaypalClient): Promise<string | null> {
    if (record.captureId) return record.captureId;
    // Sales captured before the capture id was kept: the order knows it.
    const order = await client.getOrder(record.transactionReference);
    const captureId = order?.capture?.id ?? '';
    if (!captureId) return null;
    await transactionRef(id).update({ captureId });
    return captureId;
  }

  type ProviderAnswer =
    | { ok: true; refundId: string; result: 'pending' | 'processed' | 'failed'; failure?: string }
    | { ok: false; reason: string };

  async function askProvider(
    id: string,
    record: RefundableRecord,
    amount: number,
    reason: string,
    requestId: string,
  ): Promise<ProviderAnswer> {
    const provider = providerOf(id);
    if (provider === 'demo') return { ok: true, refundId: `demo-${requestId}`, result: 'processed' };
    if (provider === 'paystack') {
      if (!paystack) return { ok: false, reason: 'Card refunds are not set up on this store (no Paystack key).' };
      const answer = await paystack.refund({ reference: record.transactionReference, amount, merchantNote: reason });
      if (!answer.ok) return answer;
      return {
        ok: true,
        refundId: `paystack-${answer.refundId || requestId}`,
        result: answer.status === 'processed' ? 'processed' : answer.status === 'failed' ? 'failed' : 'pending',
      };
    }
    if (provider === 'paypal') {
      if (!paypal) return { ok: false, reason: 'PayPal refunds are not set up on this store (no PayPal keys).' };
      const captureId = await captureIdFor(id, record, paypal);
      if (!captureId) return { ok: false, reason: 'PayPal has no completed payment for this sale to refund.' };
      const answer = await paypal.refundCapture({
        captureId,
        amount: { value: minorToDecimal(amount), currency: record.currency },
        requestId,
        note: reason,
      });
      if (!answer.ok) return answer;
      const failed = answer.status === 'FAILED' || answer.status === 'CANCELLED';
      return {
        ok: true,
        refundId: `paypal-${answer.refundId}`,
        result: answer.status === 'COMPLETED' ? 'processed' : failed ? 'failed' : 'pending',
        ...(failed ? { failure: `PayPal ${answer.status === 'FAILED' ? 'failed' : 'cancelled'} the refund.` } : {}),
      };
    }
    return { ok: false, reason: 'This sale was not paid through a provider that can refund it.' };
  }

  /** Ends a claim the provider refused or could not hear: nothing was refunded, the reason is kept. */
  async function releaseClaim(id: string, requestId: string, failure: string): Promise<RefundState> {
    return db.runTransaction(async (t) => {
      const record = (await t.get(transactionRef(id))).data() as RefundableRecord;
      const current = record.refund;
      if (!current) throw new Error(`Refund state of ${id} vanished`);
      if (current.claim?.requestId !== requestId) return current;
      const refund = settle({ ...current, claim: null, failure }, toMinor(record.amountPaid));
      t.update(transactionRef(id), { refund });
      return refund;
    }, transactionOptions);
  }

  async function requestRefund(
    id: string,
    input: { amount?: number; reason: string },
    adminUid: string,
  ): Promise<RefundRequestOutcome> {
    const at = now().toISOString();
    // Sales shows who refunded by name; the uid stays the record of who it was.
    const adminRecord = (await db.doc(`admins/${adminUid}`).get()).data();
    const byName = typeof adminRecord?.name === 'string' ? adminRecord.name : '';
    const claimed = await db.runTransaction(async (t) => {
      const record = (await t.get(transactionRef(id))).data() as RefundableRecord | undefined;
      if (!record) return { kind: 'notFound' as const };
      const paid = toMinor(record.amountPaid);
      const current = record.refund;
      const claim = current?.claim;
      if (current && claim && now().getTime() - Date.parse(claim.at) < staleClaimMs) {
        return { kind: 'busy' as const, refund: current };
      }
      const provider = providerOf(id);
      if (current && claim && provider && provider !== 'demo') {
        // The request behind this claim died without hearing the provider, which may have made the
        // refund (Paystack has no idempotency key to make a second call harmless). The claim is ended
        // and the admin told to look first; a refund that was made shows here when its event arrives,
        // and pressing Refund again afterwards asks the provider anew.
        const name = providerNames[provider];
        const reason = `An earlier refund request of ${formatAmount(claim.amount / 100, record.currency)} got no answer from ${name}, so it may have been made. Check your ${name} dashboard first: a refund made there shows here when ${name} reports it. If there is none, press Refund again.`;
        const refund = settle({ ...current, claim: null, failure: reason }, paid);
        t.update(transactionRef(id), { refund });
        return { kind: 'unconfirmed' as const, refund, reason };
      }
      // A stale demo claim's amount is free again: no money moved.
      const base = current ? settle({ ...current, claim: null }, paid) : undefined;
      const left = refundableMinor(base, paid);
      const amount = input.amount === undefined ? left : toMinor(input.amount);
      // A refund still pending at the provider is what a second admin sees when it leaves too little.
      if (base?.status === 'pending' && (left === 0 || amount > left)) return { kind: 'busy' as const, refund: base };
      if (left === 0 || amount > left || amount <= 0) {
        return { kind: 'tooMuch' as const, left: left / 100, currency: record.currency };
      }
      // The same sale, state and amount give the same request id, so a retry after a lost answer
      // is one refund at PayPal, not two.
      const spent = paid - left;
      const requestId = createHash('sha256').update(`${id}:${spent}:${amount}`).digest('hex').slice(0, 32);
      const refund = settle(
        {
          amount: amount / 100,
          at: current?.at ?? null,
          by: adminUid,
          byName,
          providerRef: current?.providerRef ?? '',
          reason: input.reason,
          failure: null,
          claim: { amount, by: adminUid, at, requestId },
          entries: current?.entries ?? {},
        },
        paid,
      );
      t.update(transactionRef(id), { refund });
      return { kind: 'claimed' as const, record, amount, requestId };
    }, transactionOptions);
    if (claimed.kind !== 'claimed') return claimed;

    const { record, amount, requestId } = claimed;
    let answer: ProviderAnswer;
    try {
      answer = await askProvider(id, record, amount, input.reason, requestId);
    } catch (error) {
      if (error instanceof ProviderUnavailableError) {
        logError(`Refund of ${id}: ${error.provider} unreachable (${error.detail})`, null);
        const reason = `${error.provider} could not be reached, so the refund may not have been made. Check your ${error.provider} dashboard before trying again.`;
        return { kind: 'unreachable', refund: await releaseClaim(id, requestId, reason), reason };
      }
      await releaseClaim(id, requestId, 'The refund could not be completed. Please try again.');
      throw error;
    }
    if (!answer.ok) {
      return { kind: 'refused', refund: await releaseClaim(id, requestId, answer.reason), reason: answer.reason };
    }

    const settings = await loadSettings();
    const done = await db.runTransaction(async (t) => {
      const current = (await t.get(transactionRef(id))).data() as RefundableRecord;
      const stillOurs = current.refund?.claim?.requestId === requestId;
      const applied = refundUpdates(
        current,
        {
          refundId: answer.refundId,
          amount,
          result: answer.result,
          failure: answer.failure,
          by: adminUid,
          byName,
          reason: input.reason,
          at: now().toISOString(),
        },
        settings,
        // A provider event may have counted this refund first; the admin still asked for it.
        stillOurs ? { claim: null, by: adminUid, byName, reason: input.reason } : {},
      );
      t.update(transactionRef(id), applied.updates);
      return applied;
    }, transactionOptions);
    await sendRefundMail(id, done.mail);
    // Judged by this answer, not by the sale: an earlier refund that went through does not make this
    // one's failure a success.
    if (answer.result === 'failed') {
      const reason = answer.failure ?? done.refund.failure ?? 'The provider could not make the refund.';
      return { kind: 'refused', refund: done.refund, reason };
    }
    return { kind: 'done', refund: done.refund, result: answer.result };
  }

  /** Our transaction id for an event: named by it, or found through the PayPal capture. */
  async function locate(event: ProviderEvent): Promise<string | null> {
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

  function disputeUpdates(
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
    const provider = event.provider === 'paystack' ? 'Paystack' : 'PayPal';
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

  async function applyEvent(event: ProviderEvent): Promise<EventOutcome> {
    const eventRef = db.collection(providerEventsCollection).doc(providerEventDocId(event));
    if ((await eventRef.get()).exists) return 'duplicate';
    const transactionId = await locate(event);
    const settings = await loadSettings();
    const receivedAt = now().toISOString();

    const saleRef = transactionId && isTransactionId(transactionId) ? transactionRef(transactionId) : null;
    const none = { refundMail: null, disputeMail: null };

    const result = await db.runTransaction(async (t) => {
      const eventSnap = await t.get(eventRef);
      if (eventSnap.exists) return { outcome: 'duplicate' as const, ...none };
      const record = saleRef ? ((await t.get(saleRef)).data() as RefundableRecord | undefined) : undefined;
      const stamp = { type: event.type, receivedAt, transactionId: transactionId ?? null };
      const settleEvent = (outcome: EventOutcome, reason: string) =>
        t.create(eventRef, { ...stamp, appliedAt: outcome === 'applied' ? receivedAt : null, outcome, reason });
      if (!record || !saleRef) {
        const name = event.provider === 'paystack' ? 'Paystack' : 'PayPal';
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
      await sendRefundMail(transactionId, result.refundMail);
      await sendDisputeMail(transactionId, result.disputeMail);
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

  return { requestRefund, applyEvent };
}
