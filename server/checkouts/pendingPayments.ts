// Payments that complete later (docs/payments.md, 'Payments that complete later'): a bank transfer the
// buyer sent that Paystack has not yet seen, or a PayPal capture under review. The checkout becomes
// `pending`; the buyer gets a waiting page of its own, reached with a wait token (stored only as its
// SHA-256), and one e-mail with its link. The page reads the checkout alone: one document per poll.
import { createHash, createHmac } from 'node:crypto';
import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import {
  readCheckoutRecord,
  type CheckoutRecord,
  type PendingEnd,
  type PendingKind,
} from '../../domain/checkoutRecord';
import type { PendingPaymentRow, WaitStatusAnswer } from '../../domain/apiContracts';
import { paths } from '../../domain/routes';
import { type Checkout } from './checkouts';
import { releaseCodeUse } from './discountCodes';
import { checkoutsCollection } from '../lib/collections';

export type { PendingEnd, PendingKind } from '../../domain/checkoutRecord';

/** How long a pending payment is waited for after its checkout's hour before the checkout expires. */
export const pendingLifetimeMs: Record<PendingKind, number> = {
  transfer: 24 * 60 * 60_000,
  // PayPal's eCheck clears in up to 6 business days.
  paypal: 10 * 24 * 60 * 60_000,
};

/**
 * The checkout's fields of a payment that completes later (domain/checkoutRecord.ts). `transferSeenAt`:
 * when Paystack first confirmed a transaction for the checkout's reference under way (or paid), asked
 * when the browser reported it pending or by the expiry sweep, while the checkout still held its price.
 * Only this keeps a pending checkout's code use past its hour, and lets a transfer confirmed later be
 * judged by when it was started (latePayments.ts). `startedBy`: the hashed device id of the browser that
 * reported the transfer, first report only (docs/files.md, 'New devices'): fulfilment remembers it on the
 * purchase's grant, so that browser opens the files without confirming the e-mail. A browser with only
 * the waiting link confirms it as any new device.
 */
export type PendingFields = Pick<
  CheckoutRecord,
  'pending' | 'waitTokenHash' | 'waitMail' | 'endedBy' | 'transferSeenAt' | 'startedBy'
>;

/**
 * Whether Paystack confirmed the checkout's transfer under way and the checkout still waits for it (a
 * checkout that expired meanwhile has given its code use back: a payment now is a late one).
 */
export function transferStillAwaited(checkout: Checkout): boolean {
  const { transferSeenAt, status } = checkout;
  return transferSeenAt !== undefined && (status === 'open' || status === 'pending');
}

