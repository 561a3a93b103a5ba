// Payments that complete later (docs/payments.md, 'Payments that complete later'): the buyer's report of a
// transfer Paystack has not yet seen, a PayPal capture that ended PENDING, the waiting page's status,
// PayPal's COMPLETED and DENIED events, and the sweep asking Paystack about checkouts whose webhook
// never came. Every sale still goes through the one fulfilment (fulfilCheckout).
import type { Transporter } from 'nodemailer';
import type { PendingPaymentAnswer, PendingPaymentRow, WaitStatusAnswer } from '../../domain/apiContracts';
import { CheckoutRefusedError, type Checkout } from '../checkouts/checkouts';
import {
  endPending,
  listPending,
  markPending,
  waitStatusOf,
  type PendingEnd,
  type PendingKind,
  type WaitLinks,
} from '../checkouts/pendingPayments';
import type { ServerConfig } from '../config';
import { declinedMail, waitingMail } from '../mail/waitingMails';
import { PaymentIssueRecordedError } from '../payments/paymentIssues';
import { PaymentNotVerifiedError, ProviderUnavailableError } from '../payments/providerErrors';
import { checkClaims, checkoutExpired, type Buyer, type OrderServiceDeps } from './orderContext';
import { paystackUnderWay } from './paystackPayment';
import { checkoutsCollection } from '../lib/collections';

export interface WaitingDeps {
  mailer: Pick<Transporter, 'sendMail'>;
  config: Pick<ServerConfig, 'MAIL_FROM' | 'SELLER_EMAIL' | 'STORE_NAME'>;
  links: WaitLinks;
  /** The access link of a sale (accessLinks.ts), for the waiting page once it is paid. */
  accessUrlOf: (transactionId: string) => string;
  /** The local cloud's demo bank: confirms a demo transfer later through the webhook (local only). */
  demoTransferSent?: (reference: string) => void;
  logError: (message: string, error: unknown) => void;
}

/** A payment under way that completes later: answered 202 with the waiting page's token. */
export class PaymentPendingError extends Error {
  override name = 'PaymentPendingError';
  constructor(readonly answer: PendingPaymentAnswer) {
    super('The payment is pending.');
  }
}

function waiting(deps: OrderServiceDeps): WaitingDeps {
  if (!deps.waiting) throw new Error('Pending payments are not wired');
  return deps.waiting;
}

async function sendMail(w: WaitingDeps, db: OrderServiceDeps['db'], checkout: Checkout, mail: () => object) {
  const ref = db.collection(checkoutsCollection).doc(checkout.id);
  try {
    await w.mailer.sendMail({
      from: w.config.MAIL_FROM,
      to: checkout.customer.email,
      replyTo: w.config.SELLER_EMAIL,
      ...mail(),
    });
    return ref.update({ waitMail: 'sent' });
  } catch (error) {
    w.logError(`Waiting e-mail for checkout ${checkout.id} could not be sent`, error);
    return ref.update({ waitMail: 'failed' });
  }
}

/** A transfer reported for a checkout in dollars. */
export const transfersInNaira = 'Bank transfers are in naira (NGN) only.';

/** Marks the checkout pending, e-mails the waiting page once, and answers its token and status. */
async function goPending(
  deps: OrderServiceDeps,
  checkout: Checkout,
  kind: PendingKind,
  seen = false,
  startedBy: string | null = null,
): Promise<PendingPaymentAnswer> {
  const w = waiting(deps);
  const outcome = await markPending({ db: deps.db, now: deps.now, links: w.links }, checkout.id, kind, seen, startedBy);
  if (outcome.kind === 'expired') throw new CheckoutRefusedError(checkoutExpired, 410);
  const transactionId = outcome.kind === 'paid' ? outcome.checkout.transactionId : undefined;
  const status: WaitStatusAnswer = {
    state: transactionId ? 'paid' : 'waiting',
    kind,
    productName: checkout.productName,
    amount: checkout.amount,
    currency: checkout.currency,
    email: checkout.customer.email,
    ...(transactionId ? { accessUrl: w.accessUrlOf(transactionId) } : {}),
  };
  if (outcome.kind === 'pending' && outcome.sendMail) {
    const pageUrl = w.links.pageUrl(checkout.id, outcome.token);
    const facts = { kind, ...checkout, email: checkout.customer.email };
    await sendMail(w, deps.db, checkout, () => waitingMail(facts, pageUrl, w.config.STORE_NAME));
  }
  return { pending: true, checkoutId: checkout.id, waitToken: outcome.token, status };
}

/**
 * Whether Paystack confirms a transaction for the reference under way (or already paid): Verify
 * Transaction, asked when the browser reports a transfer. Unknown to Paystack, abandoned or failed,
 * or Paystack unreachable: not confirmed (the expiry sweep asks again at the checkout's hour).
 */
async function paystackConfirms(deps: OrderServiceDeps, reference: string): Promise<boolean> {
  if (!deps.paystack) return false;
  try {
    const transaction = await deps.paystack.verify(reference);
    if (!transaction || (transaction.reference && transaction.reference !== reference)) return false;
    return transaction.status === 'success' || paystackUnderWay.has(transaction.status);
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) {
      deps.waiting?.logError(`Checkout reference ${reference}: Paystack check failed`, error);
    }
    return false;
  }
}

