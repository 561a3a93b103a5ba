// Checking a code and holding one use of it for a checkout (discountCodes.ts has the rules), and the
// quote that shows the price before a checkout exists.
import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import { discountCodeFromData, discountMinor, isValidCode, normalizeCode, refusalFor } from '../../domain/discounts';
import type { Currency } from '../../domain/money';
import { addressKey } from '../lib/addressKey';
import {
  assertMinor,
  codeRef,
  DiscountCodeRefusedError,
  holdRefs,
  leavesNothing,
  readCode,
  redemptionOf,
  redemptionRefs,
  reservationRef,
  type CodeReservation,
  type HoldRecord,
  type ReservationRecord,
} from './codeRecords';

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

export interface HeldReservation extends CodeReservation {
  /** Earlier checkouts of the same buyer whose hold this one replaced (their reservations 'replaced'). */
  replaced: string[];
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
