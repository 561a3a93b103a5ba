// Recording a verified payment (docs/payments.md): one Firestore transaction decides, once, whether it is
// a new sale (with its access grant, its code use, its checkout marked paid and what each registered
// feature adds to it: saleContributions.ts), a sale already made, a payment issue, or, for a free order
// whose price no longer holds, a refusal.
import { FieldValue, type DocumentData, type Transaction } from 'firebase-admin/firestore';
import type { OrderAnswer } from '../../domain/apiContracts';
import type { ServerConfig } from '../config';
import { confirmCodeUse, releaseCodeUse } from '../checkouts/discountCodes';
import { priceAtPayment } from '../checkouts/latePayments';
import { newPaymentIssue, paymentIssueRef, type PaymentIssueFacts } from '../payments/paymentIssues';
import { type Currency, toMinor } from '../../domain/money';
import {
  grantFor,
  grantRef,
  sendEmails,
  settleExisting,
  transactionOptions,
  transactionRef,
  type FulfilmentContext,
} from './purchaseEmails';
import { paymentMethodOf, transactionIdFor, type Provider, type TransactionRecord } from './transactionRecord';
import { deliverablesFromData } from '../../domain/deliverableFiles';
import type { PurchaseCheckout, SaleAddition, SaleContribution } from './saleContributions';
import { checkoutsCollection, deliverablesCollection } from '../lib/collections';

export type { PurchaseCheckout } from './saleContributions';

/** Fulfilment's context and the features registered to add to each new sale, in their order. */
export interface RecordingContext extends FulfilmentContext {
  contributions: readonly SaleContribution[];
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
  /**
   * The provider's time the price is judged by when it is not `paidAt`: when the buyer started a
   * payment that confirms later (checkouts/latePayments.ts paystackPaymentTime).
   */
  judgedAt?: string;
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
  /**
   * A later payment of a plan (a renewal, an instalment): the plan's id, as the caller that matched the
   * payment to it found it. Handed to the contributions; orders/ reads nothing of it.
   */
  renewalOf?: string;
}

/**
 * What became of a verified payment: a sale (new or the first one again), a payment issue (new or the
 * first one again: one outcome per payment, however often it is reported), or, for a free order whose
 * price no longer holds, a refusal.
 */
export type FulfilOutcome =
  | { kind: 'sale'; answer: OrderAnswer }
  | { kind: 'issue'; id: string; facts: PaymentIssueFacts; created: boolean; email: string; retryable: boolean }
  | { kind: 'refused'; reason: string };

