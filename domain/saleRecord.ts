// The sale as the API reads it back (transactions/{provider}_{reference}, docs/payments.md, 'The
// transaction record'): one decoder, so the receipt, the download page, the library, the course
// player, license keys and commissions read each field the same way. Read defensively: a field that is
// missing or of the wrong type reads as its default, never as 'undefined' or a thrown error.
import type { Currency } from './money';

/** The stored record, before decoding: what Firestore's `data()` answers. */
export type StoredFields = Record<string, unknown> | undefined;

export interface SaleRecord {
  /** '' when the record names none. */
  productId: string;
  productName: string;
  /** The outside link the sale was made with ('' for none). */
  productUrl: string;
  transactionReference: string;
  /** The provider's payment time as stored (ISO text; '' for none). */
  paidAt: string;
  /** When the sale was recorded (milliseconds); null when unreadable. */
  createdAtMs: number | null;
  customerName: string;
  customerEmail: string;
  paymentMethod: string;
  currency: Currency;
  /** What the buyer paid, in major units; 0 when unreadable. */
  amountPaid: number;
  /** The price before any discount; 0 when unreadable (readers fall back to amountPaid). */
  listPrice: number;
  discountCode: string | null;
  discountAmount: number;
  /**
   * The one access switch (docs/payments.md): true revoked, false open, null not stated. Access is
   * open only when it is false; a commission is held only when it is true.
   */
  accessRevoked: boolean | null;
  /** Who changed access last ('refund', 'dispute', 'admin'...); null for none. */
  accessChangedBy: string | null;
  refund: { refunded: number; full: boolean; at: string | null };
  /** The payment dispute's status ('open', 'won', 'lost'); null for none. */
  disputeStatus: string | null;
  /** Downloads counted per file id. */
  downloadsByFile: Record<string, number>;
  /** The product issues license keys: the sale holds its key, or null while one is owed. */
  hasLicenseKey: boolean;
  certificate: { code: string; storagePath: string } | null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const amount = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** A Firestore Timestamp (or anything with toMillis) as milliseconds; null otherwise. */
function millisOf(value: unknown): number | null {
  const toMillis = record(value).toMillis;
  if (typeof toMillis !== 'function') return null;
  const ms: unknown = toMillis.call(value);
  return typeof ms === 'number' && Number.isFinite(ms) ? ms : null;
}

function countsOf(value: unknown): Record<string, number> {
  const entries = Object.entries(record(value)).filter(
    (entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1]),
  );
  return Object.fromEntries(entries);
}

function certificateOf(value: unknown): SaleRecord['certificate'] {
  const certificate = record(value);
  return typeof certificate.code === 'string' && typeof certificate.storagePath === 'string'
    ? { code: certificate.code, storagePath: certificate.storagePath }
    : null;
}

export function readSaleRecord(data: StoredFields): SaleRecord {
  const stored = data ?? {};
  const refund = record(stored.refund);
  const revoked = stored.accessRevoked;
  return {
    productId: text(stored.productId),
    productName: text(stored.productName),
    productUrl: text(stored.productUrl),
    transactionReference: text(stored.transactionReference),
    paidAt: text(stored.paidAt),
    createdAtMs: millisOf(stored.createdAt),
    customerName: text(stored.customerName),
    customerEmail: text(stored.customerEmail),
    paymentMethod: text(stored.paymentMethod),
    currency: stored.currency === 'USD' ? 'USD' : 'NGN',
    amountPaid: amount(stored.amountPaid),
    listPrice: amount(stored.listPrice),
    discountCode: typeof stored.discountCode === 'string' ? stored.discountCode : null,
    discountAmount: amount(stored.discountAmount),
    accessRevoked: typeof revoked === 'boolean' ? revoked : null,
    accessChangedBy: typeof stored.accessChangedBy === 'string' ? stored.accessChangedBy : null,
    refund: {
      refunded: amount(refund.refunded),
      full: refund.full === true,
      at: typeof refund.at === 'string' ? refund.at : null,
    },
    disputeStatus: typeof record(stored.dispute).status === 'string' ? (record(stored.dispute).status as string) : null,
    downloadsByFile: countsOf(record(stored.downloads).byFile),
    hasLicenseKey: stored.licenseKey !== undefined,
    certificate: certificateOf(stored.certificate),
  };
}

/** When the purchase was made: the provider's payment time, else when the sale was recorded; null unknown. */
export function purchasedAt(sale: Pick<SaleRecord, 'paidAt' | 'createdAtMs'>): Date | null {
  const paid = Date.parse(sale.paidAt);
  if (Number.isFinite(paid)) return new Date(paid);
  return sale.createdAtMs === null ? null : new Date(sale.createdAtMs);
}

/** Access is open only while the record says, in so many words, that it is not revoked. */
export function accessOpen(sale: Pick<SaleRecord, 'accessRevoked'>): boolean {
  return sale.accessRevoked === false;
}

/**
 * The sale's product as a document id: a record without one finds no document rather than asking
 * Firestore for '' (which throws).
 */
export function productDocId(sale: Pick<SaleRecord, 'productId'>): string {
  return sale.productId || 'no-product';
}
