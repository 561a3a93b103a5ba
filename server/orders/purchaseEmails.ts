// A sale's e-mails (docs/payments.md): claimed before they are sent, so a replay, the webhook and the
// retry sweep racing for one purchase still send each e-mail once; a claim whose holder died goes
// stale and is taken over, and what failed is tried again by the sweep.
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { EmailStatus, OrderAnswer } from '../../domain/apiContracts';
import type { PurchaseMail } from '../mail/orderMails';
import { hashToken, type AccessLinks } from './accessLinks';
import { ReferenceConflictError, type TransactionRecord } from './transactionRecord';
import { accessGrantsCollection, transactionsCollection } from '../lib/collections';

/** What fulfilment runs with, built once by createFulfilment. */
export interface FulfilmentContext {
  db: Firestore;
  purchaseMail: PurchaseMail;
  links: AccessLinks;
  logError: (message: string, error: unknown) => void;
  now: () => Date;
  /** How long a replay waits for the first caller's e-mails before answering. */
  replayWaitMs: number;
  /** A 'sending' claim this old belongs to a caller that died; the next call takes it over. */
  staleClaimMs: number;
}

export interface EmailRetryOutcome {
  /** Purchases this sweep claimed and tried again. */
  retried: number;
  /** Of those, the ones whose e-mails are now all sent. */
  sent: number;
}

/** Automatic tries of one purchase's e-mails (the first included) before only the seller can resend. */
export const maxAutomaticAttempts = 8;
/** Purchases one sweep looks at; unsent ones are rare, and the next sweep takes the rest. */
const sweepBatch = 200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Contention is expected (ten parallel calls for one reference): more attempts than the default five.
export const transactionOptions = { maxAttempts: 20 };

export function transactionRef(db: Firestore, id: string) {
  return db.collection(transactionsCollection).doc(id);
}

export function grantRef(db: Firestore, token: string) {
  return db.collection(accessGrantsCollection).doc(hashToken(token));
}

export function grantFor(transactionId: string, productId: string) {
  return { transactionId, productId, createdAt: FieldValue.serverTimestamp(), uses: 0, lastUsedAt: null };
}

function isStale({ now, staleClaimMs }: FulfilmentContext, record: TransactionRecord): boolean {
  const claimedAt = Date.parse(record.emailClaimedAt);
  return Number.isNaN(claimedAt) || now().getTime() - claimedAt > staleClaimMs;
}

function claimable(ctx: FulfilmentContext, record: TransactionRecord): boolean {
  return record.emailStatus === 'failed' || (record.emailStatus === 'sending' && isStale(ctx, record));
}

/** The e-mails of one claimed transaction: only those not yet sent, then the outcome recorded. */
export async function sendEmails(
  { db, purchaseMail, logError }: FulfilmentContext,
  transactionId: string,
  record: TransactionRecord,
  accessUrl: string,
): Promise<OrderAnswer> {
  const facts = { ...record, accessUrl };
  let buyerEmailSent = record.buyerEmailSent;
  let sellerNoticeSent = record.sellerNoticeSent;
  if (!buyerEmailSent) {
    try {
      await purchaseMail.sendOrderMail(facts);
      buyerEmailSent = true;
    } catch (error) {
      logError(`Order e-mail for ${transactionId} failed`, error);
    }
  }
  if (!sellerNoticeSent) {
    try {
      await purchaseMail.sendSaleNotice(facts);
      sellerNoticeSent = true;
    } catch (error) {
      logError(`Sale notice for ${transactionId} failed`, error);
    }
  }
  const emailStatus: EmailStatus = buyerEmailSent && sellerNoticeSent ? 'sent' : 'failed';
  try {
    await transactionRef(db, transactionId).update({ emailStatus, buyerEmailSent, sellerNoticeSent });
  } catch (error) {
    // The claim then goes stale and a later call retries only what the flags say is unsent.
    logError(`E-mail outcome of ${transactionId} could not be recorded`, error);
  }
  return { transactionId, emailSent: emailStatus === 'sent', accessUrl };
}