/** The sale record of a verified payment as its checkout set it, before the price at payment is judged. */
function saleRecordOf(
  { now }: FulfilmentContext,
  config: Pick<ServerConfig, 'SELLER_EMAIL'>,
  purchase: VerifiedPurchase,
  customerEmail: string,
): TransactionRecord {
  return {
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
}

type Decision =
  | { kind: 'created'; sale: TransactionRecord }
  | { kind: 'existing' }
  | { kind: 'issue'; facts: PaymentIssueFacts; created: boolean; email: string; retryable: boolean }
  | { kind: 'refused'; reason: string };

/** The seller's reason for a verified payment whose sale could not be recorded. */
export const unrecordedReason =
  'The payment was verified, but the sale could not be recorded: the store failed while saving it (the server log has the details).';

type StoredIssue = Partial<PaymentIssueFacts> & { resolved?: unknown };

/**
 * An issue recorded only because the sale failed to save (a transaction that gave up, Firestore
 * unavailable), which the seller has not handled yet: the next try records the sale instead.
 */
function awaitsRecording(stored: StoredIssue | undefined): boolean {
  return stored?.reason === unrecordedReason && stored.resolved !== true;
}

/** Who resolved an issue that a later try turned into the sale (an admin's uid otherwise). */
export const resolvedByRecording = 'store';

/**
 * The one decision about a payment, taken in a Firestore transaction: everything it writes (sale, grant,
 * code use, checkout, issue) is written there or not at all.
 */
async function decide(
  ctx: RecordingContext,
  purchase: VerifiedPurchase,
  record: TransactionRecord,
  token: string,
): Promise<Decision> {
  const { db, now } = ctx;
  const transactionId = transactionIdFor(purchase.provider, purchase.reference);
  const customerEmail = record.customerEmail;
  const ref = transactionRef(db, transactionId);
  const checkoutRef = purchase.checkout ? db.collection(checkoutsCollection).doc(purchase.checkout.id) : null;
  const issueRef = purchase.issue ? paymentIssueRef(db, transactionId) : null;
  const grant = grantRef(db, token);
  const paidAtMs = Date.parse(purchase.judgedAt ?? purchase.paidAt);
  // No provider time (or one that does not parse): the payment is judged as made now.
  const paidAt = Number.isNaN(paidAtMs) ? now() : new Date(paidAtMs);
  // Read-then-create inside a transaction: over REST, firebase-admin retries a plain create() on
  // 409 until its deadline (firebase-admin-node#2587), so create() cannot say "already there".
  return db.runTransaction(async (t): Promise<Decision> => {
    const [existing, existingGrant, existingIssue] = await t.getAll(ref, grant, ...(issueRef ? [issueRef] : []));
    await purchase.guard?.(t, existing?.data());
    if (existing?.exists) return { kind: 'existing' };
    // One outcome per payment: a payment already recorded as an issue stays one, even if a
    // replay now finds the code's use free again; except an issue recorded only because saving
    // failed, which this try replaces with the sale (and marks resolved, with it).
    const stored = existingIssue?.data() as StoredIssue | undefined;
    const replacesIssue = Boolean(issueRef && existingIssue?.exists && awaitsRecording(stored));
    if (issueRef && purchase.issue && existingIssue?.exists && !replacesIssue) {
      return {
        kind: 'issue',
        facts: purchase.issue,
        created: false,
        email: stored?.customer?.email ?? purchase.issue.customer.email,
        retryable: false,
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
          amountPaidMinor: toMinor(purchase.amountPaid),
          email: customerEmail,
        })
      : ({ kind: 'own' } as const);
    if (price.kind === 'refused') {
      if (!issueRef || !purchase.issue) return { kind: 'refused', reason: price.reason };
      const facts = { ...purchase.issue, reason: price.reason };
      if (replacesIssue) t.update(issueRef, { ...facts, resolved: false });
      else t.create(issueRef, newPaymentIssue(facts, now()));
      return { kind: 'issue', facts, created: !replacesIssue, email: facts.customer.email, retryable: false };
    }
    const priced: TransactionRecord =
      price.kind === 'today'
        ? {
            ...record,
            amount: price.amountMinor / 100,
            listPrice: price.listPriceMinor / 100,
            discountCode: price.code,
            discountAmount: price.discountMinor / 100,
          }
        : record;
    // What the features add (a license key, a commission) is read here, before any write, one
    // feature after another; written once, with the sale.
    const additions: SaleAddition[] = [];
    for (const contribution of ctx.contributions) {
      const addition = await contribution.prepare(t, {
        productId: purchase.productId,
        productName: purchase.productName,
        currency: purchase.currency,
        amountMinor: toMinor(priced.amount),
        paidAt,
        checkout,
        transactionId,
        provider: purchase.provider,
        customer: { name: purchase.customer.name, email: customerEmail },
        renewalOf: purchase.renewalOf ?? null,
      });
      if (addition) additions.push(addition);
    }
    const sale = additions.reduce<TransactionRecord>((sold, addition) => ({ ...sold, ...addition.saleFields }), priced);
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
        amountMinor: toMinor(sale.amount),
        now: now(),
      });
    } else if (checkout?.discountCode) {
      // Sold at today's full price: the checkout's own reservation, if still held, goes back.
      await releaseCodeUse(t, db, { code: checkout.discountCode, checkoutId: checkout.id, now: now() });
    }
    // The browser that started the checkout's transfer is trusted for the sale as a confirmed device,
    // counted as rememberDeviceOn counts one (docs/files.md, 'New devices').
    const device = !existingGrant?.exists && checkout?.startedBy ? checkout.startedBy : null;
    t.create(ref, {
      ...sale,
      ...(device ? { downloads: { devices: 1 } } : {}),
      createdAt: FieldValue.serverTimestamp(),
    });
    if (!existingGrant?.exists) {
      t.create(grant, { ...grantFor(transactionId, purchase.productId), ...(device ? { devices: [device] } : {}) });
    }
    if (checkoutRef) t.update(checkoutRef, { status: 'paid', transactionId });
    if (issueRef && replacesIssue) t.update(issueRef, { resolved: true, resolvedBy: resolvedByRecording });
    for (const addition of additions) addition.write(t, transactionId);
    return { kind: 'created', sale };
  }, transactionOptions);
}

