// The documents of a discount code's uses and how they are found (the layout is described in
// discountCodes.ts): shared by reservation, confirmation and the reads at payment time.
import type { DocumentReference, DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import {
  discountCodeFromData,
  discountedMinor,
  discountRefusals,
  type DiscountCode,
  type DiscountRefusal,
} from '../../domain/discounts';
import type { Currency } from '../../domain/money';
import { addressKey, legacyAddressKey } from '../lib/addressKey';
import {
  discountCodesCollection,
  holdsCollection,
  redemptionsCollection,
  reservationsCollection,
} from '../lib/collections';

/** The code cannot be used; `message` is the sentence the buyer reads. */
export class DiscountCodeRefusedError extends Error {
  override name = 'DiscountCodeRefusedError';
  constructor(readonly reason: DiscountRefusal) {
    super(discountRefusals[reason]);
  }
}

/** 'replaced': a newer checkout of the same buyer took the use over (see discountCodes.ts). */
export type ReservationStatus = 'reserved' | 'confirmed' | 'released' | 'replaced';

export interface ReservationRecord {
  status: ReservationStatus;
  /** The createdAt of the code this reservation belongs to (see discountCodes.ts). */
  codeCreatedAt: string;
  productId: string;
  currency: Currency;
  listPriceMinor: number;
  discountMinor: number;
  amountMinor: number;
  /** The buyer's addressKey (the field keeps its first name). */
  emailKey: string;
  reservedAt: string;
  confirmedAt?: string;
  releasedAt?: string;
  /** The checkout that replaced this one's hold. */
  replacedBy?: string;
}

export interface HoldRecord {
  codeCreatedAt: string;
  checkoutId: string;
  heldAt: string;
}

export interface RedemptionRecord {
  codeCreatedAt: string;
  uses: number;
  lastCheckoutId: string;
  lastAt: string;
}

export interface CodeReservation {
  /** The code as stored (upper case). */
  code: string;
  discountMinor: number;
  /** What the buyer must pay: the list price less the discount, never below 0. */
  amountMinor: number;
}

/** Amounts reach here from the caller's own arithmetic: a fraction or NaN is a bug to stop, not to store. */
export function assertMinor(what: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole number of minor units, not ${String(value)}.`);
  }
}

export function codeRef(db: Firestore, code: string): DocumentReference {
  return db.collection(discountCodesCollection).doc(code);
}

export function reservationRef(db: Firestore, code: string, checkoutId: string): DocumentReference {
  // The API makes checkout ids (Firestore's auto ids); a '/' would point somewhere else entirely.
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(checkoutId)) throw new RangeError(`Not a checkout id: ${checkoutId}`);
  return codeRef(db, code).collection(reservationsCollection).doc(checkoutId);
}

/** The buyer's redemption under the mailbox's key, and where one written before mailboxes were folded is. */
export function redemptionRefs(db: Firestore, code: string, email: string): [DocumentReference, DocumentReference] {
  const redemptions = codeRef(db, code).collection(redemptionsCollection);
  return [redemptions.doc(addressKey(email)), redemptions.doc(legacyAddressKey(email))];
}

/** The redemption of `code` among these snapshots (the mailbox's first, then the legacy one), if any. */
export function redemptionOf(
  code: DiscountCode | null,
  buyers: Array<DocumentSnapshot | undefined>,
): RedemptionRecord | undefined {
  if (!code) return undefined;
  return buyers
    .map((buyer) => buyer?.data() as RedemptionRecord | undefined)
    .find((redemption) => redemption !== undefined && redemption.codeCreatedAt === code.createdAt);
}

/** Whether the code leaves nothing to pay: such a use is decided per address at fulfilment only. */
export function leavesNothing(code: DiscountCode, currency: Currency, listPriceMinor: number): boolean {
  return discountedMinor(code, currency, listPriceMinor) === 0;
}

/** The holds a checkout of this buyer takes: its mailbox's and, when known, its client address's. */
export function holdRefs(db: Firestore, code: string, email: string, clientKey: string | null): DocumentReference[] {
  const holds = codeRef(db, code).collection(holdsCollection);
  const refs = [holds.doc(`address_${addressKey(email)}`)];
  if (clientKey !== null) {
    if (!/^[0-9a-f]{64}$/.test(clientKey)) throw new RangeError('A client key is a SHA-256 in hex.');
    refs.push(holds.doc(`client_${clientKey}`));
  }
  return refs;
}

/** The stored code, or null when there is none (or the name could not be one: never read). */
export async function readCode(transaction: Transaction, ref: DocumentReference): Promise<DiscountCode | null> {
  const snapshot = await transaction.get(ref);
  const data = snapshot.data();
  return data ? discountCodeFromData(ref.id, data) : null;
}
