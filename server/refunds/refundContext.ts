// What the refund modules share (docs/payments.md, 'Refunds and disputes'): the sale as they read it,
// the deps they run with, and how one refund outcome changes a sale and what the buyer is told of it.
import type { Firestore } from 'firebase-admin/firestore';
import {
  applyRefundOutcome,
  refundEndsAccess,
  settle,
  type DisputeState,
  type RefundOutcome,
  type RefundState,
} from '../../domain/refunds';
import { toMinor } from '../../domain/money';
import { readStoreSettings, storeSettingsPath, type StoreSettings } from '../../domain/storeSettings';
import type { DisputeMailFacts, RefundMail, RefundMailFacts } from '../mail/refundMails';
import { type TransactionRecord } from '../orders/fulfilment';
import type { PaypalClient } from '../payments/paypalClient';
import type { PaystackClient } from '../payments/paystackClient';
import type { PaymentIssues } from '../payments/paymentIssues';
import { transactionsCollection } from '../lib/collections';

/** The sale as this module reads it: the fulfilment record plus what refunds and disputes add. */
export type RefundableRecord = TransactionRecord & {
  captureId?: string;
  refund?: RefundState;
  dispute?: DisputeState;
  accessChangedBy?: string;
};

export type EventOutcome = 'applied' | 'duplicate' | 'stale' | 'ignored' | 'unknownSale';

/** What the refund modules run with, built once by createRefundService. */
export interface RefundContext {
  db: Firestore;
  mails: RefundMail;
  paystack: PaystackClient | null;
  paypal: PaypalClient | null;
  logError: (message: string, error: unknown) => void;
  now: () => Date;
  /** A claim this old belongs to a request that died before the provider answered; it may be taken over. */
  staleClaimMs: number;
  /** Where an event for a sale the store does not know is listed for the seller ('Needs attention'). */
  issues?: Pick<PaymentIssues, 'notifySeller'>;
  /** Brings what follows a sale (its affiliate commission) in line after a refund or dispute change. */
  afterSaleChanged?: (transactionId: string) => Promise<void>;
}

/** Runs afterSaleChanged; a failure is logged (the next change, or the seller, settles it). */
export async function followSaleChange(
  { afterSaleChanged, logError }: Pick<RefundContext, 'afterSaleChanged' | 'logError'>,
  transactionId: string,
): Promise<void> {
  if (!afterSaleChanged) return;
  try {
    await afterSaleChanged(transactionId);
  } catch (error) {
    logError(`Commission of ${transactionId} could not be adjusted`, error);
  }
}

export const transactionOptions = { maxAttempts: 20 };

export function transactionRef(db: Firestore, id: string) {
  return db.collection(transactionsCollection).doc(id);
}

export async function loadSettings(db: Firestore): Promise<StoreSettings> {
  const snapshot = await db.collection(storeSettingsPath.collection).doc(storeSettingsPath.id).get();
  return readStoreSettings(snapshot.data());
}

// Who made a refund that did not come from an admin is shown by the provider's name in Sales.
export { providerNames } from '../../domain/apiContracts';

export function providerOf(transactionId: string): 'paystack' | 'paypal' | 'demo' | null {
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

export async function sendRefundMail(
  { mails, logError }: Pick<RefundContext, 'mails' | 'logError'>,
  transactionId: string,
  facts: RefundMailFacts | null,
): Promise<void> {
  if (!facts) return;
  try {
    await mails.sendBuyerRefund(facts);
  } catch (error) {
    logError(`Refund e-mail for ${transactionId} failed`, error);
  }
}

export async function sendDisputeMail(
  { mails, logError }: Pick<RefundContext, 'mails' | 'logError'>,
  transactionId: string,
  facts: DisputeMailFacts | null,
): Promise<void> {
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
export function refundUpdates(
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
