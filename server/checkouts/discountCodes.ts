// A discount code's uses inside the caller's Firestore transactions (docs/payments.md, 'Discount
// codes'). A checkout reserves a use in the transaction that creates it, so `uses + reserved` never
// passes the limit however many buyers race; fulfilment turns the reservation into a use, and the
// expiry of an unpaid checkout releases it. Paid orders therefore never exceed the limit, and a buyer
// who paid is never refused: confirming never checks the limit again.
//
// Two subcollections of discountCodes/{CODE}, written by the API only (firestore.rules deny every
// client):
// - reservations/{checkoutId}: what each checkout holds (reserved, confirmed or released), so a
//   confirmation or a release given the same checkout twice (a retried webhook, two racing sweeps)
//   counts once.
// - redemptions/{addressKey of the e-mail}: the buyers who paid with the code, for once-per-e-mail
//   codes, one document per mailbox (server/lib/addressKey.ts; docs/payments.md, 'Once per e-mail'),
//   so `ada+1@` and `ada+2@` are one buyer. Documents written before under the plain address's key
//   (legacyAddressKey) are read beside it. A document per mailbox can be read inside the transaction,
//   which a query cannot; the address itself is not stored. Only a paid use counts: a buyer who
//   closed the payment window may start again with the same code. So one address holding two open
//   paid checkouts can pay both; both count, since a paid buyer is never refused. A free order is
//   different: nothing was paid, so the transaction that records it checks the mailbox again
//   (checkFreeCodeUse), and a code that leaves nothing to pay is not refused per address before then,
//   since that refusal would tell anyone which addresses had something free.
// Both remember when the code they belong to was created: a code deleted and created again under the
// same name starts afresh instead of inheriting the old one's buyers and reservations.
import type { DocumentReference, DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import {
  discountCodeFromData,
  discountCodesCollection,
  discountedMinor,
  discountMinor,
  discountRefusals,
  isValidCode,
  normalizeCode,
  refusalFor,
  type DiscountCode,
  type DiscountRefusal,
} from '../../domain/discounts';
import type { Currency } from '../../domain/money';
import { addressKey, legacyAddressKey } from '../lib/addressKey';

export const reservationsCollection = 'reservations';
export const redemptionsCollection = 'redemptions';

/** The code cannot be used; `message` is the sentence the buyer reads. */
export class DiscountCodeRefusedError extends Error {
  override name = 'DiscountCodeRefusedError';
  constructor(readonly reason: DiscountRefusal) {
    super(discountRefusals[reason]);
  }
}

type ReservationStatus = 'reserved' | 'confirmed' | 'released';

interface ReservationRecord {
  status: ReservationStatus;
  /** The createdAt of the code this reservation belongs to (see the header). */
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
}

interface RedemptionRecord {
  codeCreatedAt: string;
  uses: number;
  lastCheckoutId: string;
  lastAt: string;
}

export interface ReserveInput {
  /** As the buyer typed it; normalised here. */
  code: string;
  /** The checkout being created in the same transaction. */
  checkoutId: string;
  productId: string;
  currency: Currency;
  listPriceMinor: number;
  email: string;
  now: Date;
}

export interface CodeReservation {
  /** The code as stored (upper case). */
  code: string;
  discountMinor: number;
  /** What the buyer must pay: the list price less the discount, never below 0. */
  amountMinor: number;
}

export interface ConfirmInput {
  code: string;
  checkoutId: string;
  email: string;
  currency: Currency;
  /** What the buyer was charged (the checkout's amount), added to the code's revenue. */
  amountMinor: number;
  now: Date;
}

export interface ReleaseInput {
  code: string;
  checkoutId: string;
  now: Date;
}

/** Amounts reach here from the caller's own arithmetic: a fraction or NaN is a bug to stop, not to store. */
function assertMinor(what: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole number of minor units, not ${String(value)}.`);
  }
}

function codeRef(db: Firestore, code: string): DocumentReference {
  return db.collection(discountCodesCollection).doc(code);
}

function reservationRef(db: Firestore, code: string, checkoutId: string): DocumentReference {
  // The API makes checkout ids (Firestore's auto ids); a '/' would point somewhere else entirely.
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(checkoutId)) throw new RangeError(`Not a checkout id: ${checkoutId}`);
  return codeRef(db, code).collection(reservationsCollection).doc(checkoutId);
}

/** The buyer's redemption under the mailbox's key, and where one written before mailboxes were folded is. */
function redemptionRefs(db: Firestore, code: string, email: string): [DocumentReference, DocumentReference] {
  const redemptions = codeRef(db, code).collection(redemptionsCollection);
  return [redemptions.doc(addressKey(email)), redemptions.doc(legacyAddressKey(email))];
}

/** The redemption of `code` among these snapshots (the mailbox's first, then the legacy one), if any. */
function redemptionOf(
  code: DiscountCode | null,
  buyers: Array<DocumentSnapshot | undefined>,
): RedemptionRecord | undefined {
  if (!code) return undefined;
  return buyers
    .map((buyer) => buyer?.data() as RedemptionRecord | undefined)
    .find((redemption) => redemption !== undefined && redemption.codeCreatedAt === code.createdAt);
}

/** Whether the code leaves nothing to pay: such a use is decided per address at fulfilment only. */
function leavesNothing(code: DiscountCode, currency: Currency, listPriceMinor: number): boolean {
  return discountedMinor(code, currency, listPriceMinor) === 0;
}

/** The stored code, or null when there is none (or the name could not be one: never read). */
async function readCode(transaction: Transaction, ref: DocumentReference): Promise<DiscountCode | null> {
  const snapshot = await transaction.get(ref);
  const data = snapshot.data();
  return data ? discountCodeFromData(ref.id, data) : null;
}

/**
 * Checks the code for this checkout and reserves one use of it, in the caller's transaction: call it
 * after the transaction's own reads (Firestore wants every read before the first write), and create
 * the checkout in the same transaction. Throws DiscountCodeRefusedError with the buyer's sentence.
 * Given the same checkout again (the caller retried after a lost answer), it answers the first
 * reservation and changes nothing.
 */
export async function reserveCodeUse(
  transaction: Transaction,
  db: Firestore,
  input: ReserveInput,
): Promise<CodeReservation> {
  assertMinor('listPriceMinor', input.listPriceMinor);
  const name = normalizeCode(input.code);
  // A name outside the shape is never a stored code (and never becomes a document path).
  if (!isValidCode(name)) throw new DiscountCodeRefusedError('unknown');
  const ref = codeRef(db, name);
  const heldRef = reservationRef(db, name, input.checkoutId);
  const [buyerRef, legacyBuyerRef] = redemptionRefs(db, name, input.email);
  const code = await readCode(transaction, ref);
  const [held, buyer, legacyBuyer] = await Promise.all([
    transaction.get(heldRef),
    transaction.get(buyerRef),
    transaction.get(legacyBuyerRef),
  ]);

  const earlier = held.data() as ReservationRecord | undefined;
  if (code && earlier && earlier.codeCreatedAt === code.createdAt) {
    return { code: name, discountMinor: earlier.discountMinor, amountMinor: earlier.amountMinor };
  }

  const usedByThisEmail =
    code !== null &&
    redemptionOf(code, [buyer, legacyBuyer]) !== undefined &&
    !leavesNothing(code, input.currency, input.listPriceMinor);
  const refusal = refusalFor(code, { productId: input.productId, now: input.now, usedByThisEmail });
  if (refusal !== null || code === null) throw new DiscountCodeRefusedError(refusal ?? 'unknown');

  const { listPriceMinor } = input;
  const off = discountMinor(code, input.currency, listPriceMinor);
  const record: ReservationRecord = {
    status: 'reserved',
    codeCreatedAt: code.createdAt,
    productId: input.productId,
    currency: input.currency,
    listPriceMinor,
    discountMinor: off,
    amountMinor: listPriceMinor - off,
    emailKey: addressKey(input.email),
    reservedAt: input.now.toISOString(),
  };
  // The counter is written from what this transaction read: a racing reservation makes one of the
  // two transactions retry, and the retry sees the other's use.
  transaction.update(ref, { reserved: code.reserved + 1 });
  transaction.set(heldRef, record);
  return { code: name, discountMinor: record.discountMinor, amountMinor: record.amountMinor };
}

/**
 * What the code would take off this price now, reserving nothing: for showing the buyer the price
 * before a checkout exists. Only the checkout's reservation holds a use, so a quote may still be
 * refused there (the last use taken meanwhile). Throws DiscountCodeRefusedError as reserveCodeUse does.
 */
export async function quoteCodeUse(db: Firestore, input: Omit<ReserveInput, 'checkoutId'>): Promise<CodeReservation> {
  assertMinor('listPriceMinor', input.listPriceMinor);
  const name = normalizeCode(input.code);
  if (!isValidCode(name)) throw new DiscountCodeRefusedError('unknown');
  const [snapshot, buyer, legacyBuyer] = await db.getAll(codeRef(db, name), ...redemptionRefs(db, name, input.email));
  const data = snapshot?.data();
  const code = data ? discountCodeFromData(name, data) : null;
  const usedByThisEmail =
    code !== null &&
    redemptionOf(code, [buyer, legacyBuyer]) !== undefined &&
    !leavesNothing(code, input.currency, input.listPriceMinor);
  const refusal = refusalFor(code, { productId: input.productId, now: input.now, usedByThisEmail });
  if (refusal !== null || code === null) throw new DiscountCodeRefusedError(refusal ?? 'unknown');
  const off = discountMinor(code, input.currency, input.listPriceMinor);
  return { code: name, discountMinor: off, amountMinor: input.listPriceMinor - off };
}

/**
 * Turns the checkout's reservation into a paid use (uses + 1, reserved - 1, revenue + amount) and
 * records the buyer's address for once-per-e-mail codes. Once per checkout: a second call changes
 * nothing and answers false. A checkout whose reservation was already released (paid after it
 * expired) still counts as a use, even past the limit: the buyer has paid. A code deleted meanwhile
 * has nothing left to count. Call it after the transaction's own reads.
 */
export async function confirmCodeUse(transaction: Transaction, db: Firestore, input: ConfirmInput): Promise<boolean> {
  assertMinor('amountMinor', input.amountMinor);
  const name = normalizeCode(input.code);
  if (!isValidCode(name)) return false;
  const ref = codeRef(db, name);
  const heldRef = reservationRef(db, name, input.checkoutId);
  const [buyerRef, legacyBuyerRef] = redemptionRefs(db, name, input.email);
  const code = await readCode(transaction, ref);
  const [held, buyer, legacyBuyer] = await Promise.all([
    transaction.get(heldRef),
    transaction.get(buyerRef),
    transaction.get(legacyBuyerRef),
  ]);
  if (!code) return false;

  const now = input.now.toISOString();
  const earlier = held.data() as ReservationRecord | undefined;
  const sameCode = earlier !== undefined && earlier.codeCreatedAt === code.createdAt;
  if (sameCode && earlier.status === 'confirmed') return false;
  const stillReserved = sameCode && earlier.status === 'reserved';

  transaction.update(ref, {
    uses: code.uses + 1,
    reserved: stillReserved ? Math.max(0, code.reserved - 1) : code.reserved,
    [`revenueMinor.${input.currency}`]: code.revenueMinor[input.currency] + input.amountMinor,
  });
  transaction.set(
    heldRef,
    sameCode
      ? { ...earlier, status: 'confirmed', confirmedAt: now }
      : {
          status: 'confirmed',
          codeCreatedAt: code.createdAt,
          currency: input.currency,
          amountMinor: input.amountMinor,
          emailKey: addressKey(input.email),
          confirmedAt: now,
        },
  );
  // The mailbox's own document once it exists (it carries the legacy one's count on), else the legacy one.
  const previousUses = redemptionOf(code, [buyer, legacyBuyer])?.uses ?? 0;
  const record: RedemptionRecord = {
    codeCreatedAt: code.createdAt,
    uses: previousUses + 1,
    lastCheckoutId: input.checkoutId,
    lastAt: now,
  };
  transaction.set(buyerRef, record);
  return true;
}

export interface FreeUseInput {
  code: string;
  checkoutId: string;
  email: string;
}

/**
 * For a free order (the code left nothing to pay), checks in the transaction that records it what
 * the checkout could not settle for good: that this mailbox has not used a once-per-e-mail code
 * already (paid or free, in any spelling, the legacy key included), and that the code still has a use
 * for this checkout: its reservation still held, or else a use free (the expiry sweep may have
 * released it meanwhile). Throws DiscountCodeRefusedError ('usedByEmail', 'usedUp') before anything
 * is written. Nothing was paid, so unlike confirmCodeUse this may refuse. A code deleted since leaves
 * the checkout its price and has nothing left to count, as for a paid one. Call it before the
 * transaction's writes, then confirmCodeUse.
 */
export async function checkFreeCodeUse(transaction: Transaction, db: Firestore, input: FreeUseInput): Promise<void> {
  const name = normalizeCode(input.code);
  if (!isValidCode(name)) return;
  const [buyerRef, legacyBuyerRef] = redemptionRefs(db, name, input.email);
  const code = await readCode(transaction, codeRef(db, name));
  const [held, buyer, legacyBuyer] = await Promise.all([
    transaction.get(reservationRef(db, name, input.checkoutId)),
    transaction.get(buyerRef),
    transaction.get(legacyBuyerRef),
  ]);
  if (!code) return;
  if (code.oncePerEmail && redemptionOf(code, [buyer, legacyBuyer]) !== undefined) {
    throw new DiscountCodeRefusedError('usedByEmail');
  }
  const reservation = held.data() as ReservationRecord | undefined;
  const stillHeld = reservation?.codeCreatedAt === code.createdAt && reservation.status === 'reserved';
  if (!stillHeld && code.maxUses !== null && code.uses + code.reserved >= code.maxUses) {
    throw new DiscountCodeRefusedError('usedUp');
  }
}

/**
 * Gives back the use an unpaid checkout held (reserved - 1), once per checkout: a second call, or a
 * call for a checkout that was paid, changes nothing and answers false. Call it after the
 * transaction's own reads.
 */
export async function releaseCodeUse(transaction: Transaction, db: Firestore, input: ReleaseInput): Promise<boolean> {
  const name = normalizeCode(input.code);
  if (!isValidCode(name)) return false;
  const ref = codeRef(db, name);
  const heldRef = reservationRef(db, name, input.checkoutId);
  const code = await readCode(transaction, ref);
  const held = await transaction.get(heldRef);
  const earlier = held.data() as ReservationRecord | undefined;
  if (!earlier || earlier.status !== 'reserved') return false;
  transaction.update(heldRef, { status: 'released', releasedAt: input.now.toISOString() });
  // A code deleted, or deleted and created again, does not count this checkout's reservation.
  if (code && earlier.codeCreatedAt === code.createdAt) {
    transaction.update(ref, { reserved: Math.max(0, code.reserved - 1) });
  }
  return true;
}
