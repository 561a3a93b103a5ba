// Sale time's one extension point (docs/architecture.md, 'Sale time'): what a feature adds to a new sale
// (a license key, an affiliate's commission, a membership's period) is decided and written inside the
// transaction that records the sale, through a SaleContribution the composition root registers. orders/
// defines the contract and imports no feature; a feature implements it and may import orders/, so the
// folder graph stays acyclic.
import type { Transaction } from 'firebase-admin/firestore';
import type { SaleAttribution } from '../../domain/affiliates';
import type { Currency } from '../../domain/money';
import type { Provider, TransactionRecord } from './transactionRecord';

/** What the checkout set, carried onto the sale while its price holds. */
export interface PurchaseCheckout {
  id: string;
  listPrice: number;
  discountCode: string | null;
  discountAmount: number;
  /** When its price stops holding (see checkouts/latePayments.ts). */
  expiresAt: Date;
  /** The affiliate commission the checkout fixed (docs/affiliates.md), written with the sale. */
  affiliate?: SaleAttribution | null;
  /** The hashed device of the browser that started its transfer, trusted for the sale (pendingPayments.ts). */
  startedBy?: string | null;
}

/** A new sale as its contributions see it: priced at payment, not yet written. */
export interface SaleInRecording {
  productId: string;
  productName: string;
  currency: Currency;
  /** What the sale is sold for, minor units (the checkout's amount, or today's price at payment). */
  amountMinor: number;
  /** When the payment is judged made. */
  paidAt: Date;
  /** The checkout it was paid for; null for none. */
  checkout: PurchaseCheckout | null;
  /** The sale's own id, transactions/{provider}_{reference}. */
  transactionId: string;
  provider: Provider;
  /** The buyer, the address trimmed and lower-cased as the sale stores it. */
  customer: { name: string; email: string };
  /** A later payment of a plan: the plan's id (VerifiedPurchase.renewalOf); null for any other sale. */
  renewalOf: string | null;
}

/**
 * The sale record's fields a contribution may set: the order e-mail and the sale notice
 * (mail/orderMails.ts), and every later reader of the sale, find them on the record. A feature that
 * adds to a sale declares its fields on TransactionRecord and here.
 */
export type ContributedSaleFields = Partial<
  Pick<
    TransactionRecord,
    | 'licenseKey'
    | 'licensePoolLeft'
    | 'affiliateCode'
    | 'commissionMinor'
    | 'commissionPaidBy'
    | 'membershipId'
    | 'membershipPayment'
    | 'membershipLabel'
  >
>;

/** What one feature adds to one sale, decided by its reads and written with the sale. */
export interface SaleAddition {
  /** Kept on the sale's record. */
  saleFields: ContributedSaleFields;
  /** Its own documents, written in the sale's transaction (after every read, with the sale). */
  write(t: Transaction, transactionId: string): void;
}

/**
 * A feature's part of recording a sale. Firestore wants every read of a transaction before its first
 * write, so `prepare` only reads, in the sale's transaction once the sale is priced; the writes wait in
 * the answer's `write` until the sale itself is written. Null: it adds nothing to this sale. Throwing
 * fails the recording as a whole (a paid sale becomes a payment issue, docs/payments.md).
 */
export interface SaleContribution {
  /** What it adds, for the reader: 'license key', 'commission'. */
  name: string;
  prepare(t: Transaction, sale: SaleInRecording): Promise<SaleAddition | null>;
}
