// A discount code's uses inside the caller's Firestore transactions (docs/payments.md, 'Discount
// codes'). A checkout reserves a use in the transaction that creates it, so `uses + reserved` never
// passes the limit however many buyers race; fulfilment turns the reservation into a use, and the
// expiry of an unpaid checkout releases it. Paid orders therefore never exceed the limit, and a buyer
// who paid inside the checkout's hour (and its grace, checkouts/latePayments.ts) is never refused:
// confirming never checks the limit again. A payment made after that has no use held for it any more:
// it gets the code only if codeUseAtPayment finds a use free, in the transaction that confirms it.
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
// - holds/{address_<key> | client_<key>}: for a code with a limit, the one checkout each buyer's
//   mailbox (server/lib/addressKey.ts) and each client address (only its hash, server/lib/
//   clientAddress.ts) holds a use for. A new checkout of the same buyer replaces the earlier hold: the
//   earlier reservation becomes 'replaced' in the transaction that makes the new one, so one client
//   never holds more than one use of a limited code at a time, however many addresses it types. The
//   earlier checkout, if still paid, no longer holds its discount: it is judged as a late payment
//   (checkouts/latePayments.ts), getting the code only if a use is free then.
// All three remember when the code they belong to was created: a code deleted and created again under
// the same name starts afresh instead of inheriting the old one's buyers, reservations and holds.
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
export const holdsCollection = 'holds';

/** The code cannot be used; `message` is the sentence the buyer reads. */
export class DiscountCodeRefusedError extends Error {
  override name = 'DiscountCodeRefusedError';
  constructor(readonly reason: DiscountRefusal) {
    super(discountRefusals[reason]);
  }
}

/** 'replaced': a newer checkout of the same buyer took the use over (see the header). */
export type ReservationStatus = 'reserved' | 'confirmed' | 'released' | 'replaced';

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
  /** The checkout that replaced this one's hold. */
  replacedBy?: string;
}

interface HoldRecord {
  codeCreatedAt: string;
  checkoutId: string;
  heldAt: string;
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
  /**
   * The hash of the client's address (clientAddressKey), or null when the request named none; with the
   * e-mail's mailbox, whose earlier hold of a limited code this checkout replaces.
   */
  clientKey: string | null;
  now: Date;
}

export interface CodeReservation {
  /** The code as stored (upper case). */
  code: string;
  discountMinor: number;
  /** What the buyer must pay: the list price less the discount, never below 0. */
  amountMinor: number;
}