/** Writes the grant of the current token if it is missing (after a secret rotation). */
export async function ensureGrant(
  { db }: FulfilmentContext,
  transactionId: string,
  productId: string,
  token: string,
): Promise<void> {
  const ref = grantRef(db, token);
  if ((await ref.get()).exists) return;
  await db.runTransaction(async (t) => {
    if (!(await t.get(ref)).exists) t.create(ref, grantFor(transactionId, productId));
  }, transactionOptions);
}

/** Takes over the e-mails of a failed (or abandoned) transaction; null when another caller has them. */
async function claim(ctx: FulfilmentContext, transactionId: string): Promise<TransactionRecord | null> {
  const { db, now } = ctx;
  const ref = transactionRef(db, transactionId);
  return db.runTransaction(async (t) => {
    const snapshot = await t.get(ref);
    const record = snapshot.data() as TransactionRecord | undefined;
    if (!record || !claimable(ctx, record)) return null;
    const emailClaimedAt = now().toISOString();
    t.update(ref, { emailStatus: 'sending', emailAttempts: FieldValue.increment(1), emailClaimedAt });
    return { ...record, emailStatus: 'sending' as const, emailClaimedAt };
  }, transactionOptions);
}

/** The answer for a recorded sale, its e-mails sent (or claimed and sent) first; null when there is none. */
export async function settleExisting(
  ctx: FulfilmentContext,
  transactionId: string,
  productId: string,
  buyerEmail: string,
): Promise<OrderAnswer | null> {
  const { db, links, replayWaitMs } = ctx;
  const token = links.tokenFor(transactionId);
  const accessUrl = links.urlFor(token);
  const startedAt = Date.now();
  let grantChecked = false;
  for (;;) {
    const record = (await transactionRef(db, transactionId).get()).data() as TransactionRecord | undefined;
    if (!record) return null;
    if (record.productId !== productId) throw new ReferenceConflictError();
    if (record.customerEmail !== buyerEmail.trim().toLowerCase()) {
      throw new ReferenceConflictError('This payment reference has already been used.');
    }
    if (!grantChecked) {
      await ensureGrant(ctx, transactionId, record.productId, token);
      grantChecked = true;
    }
    if (record.emailStatus === 'sent') return { transactionId, emailSent: true, accessUrl };
    if (claimable(ctx, record)) {
      const claimed = await claim(ctx, transactionId);
      if (claimed) return sendEmails(ctx, transactionId, claimed, accessUrl);
      continue;
    }
    // Another call holds the claim and is sending: wait for its outcome, so every caller gets the
    // same answer, but not forever.
    if (Date.now() - startedAt > replayWaitMs) return { transactionId, emailSent: false, accessUrl };
    await sleep(100);
  }
}

/**
 * Sends what is still unsent of purchases whose e-mails failed or whose sender died mid-way (see
 * Fulfilment.retryUnsentEmails).
 */
export async function retryUnsentEmails(ctx: FulfilmentContext): Promise<EmailRetryOutcome> {
  const { db, links, logError } = ctx;
  // Those left to the seller are not even read, so however many pile up they never crowd out
  // a new failure (index: firestore.indexes.json).
  const candidates = await db
    .collection(transactionsCollection)
    .where('accessRevoked', '==', false)
    .where('emailStatus', 'in', ['failed', 'sending'])
    .where('emailAttempts', '<', maxAutomaticAttempts)
    .limit(sweepBatch)
    .get();
  const due = candidates.docs
    .map((doc) => ({ id: doc.id, record: doc.data() as TransactionRecord }))
    .filter(({ record }) => !record.accessRevoked && record.emailAttempts < maxAutomaticAttempts)
    .filter(({ record }) => claimable(ctx, record))
    .sort((a, b) => a.record.emailClaimedAt.localeCompare(b.record.emailClaimedAt));
  const outcome: EmailRetryOutcome = { retried: 0, sent: 0 };
  for (const { id, record } of due) {
    try {
      const token = links.tokenFor(id);
      await ensureGrant(ctx, id, record.productId, token);
      const claimed = await claim(ctx, id);
      if (!claimed) continue;
      outcome.retried += 1;
      if ((await sendEmails(ctx, id, claimed, links.urlFor(token))).emailSent) outcome.sent += 1;
    } catch (error) {
      logError(`E-mail retry of ${id} failed`, error);
    }
  }
  return outcome;
}
