// Ending a checkout's hold on a code (discountCodes.ts has the rules): confirmed as a paid use, checked
// again for a free order, or released when the checkout expires unpaid.
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { isValidCode, normalizeCode } from '../../domain/discounts';
import type { Currency } from '../../domain/money';
import { addressKey } from '../lib/addressKey';
import {
  assertMinor,
  codeRef,
  DiscountCodeRefusedError,
  readCode,
  redemptionOf,
  redemptionRefs,
  reservationRef,
  type RedemptionRecord,
  type ReservationRecord,
} from './codeRecords';

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