export function hashWaitToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A wait token has the shape of an HMAC-SHA256 in base64url; anything else is refused unread. */
export function isWaitTokenShaped(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

export interface WaitLinks {
  /** The checkout's wait token: derived, so every call that marks it pending hands out the same one. */
  tokenFor(checkoutId: string): string;
  /** The waiting page: `/checkout/{checkoutId}?t={token}` on the store. */
  pageUrl(checkoutId: string, token: string): string;
}

export function createWaitLinks({ key, publicStoreUrl }: { key: string; publicStoreUrl: string }): WaitLinks {
  const origin = publicStoreUrl.replace(/\/+$/, '');
  return {
    tokenFor: (checkoutId) => createHmac('sha256', key).update(`wait-token:${checkoutId}`).digest('base64url'),
    pageUrl: (checkoutId, token) => `${origin}${paths.waiting(checkoutId, token)}`,
  };
}

export type MarkPendingOutcome =
  | { kind: 'pending'; token: string; sendMail: boolean; checkout: Checkout }
  | { kind: 'paid'; token: string; checkout: Checkout }
  | { kind: 'expired' };

/**
 * Marks an open (or already pending) checkout pending, in a transaction, and hands out its wait token.
 * Only the call that made it pending claims the waiting e-mail, so racing calls send one. `seen`: Paystack
 * has just confirmed a transaction for its reference (recorded once, as `transferSeenAt`). `startedBy`:
 * the reporting browser's hashed device id, kept only by the first report that names one, so a
 * replayed report from another browser never takes the checkout over.
 */
export async function markPending(
  { db, now, links }: { db: Firestore; now: () => Date; links: WaitLinks },
  checkoutId: string,
  kind: PendingKind,
  seen = false,
  startedBy: string | null = null,
): Promise<MarkPendingOutcome> {
  const ref = db.collection(checkoutsCollection).doc(checkoutId);
  const token = links.tokenFor(checkoutId);
  return db.runTransaction(async (t): Promise<MarkPendingOutcome> => {
    const data = readCheckoutRecord((await t.get(ref)).data());
    if (!data) return { kind: 'expired' };
    const checkout = { id: checkoutId, ...data };
    // A webhook (or the buyer's retry) fulfilled it first: the waiting page shows it paid.
    if (data.status === 'paid') {
      if (!data.waitTokenHash) t.update(ref, { waitTokenHash: hashWaitToken(token) });
      return { kind: 'paid', token, checkout };
    }
    if (data.status !== 'open' && data.status !== 'pending') return { kind: 'expired' };
    const sendMail = data.waitMail === undefined;
    t.update(ref, {
      status: 'pending',
      ...(data.pending ? {} : { pending: { kind, since: Timestamp.fromDate(now()) } }),
      waitTokenHash: hashWaitToken(token),
      ...(sendMail ? { waitMail: 'sending' } : {}),
      ...(seen && !data.transferSeenAt ? { transferSeenAt: Timestamp.fromDate(now()) } : {}),
      ...(startedBy && !data.startedBy ? { startedBy } : {}),
    });
    return { kind: 'pending', token, sendMail, checkout };
  });
}

/** What the waiting page shows for a checkout and its token; null when the token is not its own. */
export function waitStatusOf(
  data: DocumentData | undefined,
  token: string,
  accessUrlOf: (transactionId: string) => string,
): WaitStatusAnswer | null {
  const record = readCheckoutRecord(data);
  if (!record?.waitTokenHash || record.waitTokenHash !== hashWaitToken(token)) return null;
  const base = {
    productName: record.productName,
    amount: record.amount,
    currency: record.currency,
    email: record.customer.email,
    kind: record.pending?.kind ?? (record.provider === 'paypal' ? 'paypal' : 'transfer'),
  } as const;
  if (record.status === 'paid' && record.transactionId) {
    return { ...base, state: 'paid', accessUrl: accessUrlOf(record.transactionId) };
  }
  if (record.status === 'pending' || record.status === 'open') return { ...base, state: 'waiting' };
  return { ...base, state: record.endedBy === 'declined' ? 'declined' : 'expired' };
}

/**
 * Ends a pending checkout without a sale (the provider declined it, or it was waited for long enough)
 * and gives its code use back. True for the one call that ended it, which e-mails the buyer.
 */
export async function endPending(
  { db, now }: { db: Firestore; now: () => Date },
  checkoutId: string,
  reason: PendingEnd,
): Promise<Checkout | null> {
  const ref = db.collection(checkoutsCollection).doc(checkoutId);
  return db.runTransaction(
    async (t) => {
      const data = readCheckoutRecord((await t.get(ref)).data());
      if (!data || (data.status !== 'pending' && data.status !== 'open')) return null;
      if (data.discountCode) await releaseCodeUse(t, db, { code: data.discountCode, checkoutId, now: now() });
      t.update(ref, { status: 'expired', endedBy: reason });
      return { id: checkoutId, ...data };
    },
    { maxAttempts: 20 },
  );
}

/** The checkouts whose payment is on its way, oldest first (at most 200). */
export async function listPending(db: Firestore): Promise<PendingPaymentRow[]> {
  const snapshot = await db.collection(checkoutsCollection).where('status', '==', 'pending').limit(200).get();
  return snapshot.docs
    .flatMap((doc) => {
      const data = readCheckoutRecord(doc.data());
      if (!data) return [];
      const since = data.pending?.since ?? data.createdAt;
      const row: PendingPaymentRow = {
        checkoutId: doc.id,
        kind: data.pending?.kind ?? 'transfer',
        productName: data.productName,
        amount: data.amount,
        currency: data.currency,
        customerName: data.customer.name,
        customerEmail: data.customer.email,
        since: since.toISOString(),
      };
      return [row];
    })
    .sort((a, b) => a.since.localeCompare(b.since));
}

/** Pending checkouts waited for long enough, as the expiry sweep takes them. */
export async function overduePending(db: Firestore, now: Date): Promise<Checkout[]> {
  const shortest = Math.min(...Object.values(pendingLifetimeMs));
  const snapshot = await db
    .collection(checkoutsCollection)
    .where('status', '==', 'pending')
    .where('expiresAt', '<=', Timestamp.fromMillis(now.getTime() - shortest))
    .orderBy('expiresAt')
    .limit(200)
    .get();
  return snapshot.docs
    .flatMap((doc) => {
      const record = readCheckoutRecord(doc.data());
      return record ? [{ id: doc.id, ...record }] : [];
    })
    .filter((checkout) => {
      const kind = checkout.pending?.kind ?? 'transfer';
      return checkout.expiresAt.getTime() + pendingLifetimeMs[kind] <= now.getTime();
    });
}
