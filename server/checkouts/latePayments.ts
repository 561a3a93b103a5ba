// Payments that arrive late (docs/payments.md, 'Checkout sessions'): a checkout holds its price for its
// hour, plus a grace for slow confirmations, judged by the provider's own payment time. A payment after
// that, or for a checkout whose hold on its code a newer checkout of the same buyer took over, is
// fulfilled only if it still covers what a checkout made at the payment time would ask: the product's
// price then, less the code only if the code could still be used then with a use free. Decided in the
// transaction that records the sale, so the last use of a code goes to one payment only.
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { chargedMinor } from '../../domain/discounts';
import type { Currency } from '../../domain/money';
import { toMinor } from '../../domain/money';
import { perPaymentMinor, productPricingFromData } from '../../domain/productPricing';
import { codeUseAtPayment, reservationStatus } from './discountCodes';
import { productsCollection } from '../lib/collections';

/**
 * How long after its expiry a checkout still holds its price: a provider may confirm a payment the
 * buyer made inside the hour a few minutes later (a slow card network, a bank transfer being matched).
 */
export const latePaymentGraceMs = 5 * 60_000;

/**
 * Paystack's channels where the buyer's part is done before Paystack sees the money (a bank transfer,
 * USSD, pay with bank): the buyer paid when they started, at Paystack's created_at, however long the
 * bank takes to confirm (docs/payments.md, 'Payments that complete later').
 */
const completesLater: ReadonlySet<string> = new Set(['bank_transfer', 'ussd', 'bank', 'qr']);

/**
 * How long after its start a transfer is taken as landing without Paystack having confirmed it under
 * way meanwhile: the life of the account number Paystack's pay-with-transfer hands the buyer.
 */
export const paystackTransferWindowMs = 30 * 60_000;

/**
 * The time a Paystack payment is judged by: when the buyer started paying, for a channel that confirms
 * later, if Paystack confirmed it under way while its checkout still waited for it (`awaited`,
 * pendingPayments.ts transferStillAwaited) or it landed within the transfer window of its start; else
 * when Paystack recorded it paid, so a transfer nobody saw coming is a late payment under today's rules
 * and never takes a code's use past its limit. The window is the exception: a transfer landing in it
 * after the sweep gave its code's use to another buyer is still honoured, one use over the limit
 * (docs/payments.md, 'Late confirmation'). Null when Paystack gave neither (judged as made now).
 */
export function paystackPaymentTime(
  facts: { channel: string; createdAt: string | null; paidAt: string | null },
  { awaited }: { awaited: boolean },
): string | null {
  if (!completesLater.has(facts.channel) || !facts.createdAt) return facts.paidAt;
  if (awaited) return facts.createdAt;
  const started = Date.parse(facts.createdAt);
  const landed = facts.paidAt ? Date.parse(facts.paidAt) : Number.NaN;
  return landed >= started && landed - started <= paystackTransferWindowMs ? facts.createdAt : facts.paidAt;
}

export const paidAfterExpiry = 'Paid after the checkout expired, at a price no longer offered.';
export const paidAfterHoldReplaced =
  'Paid after a newer checkout of the same buyer took over its discount code, at a price no longer offered.';

/** What a checkout set, as the judgement needs it. */
export interface CheckoutPrice {
  id: string;
  productId: string;
  currency: Currency;
  discountCode: string | null;
  expiresAt: Date;
}

/**
 * 'own': the checkout's price holds. 'today': it does not, and the payment covers today's price (the
 * figures, in minor units, the sale records; `code` null when no code applies now). 'refused': it does
 * not, and the payment does not cover today's price (or the product is gone): a payment issue.
 */
export type PriceAtPayment =
  | { kind: 'own' }
  | { kind: 'today'; listPriceMinor: number; discountMinor: number; amountMinor: number; code: string | null }
  | { kind: 'refused'; reason: string };

/** Whether a payment made at `paidAt` still falls within the checkout's hour and its grace. */
export function paidInTime(expiresAt: Date, paidAt: Date): boolean {
  return paidAt.getTime() <= expiresAt.getTime() + latePaymentGraceMs;
}

/**
 * Judges a verified payment of `amountPaidMinor` made at `paidAt` (the provider's time) against its
 * checkout. Reads only, inside the caller's transaction, before its writes.
 */
export async function priceAtPayment(
  transaction: Transaction,
  db: Firestore,
  input: { checkout: CheckoutPrice; paidAt: Date; amountPaidMinor: number; email: string },
): Promise<PriceAtPayment> {
  const { checkout, paidAt } = input;
  const held = checkout.discountCode
    ? await reservationStatus(transaction, db, { code: checkout.discountCode, checkoutId: checkout.id })
    : null;
  // A checkout whose hold a newer checkout of the same buyer took over is judged as a late one,
  // whenever it is paid (docs/payments.md, 'Discount codes').
  const replaced = held === 'replaced';
  if (!replaced && paidInTime(checkout.expiresAt, paidAt)) return { kind: 'own' };

  const reason = replaced ? paidAfterHoldReplaced : paidAfterExpiry;
  const product = (await transaction.get(db.collection(productsCollection).doc(checkout.productId))).data();
  const price: unknown = checkout.currency === 'NGN' ? product?.priceInNgn : product?.priceInUsd;
  // A deleted product, or one no longer priced in this currency, is not offered at any price.
  if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0) return { kind: 'refused', reason };
  // Today's price of one payment: a product sold in instalments charges one of them.
  const listPriceMinor = perPaymentMinor(toMinor(price), productPricingFromData(product?.pricing));
  const use = checkout.discountCode
    ? await codeUseAtPayment(transaction, db, {
        code: checkout.discountCode,
        checkoutId: checkout.id,
        productId: checkout.productId,
        currency: checkout.currency,
        listPriceMinor,
        email: input.email,
        now: paidAt,
      })
    : null;
  const amountMinor = chargedMinor(checkout.currency, use ? use.amountMinor : listPriceMinor);
  if (input.amountPaidMinor < amountMinor) return { kind: 'refused', reason };
  return {
    kind: 'today',
    listPriceMinor,
    discountMinor: listPriceMinor - amountMinor,
    amountMinor,
    code: use ? use.code : null,
  };
}
