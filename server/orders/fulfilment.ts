// Fulfil once (docs/payments.md): a verified payment becomes exactly one
// transactions/{provider}_{reference} record, one access grant, one order e-mail and one sale notice,
// however many times the client, a retry or the webhook reports it.
import {
  FieldValue,
  type DocumentData,
  type Firestore,
  type Timestamp,
  type Transaction,
} from 'firebase-admin/firestore';
import type { EmailStatus, OrderAnswer, PaymentMethod } from '../../domain/apiContracts';
import { createPurchaseMail, type PurchaseMailDeps } from '../mail/orderMails';
import { accessGrantsCollection, hashToken, type AccessLinks } from './accessLinks';
import { checkoutsCollection } from '../checkouts/checkouts';
import { confirmCodeUse, releaseCodeUse } from '../checkouts/discountCodes';
import { priceAtPayment } from '../checkouts/latePayments';
import { newPaymentIssue, paymentIssueRef, type PaymentIssueFacts } from '../payments/paymentIssues';
import { toMinorUnits, type Currency } from './money';

export const transactionsCollection = 'transactions';

/** 'free': a discount code left nothing to pay, so no provider took part. */
export type Provider = 'paystack' | 'paypal' | 'demo' | 'free';

export const paymentMethodOf: Record<Provider, PaymentMethod> = {
  paystack: 'Paystack',
  paypal: 'PayPal',
  demo: 'Demo',
  free: 'Free',
};

/** The sale as stored, with what fulfilment needs (docs/payments.md, 'The transaction record'). */
export interface TransactionRecord {
  productName: string;
  productId: string;
  productUrl: string;
  /** What the buyer was charged in `currency`: the checkout's amount (after any discount). */
  amount: number;
  transactionReference: string;
  paidAt: string;
  customerName: string;
  /** Trimmed and lower-cased, so /purchases finds it with one equality query. */
  customerEmail: string;
  customerPhone: string;
  /** What the provider says was paid, in major units. */
  amountPaid: number;
  currency: Currency;
  sellerEmail: string;
  paymentMethod: PaymentMethod;
  emailStatus: EmailStatus;
  emailAttempts: number;
  /** When the current holder claimed the e-mails; a claim older than staleClaimMs is taken over. */
  emailClaimedAt: string;
  buyerEmailSent: boolean;
  sellerNoticeSent: boolean;
  accessRevoked: boolean;
  /** The checkout the payment was made for, and the price it set (docs/payments.md). */
  checkoutId: string | null;
  listPrice: number;
  discountCode: string | null;
  discountAmount: number;
  /** PayPal's capture id, which a refund names; absent for other providers. */
  captureId?: string;
}

/** What the checkout set, carried onto the sale while its price holds. */
export interface PurchaseCheckout {
  id: string;
  listPrice: number;
  discountCode: string | null;
  discountAmount: number;
  /** When its price stops holding (see checkouts/latePayments.ts). */
  expiresAt: Timestamp;
}

export interface VerifiedPurchase {
  provider: Provider;
  reference: string;
  productId: string;
  productName: string;
  productUrl: string;
  amount: number;
  amountPaid: number;
  currency: Currency;
  paidAt: string;
  customer: { name: string; email: string; phone: string };
  /** The checkout, marked paid in the same Firestore transaction that records the sale. */
  checkout: PurchaseCheckout | null;
  captureId?: string;
  /**
   * What is recorded for the seller (its reason filled in) when a payment of a checkout whose price no
   * longer holds does not cover today's price; null where nothing was paid (a free order), which is
   * then simply refused.
   */
  issue: PaymentIssueFacts | null;
  /**
   * Checks run inside the transaction that records the sale, after it read the sale's record (given
   * when there is one) and before anything is written; throwing refuses the order with nothing
   * recorded. A free order's limits are decided here (docs/payments.md, 'Discount codes').
   */
  guard?: (transaction: Transaction, existing: DocumentData | undefined) => Promise<void>;
}

/**
 * What became of a verified payment: a sale (new or the first one again), a payment issue (new or the
 * first one again: one outcome per payment, however often it is reported), or, for a free order whose
 * price no longer holds, a refusal.
 */
export type FulfilOutcome =
  | { kind: 'sale'; answer: OrderAnswer }
  | { kind: 'issue'; id: string; facts: PaymentIssueFacts; created: boolean; email: string }
  | { kind: 'refused'; reason: string };