export interface HeldReservation extends CodeReservation {
  /** Earlier checkouts of the same buyer whose hold this one replaced (their reservations 'replaced'). */
  replaced: string[];
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

/** The holds a checkout of this buyer takes: its mailbox's and, when known, its client address's. */
function holdRefs(db: Firestore, code: string, email: string, clientKey: string | null): DocumentReference[] {
  const holds = codeRef(db, code).collection(holdsCollection);
  const refs = [holds.doc(`address_${addressKey(email)}`)];
  if (clientKey !== null) {
    if (!/^[0-9a-f]{64}$/.test(clientKey)) throw new RangeError('A client key is a SHA-256 in hex.');
    refs.push(holds.doc(`client_${clientKey}`));
  }
  return refs;
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
 * the checkout in the same transaction. For a code with a limit, the same buyer's earlier unpaid hold
 * (same mailbox or same client address) is replaced, in this transaction, so it never counts twice
 * against the limit; the caller marks those checkouts. Throws DiscountCodeRefusedError with the
 * buyer's sentence, replacing nothing. Given the same checkout again (the caller retried after a lost
 * answer), it answers the first reservation and changes nothing.
 */
export async function reserveCodeUse(
  transaction: Transaction,
  db: Firestore,
  input: ReserveInput,
): Promise<HeldReservation> {
  assertMinor('listPriceMinor', input.listPriceMinor);
  const name = normalizeCode(input.code);
  // A name outside the shape is never a stored code (and never becomes a document path).
  if (!isValidCode(name)) throw new DiscountCodeRefusedError('unknown');
  const ref = codeRef(db, name);
  const heldRef = reservationRef(db, name, input.checkoutId);
  const [buyerRef, legacyBuyerRef] = redemptionRefs(db, name, input.email);
  const holds = holdRefs(db, name, input.email, input.clientKey);
  const code = await readCode(transaction, ref);
  const [held, buyer, legacyBuyer, ...holdSnapshots] = await Promise.all([
    transaction.get(heldRef),
    transaction.get(buyerRef),
    transaction.get(legacyBuyerRef),
    ...holds.map((hold) => transaction.get(hold)),
  ]);

  const earlier = held.data() as ReservationRecord | undefined;
  if (code && earlier && earlier.codeCreatedAt === code.createdAt) {
    return { code: name, discountMinor: earlier.discountMinor, amountMinor: earlier.amountMinor, replaced: [] };
  }

  // The buyer's earlier checkouts still holding a use of this code (only a limit makes holds count).
  const replacedRefs: DocumentReference[] = [];
  if (code && code.maxUses !== null) {
    const earlierIds = new Set<string>();
    for (const snapshot of holdSnapshots) {
      const hold = snapshot.data() as HoldRecord | undefined;
      if (hold && hold.codeCreatedAt === code.createdAt && hold.checkoutId !== input.checkoutId) {
        earlierIds.add(hold.checkoutId);
      }
    }
    for (const id of earlierIds) {
      const earlierRef = reservationRef(db, name, id);
      const reservation = (await transaction.get(earlierRef)).data() as ReservationRecord | undefined;
      if (reservation && reservation.codeCreatedAt === code.createdAt && reservation.status === 'reserved') {
        replacedRefs.push(earlierRef);
      }
    }
  }

  const usedByThisEmail =
    code !== null &&
    redemptionOf(code, [buyer, legacyBuyer]) !== undefined &&
    !leavesNothing(code, input.currency, input.listPriceMinor);
  // The uses the buyer's replaced holds give back are free for this checkout.
  const counted = code ? { ...code, reserved: Math.max(0, code.reserved - replacedRefs.length) } : null;
  const refusal = refusalFor(counted, { productId: input.productId, now: input.now, usedByThisEmail });
  if (refusal !== null || code === null || counted === null) throw new DiscountCodeRefusedError(refusal ?? 'unknown');

  const { listPriceMinor } = input;
  const off = discountMinor(code, input.currency, listPriceMinor);
  const at = input.now.toISOString();
  const record: ReservationRecord = {
    status: 'reserved',
    codeCreatedAt: code.createdAt,
    productId: input.productId,
    currency: input.currency,
    listPriceMinor,
    discountMinor: off,
    amountMinor: listPriceMinor - off,
    emailKey: addressKey(input.email),
    reservedAt: at,
  };
  // The counter is written from what this transaction read: a racing reservation makes one of the
  // two transactions retry, and the retry sees the other's use (and the other's hold).
  transaction.update(ref, { reserved: counted.reserved + 1 });
  transaction.set(heldRef, record);
  for (const replacedRef of replacedRefs) {
    transaction.update(replacedRef, { status: 'replaced', releasedAt: at, replacedBy: input.checkoutId });
  }
  if (code.maxUses !== null) {
    const hold: HoldRecord = { codeCreatedAt: code.createdAt, checkoutId: input.checkoutId, heldAt: at };
    for (const holdRef of holds) transaction.set(holdRef, hold);
  }
  return {
    code: name,
    discountMinor: record.discountMinor,
    amountMinor: record.amountMinor,
    replaced: replacedRefs.map((replacedRef) => replacedRef.id),
  };
}

/**
 * What the code would take off this price now, reserving nothing: for showing the buyer the price
 * before a checkout exists. Only the checkout's reservation holds a use, so a quote may still be
 * refused there (the last use taken meanwhile). Throws DiscountCodeRefusedError as reserveCodeUse does.
 */
export async function quoteCodeUse(
  db: Firestore,
  input: Omit<ReserveInput, 'checkoutId' | 'clientKey'>,
): Promise<CodeReservation> {
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
 * nothing and answers false. A checkout whose reservation was already released (paid inside its
 * hour and grace, swept meanwhile) still counts as a use, even past the limit: the buyer has paid what
 * was asked. For a payment after that, the caller confirms only a use codeUseAtPayment found free. A
 * code deleted meanwhile has nothing left to count. Call it after the transaction's own reads.
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

export interface UseAtPaymentInput {
  code: string;
  /** The checkout being paid: its own reservation, while it still holds one, is its use. */
  checkoutId: string;
  productId: string;
  currency: Currency;
  /** The product's price at payment time. */
  listPriceMinor: number;
  email: string;
  /** The provider's payment time. */
  now: Date;
}

/**
 * The status of the checkout's reservation of the code as it is now: null when there is none, or
 * when the code it was made with was deleted (even if one was created again under its name).
 */
export async function reservationStatus(
  transaction: Transaction,
  db: Firestore,
  input: { code: string; checkoutId: string },
): Promise<ReservationStatus | null> {
  const name = normalizeCode(input.code);
  if (!isValidCode(name)) return null;
  const code = await readCode(transaction, codeRef(db, name));
  const held = (await transaction.get(reservationRef(db, name, input.checkoutId))).data() as
    ReservationRecord | undefined;
  return code && held && held.codeCreatedAt === code.createdAt ? held.status : null;
}

/**
 * What the code takes off a checkout whose own price no longer holds (paid after it expired, or its
 * hold replaced), as a checkout made at payment time would get it: the code as it was when the
 * checkout was made (not deleted, nor created again), usable now (active, in its dates, this product,
 * once per e-mail) with a use free. The checkout's own reservation, while still held, is that use.
 * Null when the code cannot be used now. Reads only: the caller confirms the use (confirmCodeUse) in
 * the same transaction, so two late payments racing for the last use cannot both have it.
 */
export async function codeUseAtPayment(
  transaction: Transaction,
  db: Firestore,
  input: UseAtPaymentInput,
): Promise<CodeReservation | null> {
  assertMinor('listPriceMinor', input.listPriceMinor);
  const name = normalizeCode(input.code);
  if (!isValidCode(name)) return null;
  const code = await readCode(transaction, codeRef(db, name));
  const [buyerRef, legacyBuyerRef] = redemptionRefs(db, name, input.email);
  const [held, buyer, legacyBuyer] = await Promise.all([
    transaction.get(reservationRef(db, name, input.checkoutId)),
    transaction.get(buyerRef),
    transaction.get(legacyBuyerRef),
  ]);
  const earlier = held.data() as ReservationRecord | undefined;
  if (!code || !earlier || earlier.codeCreatedAt !== code.createdAt) return null;
  const ownHold = earlier.status === 'reserved' ? 1 : 0;
  const usedByThisEmail = redemptionOf(code, [buyer, legacyBuyer]) !== undefined;
  const others = { ...code, reserved: Math.max(0, code.reserved - ownHold) };
  if (refusalFor(others, { productId: input.productId, now: input.now, usedByThisEmail }) !== null) return null;
  const off = discountMinor(code, input.currency, input.listPriceMinor);
  return { code: name, discountMinor: off, amountMinor: input.listPriceMinor - off };
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
