// The reads at payment time (discountCodes.ts has the rules): whether a checkout still holds its use, and
// what the code takes off a payment whose checkout's price no longer holds.
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { discountMinor, isValidCode, normalizeCode, refusalFor } from '../../domain/discounts';
import type { Currency } from '../../domain/money';
import {
  assertMinor,
  codeRef,
  readCode,
  redemptionOf,
  redemptionRefs,
  reservationRef,
  type CodeReservation,
  type ReservationRecord,
  type ReservationStatus,
} from './codeRecords';

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