/** The reference is already fulfilled for another product, or for another buyer (contract: 409). */
export class ReferenceConflictError extends Error {
  override name = 'ReferenceConflictError';
  constructor(message = 'This payment reference has already been used for another product.') {
    super(message);
  }
}

export function transactionIdFor(provider: Provider, reference: string): string {
  return `${provider}_${reference}`;
}

export interface FulfilmentDeps extends PurchaseMailDeps {
  db: Firestore;
  links: AccessLinks;
  logError: (message: string, error: unknown) => void;
  now: () => Date;
  /** How long a replay waits for the first caller's e-mails before answering. */
  replayWaitMs?: number;
  /** A 'sending' claim this old belongs to a caller that died; the next call takes it over. */
  staleClaimMs?: number;
}

export interface Fulfilment {
  /**
   * The answer for a reference already fulfilled (retrying its e-mails if they failed), or null. The
   * answer holds the access link, so only the buyer it was recorded for gets it: someone who merely
   * saw a reference (on a receipt, a screenshot) cannot claim the product with another address.
   */
  replay(provider: Provider, reference: string, productId: string, buyerEmail: string): Promise<OrderAnswer | null>;
  /**
   * Records a verified payment once and sends its e-mails; a second caller gets the first answer. A
   * payment of a checkout whose price no longer holds is judged at its payment time
   * (checkouts/latePayments.ts) in the same transaction, and becomes a sale or a payment issue.
   * The caller e-mails the seller about a new issue.
   */
  fulfil(purchase: VerifiedPurchase): Promise<FulfilOutcome>;
  /** Makes sure the grant of `token` exists (it is missing only after ACCESS_LINK_SECRET changed). */
  ensureAccess(transactionId: string, productId: string, token: string): Promise<void>;
  /**
   * Sends what is still unsent of purchases whose e-mails failed (the mail server was down) or whose
   * sender died mid-way, each claimed as a replay would claim it, so a sweep racing a replay, a
   * webhook or another sweep still sends each e-mail once. Revoked purchases are left alone, and so
   * are those that failed maxAutomaticAttempts times (the seller resends those from Sales).
   */
  retryUnsentEmails(): Promise<EmailRetryOutcome>;
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

export function createFulfilment({
  db,
  mailer,
  config,
  links,
  logError,
  now,
  replayWaitMs = 30_000,
  staleClaimMs = 120_000,
}: FulfilmentDeps): Fulfilment {
  const purchaseMail = createPurchaseMail({ mailer, config });
  const transactionRef = (id: string) => db.collection(transactionsCollection).doc(id);
  const grantRef = (token: string) => db.collection(accessGrantsCollection).doc(hashToken(token));
  // Contention is expected (ten parallel calls for one reference): more attempts than the default five.
  const transactionOptions = { maxAttempts: 20 };

  function grantFor(transactionId: string, productId: string) {
    return { transactionId, productId, createdAt: FieldValue.serverTimestamp(), uses: 0, lastUsedAt: null };
  }

  function isStale(record: TransactionRecord): boolean {
    const claimedAt = Date.parse(record.emailClaimedAt);
    return Number.isNaN(claimedAt) || now().getTime() - claimedAt > staleClaimMs;
  }

  function claimable(record: TransactionRecord): boolean {
    return record.emailStatus === 'failed' || (record.emailStatus === 'sending' && isStale(record));
  }

  /** The e-mails of one claimed transaction: only those not yet sent, then the outcome recorded. */
  async function sendEmails(transactionId: string, record: TransactionRecord, accessUrl: string): Promise<OrderAnswer> {
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
      await transactionRef(transactionId).update({ emailStatus, buyerEmailSent, sellerNoticeSent });
    } catch (error) {
      // The claim then goes stale and a later call retries only what the flags say is unsent.
      logError(`E-mail outcome of ${transactionId} could not be recorded`, error);
    }
    return { transactionId, emailSent: emailStatus === 'sent', accessUrl };
  }

  /** Writes the grant of the current token if it is missing (after a secret rotation). */
  async function ensureGrant(transactionId: string, productId: string, token: string): Promise<void> {
    const ref = grantRef(token);
    if ((await ref.get()).exists) return;
    await db.runTransaction(async (t) => {
      if (!(await t.get(ref)).exists) t.create(ref, grantFor(transactionId, productId));
    }, transactionOptions);
  }