async function hasFiles({ db }: FulfilmentContext, productId: string): Promise<boolean> {
  const deliverable = await db.collection(deliverablesCollection).doc(productId).get();
  return deliverablesFromData(deliverable.data()).files.length > 0;
}

/**
 * A verified payment whose recording failed, whatever the cause (a key that could not be issued, data
 * the transaction could not write, Firestore giving up): recorded as a payment issue, once, unless
 * a sale was recorded after all (a racing call or the webhook); null then. Money was taken, so the
 * buyer is told the store has it rather than shown an error, and the seller sees it under Needs
 * attention. It is `retryable`: the provider is asked to send its event again and the sweeps try again,
 * and the first try that saves records the sale and resolves the issue (see `decide`). A failure to
 * record even this is thrown as the original error.
 */
async function recordUnfulfilled(
  ctx: FulfilmentContext,
  purchase: VerifiedPurchase & { issue: PaymentIssueFacts },
  transactionId: string,
  failure: unknown,
): Promise<FulfilOutcome | null> {
  const { db, now, logError } = ctx;
  logError(`${transactionId}: the verified payment could not be recorded as a sale; recorded for the seller`, failure);
  const issueRef = paymentIssueRef(db, transactionId);
  const facts = { ...purchase.issue, reason: unrecordedReason };
  try {
    return await db.runTransaction(async (t): Promise<FulfilOutcome | null> => {
      const [sale, issue] = await t.getAll(transactionRef(db, transactionId), issueRef);
      if (sale?.exists) return null;
      if (issue?.exists) {
        const stored = issue.data() as StoredIssue | undefined;
        const email = stored?.customer?.email ?? facts.customer.email;
        return { kind: 'issue', id: transactionId, facts, created: false, email, retryable: awaitsRecording(stored) };
      }
      t.create(issueRef, newPaymentIssue(facts, now()));
      return { kind: 'issue', id: transactionId, facts, created: true, email: facts.customer.email, retryable: true };
    }, transactionOptions);
  } catch (error) {
    logError(`${transactionId}: the payment issue could not be recorded either`, error);
    throw failure;
  }
}

/** Records a verified payment once and sends its e-mails; a second caller gets the first answer. */
export async function fulfil(
  ctx: RecordingContext,
  config: Pick<ServerConfig, 'SELLER_EMAIL'>,
  purchase: VerifiedPurchase,
): Promise<FulfilOutcome> {
  const { links, logError } = ctx;
  const transactionId = transactionIdFor(purchase.provider, purchase.reference);
  const token = links.tokenFor(transactionId);
  const customerEmail = purchase.customer.email.trim().toLowerCase();
  let decision: Decision;
  try {
    decision = await decide(ctx, purchase, saleRecordOf(ctx, config, purchase, customerEmail), token);
  } catch (error) {
    // Nothing was paid (a free order): its refusals and failures stand as they are.
    const { issue } = purchase;
    if (!issue) throw error;
    const unfulfilled = await recordUnfulfilled(ctx, { ...purchase, issue }, transactionId, error);
    if (unfulfilled) return unfulfilled;
    decision = { kind: 'existing' };
  }
  if (decision.kind === 'issue') {
    return {
      kind: 'issue',
      id: transactionId,
      facts: decision.facts,
      created: decision.created,
      email: decision.email,
      retryable: decision.retryable,
    };
  }
  if (decision.kind === 'refused') return decision;
  if (decision.kind === 'created') {
    const { sale } = decision;
    // Paid is paid: the link starts working as soon as the seller adds the deliverable (the access
    // route reads productDeliverables), so a missing one is reported, not a reason to refuse. A product
    // delivered by its files alone has no outside link and is not missing anything.
    // The sale is recorded: a failed look at its files must not turn into an error for the buyer.
    if (!sale.productUrl && !(await hasFiles(ctx, sale.productId).catch(() => true))) {
      logError(`${transactionId}: product ${sale.productId} sold without a deliverable`, null);
    }
    return { kind: 'sale', answer: await sendEmails(ctx, transactionId, sale, links.urlFor(token)) };
  }
  const answer = await settleExisting(ctx, transactionId, purchase.productId, purchase.customer.email);
  // Only a deletion between the transaction and this read could get here.
  if (!answer) throw new Error(`Transaction ${transactionId} vanished during fulfilment`);
  return { kind: 'sale', answer };
}