/**
 * POST /api/checkouts/{id}/pending: the buyer's browser reports a transfer Paystack has not yet seen
 * (react-paystack's onBankTransferConfirmationPending), naming the checkout's reference and address.
 * The browser's word alone keeps nothing: the waiting page is shown, but the checkout keeps its code
 * use past its hour only while Paystack confirms a transaction under way (asked now and by the sweep).
 */
export async function reportPending(
  deps: OrderServiceDeps,
  {
    checkoutId,
    reference,
    productId,
    customer,
    startedBy = null,
  }: { checkoutId: string; reference: string; productId: string; customer: Buyer; startedBy?: string | null },
): Promise<PendingPaymentAnswer> {
  const checkout = await deps.checkouts.byId(checkoutId);
  if (
    !checkout ||
    checkout.reference !== reference ||
    (checkout.provider !== 'paystack' && checkout.provider !== 'demo')
  ) {
    throw new PaymentNotVerifiedError('No checkout has this payment reference.');
  }
  checkClaims(checkout, productId, customer);
  // Paystack takes transfers in naira only; a demo transfer is refused in dollars alike.
  if (checkout.currency !== 'NGN') throw new CheckoutRefusedError(transfersInNaira, 400);
  const seen = checkout.provider === 'paystack' && (await paystackConfirms(deps, reference));
  const answer = await goPending(deps, checkout, 'transfer', seen, startedBy);
  // The local cloud's demo bank confirms the transfer later, through the webhook.
  if (checkout.provider === 'demo' && answer.status.state === 'waiting') waiting(deps).demoTransferSent?.(reference);
  return answer;
}

/** A PayPal capture that ended PENDING: the checkout waits for PAYMENT.CAPTURE.COMPLETED. */
export async function paypalPending(deps: OrderServiceDeps, checkout: Checkout): Promise<never> {
  throw new PaymentPendingError(await goPending(deps, checkout, 'paypal'));
}

/** GET /api/checkouts/{id}/status?t=: one document read; null when the token is not the checkout's. */
export async function waitStatus(
  deps: OrderServiceDeps,
  checkoutId: string,
  token: string,
): Promise<WaitStatusAnswer | null> {
  const data = (await deps.db.collection(checkoutsCollection).doc(checkoutId).get()).data();
  return waitStatusOf(data, token, waiting(deps).accessUrlOf);
}

/** PAYMENT.CAPTURE.DENIED (or a pending payment waited for long enough): ended once, the buyer told once. */
export async function endPendingPayment(
  deps: OrderServiceDeps,
  checkoutId: string,
  reason: PendingEnd,
): Promise<boolean> {
  const ended = await endPending(deps, checkoutId, reason);
  if (!ended) return false;
  if (reason === 'declined') {
    const w = waiting(deps);
    const facts = { kind: 'paypal' as const, ...ended, email: ended.customer.email };
    try {
      await w.mailer.sendMail({
        from: w.config.MAIL_FROM,
        to: ended.customer.email,
        replyTo: w.config.SELLER_EMAIL,
        ...declinedMail(facts, w.config.STORE_NAME),
      });
    } catch (error) {
      w.logError(`Declined e-mail for checkout ${checkoutId} could not be sent`, error);
    }
  }
  return true;
}

/**
 * The sweep found a transfer under way at Paystack for an open or pending checkout past its hour: it
 * waits (Paystack's confirmation recorded), and its buyer gets the waiting page if not yet sent.
 */
export async function markTransferPending(deps: OrderServiceDeps, checkout: Checkout): Promise<void> {
  if (checkout.status === 'open' || checkout.status === 'pending') await goPending(deps, checkout, 'transfer', true);
}

export function pendingPayments(deps: OrderServiceDeps): Promise<PendingPaymentRow[]> {
  return listPending(deps.db);
}

/**
 * What the sweep learnt from Paystack about a checkout: settled (a sale or an issue), under way at
 * Paystack (a transfer being matched), unpaid, or unknown now (Paystack unreachable).
 */
export type PaystackCheck = 'paid' | 'issue' | 'waiting' | 'unpaid' | 'unknown';

/**
 * Asks Paystack about an open or pending checkout (Verify Transaction by its reference) and fulfils it
 * when it was paid, so a missed webhook loses nothing (docs/payments.md, 'A missed webhook').
 */
export async function checkPaystackCheckout(
  deps: OrderServiceDeps,
  checkout: Checkout,
  settle: (checkout: Checkout) => Promise<unknown>,
): Promise<PaystackCheck> {
  if (!deps.paystack || checkout.provider !== 'paystack') return 'unpaid';
  try {
    return (await settle(checkout)) === 'waiting' ? 'waiting' : 'paid';
  } catch (error) {
    // Recorded for the seller only because saving failed: not ended, so the next sweep tries again.
    if (error instanceof PaymentIssueRecordedError) return error.retryable ? 'unknown' : 'issue';
    if (error instanceof ProviderUnavailableError) return 'unknown';
    if (error instanceof PaymentNotVerifiedError) return 'unpaid';
    deps.waiting?.logError(`Checkout ${checkout.id}: Paystack check failed`, error);
    return 'unknown';
  }
}