  /** Takes over the e-mails of a failed (or abandoned) transaction; null when another caller has them. */
  async function claim(transactionId: string): Promise<TransactionRecord | null> {
    const ref = transactionRef(transactionId);
    return db.runTransaction(async (t) => {
      const snapshot = await t.get(ref);
      const record = snapshot.data() as TransactionRecord | undefined;
      if (!record || !claimable(record)) return null;
      const emailClaimedAt = now().toISOString();
      t.update(ref, { emailStatus: 'sending', emailAttempts: FieldValue.increment(1), emailClaimedAt });
      return { ...record, emailStatus: 'sending' as const, emailClaimedAt };
    }, transactionOptions);
  }

  async function settleExisting(
    transactionId: string,
    productId: string,
    buyerEmail: string,
  ): Promise<OrderAnswer | null> {
    const token = links.tokenFor(transactionId);
    const accessUrl = links.urlFor(token);
    const startedAt = Date.now();
    let grantChecked = false;
    for (;;) {
      const record = (await transactionRef(transactionId).get()).data() as TransactionRecord | undefined;
      if (!record) return null;
      if (record.productId !== productId) throw new ReferenceConflictError();
      if (record.customerEmail !== buyerEmail.trim().toLowerCase()) {
        throw new ReferenceConflictError('This payment reference has already been used.');
      }
      if (!grantChecked) {
        await ensureGrant(transactionId, record.productId, token);
        grantChecked = true;
      }
      if (record.emailStatus === 'sent') return { transactionId, emailSent: true, accessUrl };
      if (claimable(record)) {
        const claimed = await claim(transactionId);
        if (claimed) return sendEmails(transactionId, claimed, accessUrl);
        continue;
      }
      // Another call holds the claim and is sending: wait for its outcome, so every caller gets the
      // same answer, but not forever.
      if (Date.now() - startedAt > replayWaitMs) return { transactionId, emailSent: false, accessUrl };
      await sleep(100);
    }
  }

