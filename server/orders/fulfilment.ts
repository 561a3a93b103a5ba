// Fulfil once (docs/payments.md): a verified payment becomes exactly one
// transactions/{provider}_{reference} record, one access grant, one order e-mail and one sale notice,
// however many times the client, a retry or the webhook reports it.
import type { Firestore } from 'firebase-admin/firestore';
import type { OrderAnswer } from '../../domain/apiContracts';
import { createPurchaseMail, type PurchaseMailDeps } from '../mail/orderMails';
import type { AccessLinks } from './accessLinks';
import { ensureGrant, retryUnsentEmails, settleExisting, type EmailRetryOutcome } from './purchaseEmails';
import type { SaleContribution } from './saleContributions';
import { fulfil, type FulfilOutcome, type VerifiedPurchase } from './saleRecording';
import { transactionIdFor, type Provider } from './transactionRecord';

// Where these moved when fulfilment was split into the recording transaction and the e-mails' claim,
// send and retry; callers keep importing them from here.
export { maxAutomaticAttempts, type EmailRetryOutcome } from './purchaseEmails';
export { type FulfilOutcome, type PurchaseCheckout, type VerifiedPurchase } from './saleRecording';
export {
  paymentMethodOf,
  ReferenceConflictError,
  transactionIdFor,
  type Provider,
  type TransactionRecord,
} from './transactionRecord';

export interface FulfilmentDeps extends PurchaseMailDeps {
  db: Firestore;
  links: AccessLinks;
  logError: (message: string, error: unknown) => void;
  now: () => Date;
  /**
   * What features add to each new sale, in this order, inside the transaction that records it
   * (saleContributions.ts): the composition root registers them (server/purchaseWiring.ts).
   */
  contributions: readonly SaleContribution[];
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

export function createFulfilment({
  db,
  mailer,
  config,
  links,
  logError,
  now,
  contributions,
  replayWaitMs = 30_000,
  staleClaimMs = 120_000,
}: FulfilmentDeps): Fulfilment {
  const ctx = {
    db,
    purchaseMail: createPurchaseMail({ mailer, config }),
    links,
    logError,
    now,
    replayWaitMs,
    staleClaimMs,
  };
  return {
    ensureAccess: (transactionId, productId, token) => ensureGrant(ctx, transactionId, productId, token),
    retryUnsentEmails: () => retryUnsentEmails(ctx),
    replay: (provider, reference, productId, buyerEmail) =>
      settleExisting(ctx, transactionIdFor(provider, reference), productId, buyerEmail),
    fulfil: (purchase) => fulfil({ ...ctx, contributions }, config, purchase),
  };
}