  return {
    ensureAccess: ensureGrant,

    async retryUnsentEmails() {
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
        .filter(({ record }) => claimable(record))
        .sort((a, b) => a.record.emailClaimedAt.localeCompare(b.record.emailClaimedAt));
      const outcome: EmailRetryOutcome = { retried: 0, sent: 0 };
      for (const { id, record } of due) {
        try {
          const token = links.tokenFor(id);
          await ensureGrant(id, record.productId, token);
          const claimed = await claim(id);
          if (!claimed) continue;
          outcome.retried += 1;
          if ((await sendEmails(id, claimed, links.urlFor(token))).emailSent) outcome.sent += 1;
        } catch (error) {
          logError(`E-mail retry of ${id} failed`, error);
        }
      }
      return outcome;
    },
    replay: (provider, reference, productId, buyerEmail) =>
      settleExisting(transactionIdFor(provider, reference), productId, buyerEmail),

    async fulfil(purchase) {
      const transactionId = transactionIdFor(purchase.provider, purchase.reference);
      const token = links.tokenFor(transactionId);
      const customerEmail = purchase.customer.email.trim().toLowerCase();
      const record: TransactionRecord = {
        productName: purchase.productName,
        productId: purchase.productId,
        productUrl: purchase.productUrl,
        amount: purchase.amount,
        transactionReference: purchase.reference,
        paidAt: purchase.paidAt,
        customerName: purchase.customer.name,
        customerEmail,
        customerPhone: purchase.customer.phone,
        amountPaid: purchase.amountPaid,
        currency: purchase.currency,
        sellerEmail: config.SELLER_EMAIL,
        paymentMethod: paymentMethodOf[purchase.provider],
        emailStatus: 'sending',
        emailAttempts: 1,
        emailClaimedAt: now().toISOString(),
        buyerEmailSent: false,
        sellerNoticeSent: false,
        accessRevoked: false,
        checkoutId: purchase.checkout?.id ?? null,
        listPrice: purchase.checkout?.listPrice ?? purchase.amount,
        discountCode: purchase.checkout?.discountCode ?? null,
        discountAmount: purchase.checkout?.discountAmount ?? 0,
        ...(purchase.captureId ? { captureId: purchase.captureId } : {}),
      };
      const ref = transactionRef(transactionId);
      const checkoutRef = purchase.checkout ? db.collection(checkoutsCollection).doc(purchase.checkout.id) : null;
      const issueRef = purchase.issue ? paymentIssueRef(db, transactionId) : null;
      const grant = grantRef(token);
      const paidAtMs = Date.parse(purchase.paidAt);
      // No provider time (or one that does not parse): the payment is judged as made now.
      const paidAt = Number.isNaN(paidAtMs) ? now() : new Date(paidAtMs);
      type Decision =
        | { kind: 'created'; sale: TransactionRecord }
        | { kind: 'existing' }
        | { kind: 'issue'; facts: PaymentIssueFacts; created: boolean; email: string }
        | { kind: 'refused'; reason: string };
      // Read-then-create inside a transaction: over REST, firebase-admin retries a plain create() on
      // 409 until its deadline (firebase-admin-node#2587), so create() cannot say "already there".
      const decision = await db.runTransaction(async (t): Promise<Decision> => {
        const [existing, existingGrant, existingIssue] = await t.getAll(ref, grant, ...(issueRef ? [issueRef] : []));
        await purchase.guard?.(t, existing?.data());
        if (existing?.exists) return { kind: 'existing' };
        // One outcome per payment: a payment already recorded as an issue stays one, even if a
        // replay now finds the code's use free again.
        if (issueRef && purchase.issue && existingIssue?.exists) {
          const stored = existingIssue.data() as Partial<PaymentIssueFacts> | undefined;
          return {
            kind: 'issue',
            facts: purchase.issue,
            created: false,
            email: stored?.customer?.email ?? purchase.issue.customer.email,
          };
        }
        const { checkout } = purchase;
        const price = checkout
          ? await priceAtPayment(t, db, {
              checkout: {
                id: checkout.id,
                productId: purchase.productId,
                currency: purchase.currency,
                discountCode: checkout.discountCode,
                expiresAt: checkout.expiresAt,
              },
              paidAt,
              amountPaidMinor: toMinorUnits(purchase.amountPaid),
              email: customerEmail,
            })
          : ({ kind: 'own' } as const);
        if (price.kind === 'refused') {
          if (!issueRef || !purchase.issue) return { kind: 'refused', reason: price.reason };
          const facts = { ...purchase.issue, reason: price.reason };
          t.create(issueRef, newPaymentIssue(facts, now()));
          return { kind: 'issue', facts, created: true, email: facts.customer.email };
        }
        const sale: TransactionRecord =
          price.kind === 'today'
            ? {
                ...record,
                amount: price.amountMinor / 100,
                listPrice: price.listPriceMinor / 100,
                discountCode: price.code,
                discountAmount: price.discountMinor / 100,
              }
            : record;
        // The code's use is counted with the sale, in the same transaction: a replayed payment finds
        // the sale and never counts the use again. Inside its hour the checkout's own use is
        // confirmed whatever the code's state (the buyer paid what was asked); after it, only a use
        // priceAtPayment found free.
        if (checkout && sale.discountCode) {
          await confirmCodeUse(t, db, {
            code: sale.discountCode,
            checkoutId: checkout.id,
            email: customerEmail,
            currency: purchase.currency,
            amountMinor: toMinorUnits(sale.amount),
            now: now(),
          });
        } else if (checkout?.discountCode) {
          // Sold at today's full price: the checkout's own reservation, if still held, goes back.
          await releaseCodeUse(t, db, { code: checkout.discountCode, checkoutId: checkout.id, now: now() });
        }
        t.create(ref, { ...sale, createdAt: FieldValue.serverTimestamp() });
        if (!existingGrant?.exists) t.create(grant, grantFor(transactionId, purchase.productId));
        if (checkoutRef) t.update(checkoutRef, { status: 'paid', transactionId });
        return { kind: 'created', sale };
      }, transactionOptions);
      if (decision.kind === 'issue') {
        return {
          kind: 'issue',
          id: transactionId,
          facts: decision.facts,
          created: decision.created,
          email: decision.email,
        };
      }
      if (decision.kind === 'refused') return decision;
      if (decision.kind === 'created') {
        const { sale } = decision;
        // Paid is paid: the link starts working as soon as the seller adds the deliverable (the access
        // route reads productDeliverables), so a missing one is reported, not a reason to refuse.
        if (!sale.productUrl) logError(`${transactionId}: product ${sale.productId} sold without a deliverable`, null);
        return { kind: 'sale', answer: await sendEmails(transactionId, sale, links.urlFor(token)) };
      }
      const answer = await settleExisting(transactionId, purchase.productId, purchase.customer.email);
      // Only a deletion between the transaction and this read could get here.
      if (!answer) throw new Error(`Transaction ${transactionId} vanished during fulfilment`);
      return { kind: 'sale', answer };
    },
  };
}
