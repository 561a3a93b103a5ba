// Orders where no money moves (docs/payments.md): a checkout a discount code made free, once per mailbox
// and product, and demo payments on the local stack; a reference without a checkout is simply refused.
import { createHash } from 'node:crypto';
import type { DocumentData, Transaction } from 'firebase-admin/firestore';
import type { OrderAnswer } from '../../domain/apiContracts';
import { CheckoutRefusedError } from '../checkouts/checkouts';
import { checkFreeCodeUse, DiscountCodeRefusedError } from '../checkouts/discountCodes';
import { addressKey } from '../lib/addressKey';
import { PaymentNotVerifiedError } from '../payments/providerErrors';
import { transactionIdFor } from './fulfilment';
import {
  checkClaims,
  checkoutExpired,
  checkoutFor,
  freeAlreadyHad,
  fulfilCheckout,
  requireDemo,
  type OrderServiceDeps,
  type PaymentClaim,
} from './orderContext';
import type { Currency } from '../../domain/money';
import { demoIssue } from './paymentIssueFacts';
import { transactionsCollection } from '../lib/collections';

/**
 * The reference a free order is recorded under: one per mailbox (addressKey: every spelling of one
 * address) and product, so the sale record's create-if-missing is what makes a free product once per
 * mailbox, however many checkouts race. Longer than a checkout reference, so it is never read as one.
 */
export function freeReference(email: string, productId: string): string {
  const digest = createHash('sha256')
    .update(`${addressKey(email)}\n${productId}`, 'utf8')
    .digest('hex');
  return `free-${digest.slice(0, 32)}`;
}

/**
 * The reference free orders had before mailboxes were folded (the address as typed, lower-cased):
 * still read, so an address that had a free copy then is still known.
 */
export function legacyFreeReference(email: string, productId: string): string {
  const digest = createHash('sha256').update(`${email.trim().toLowerCase()}\n${productId}`, 'utf8').digest('hex');
  return `free-${digest.slice(0, 32)}`;
}

/** The record of a free sale under this reference. */
function freeSaleRef({ db }: Pick<OrderServiceDeps, 'db'>, reference: string) {
  return db.collection(transactionsCollection).doc(transactionIdFor('free', reference));
}

/** Completes a checkout a discount code made free, through the same fulfilment (paymentMethod 'Free'). */
export async function payFree(
  deps: OrderServiceDeps,
  { reference, productId, customer }: PaymentClaim,
): Promise<OrderAnswer> {
  const { db, checkouts, fulfilment, now } = deps;
  const checkout = await checkoutFor(deps, 'free', reference);
  // No money moves in a free order, so a reference without a checkout is simply refused.
  if (!checkout) throw new PaymentNotVerifiedError('No checkout has this payment reference.');
  checkClaims(checkout, productId, customer);
  if (checkout.amount !== 0) throw new PaymentNotVerifiedError('This checkout is not free.');
  const { email } = checkout.customer;
  const freeRef = freeReference(email, checkout.productId);
  const legacyRef = legacyFreeReference(email, checkout.productId);
  for (const reference of [freeRef, legacyRef]) {
    const earlier = (await freeSaleRef(deps, reference).get()).data();
    if (!earlier) continue;
    // The same checkout asking again (a lost answer) gets the first answer; another one is refused.
    if (earlier.checkoutId !== checkout.id) throw new CheckoutRefusedError(freeAlreadyHad, 409);
    const done = await fulfilment.replay('free', reference, checkout.productId, email);
    if (done) return done;
  }
  // Nothing was paid, so an expired free checkout is not honoured: its code use may be gone.
  if (checkout.status !== 'open' || checkouts.isExpired(checkout)) throw new CheckoutRefusedError(checkoutExpired, 410);
  // The reads above answer the usual cases early; the decision is taken again inside the
  // transaction that records the sale, so racing checkouts of one mailbox make one sale and every
  // other is refused (409) with nothing recorded. No money moved, so no payment issue either.
  const guard = async (t: Transaction, existing: DocumentData | undefined): Promise<void> => {
    if (existing) {
      // This checkout's own sale (a racing repeat) is answered as recorded; another is refused.
      if (existing.checkoutId !== checkout.id) throw new CheckoutRefusedError(freeAlreadyHad, 409);
      return;
    }
    // A free copy from before mailboxes were folded (this checkout's own was answered above).
    if ((await t.get(freeSaleRef(deps, legacyRef))).exists) throw new CheckoutRefusedError(freeAlreadyHad, 409);
    if (checkout.discountCode) {
      await checkFreeCodeUse(t, db, { code: checkout.discountCode, checkoutId: checkout.id, email });
    }
  };
  try {
    return await fulfilCheckout(
      deps,
      checkout,
      { provider: 'free', reference: freeRef, amountPaid: 0, paidAt: now().toISOString(), guard },
      null,
    );
  } catch (error) {
    // The code's reason in the buyer's words, as a refusal of this order rather than of a code typed.
    if (error instanceof DiscountCodeRefusedError) throw new CheckoutRefusedError(error.message, 409);
    throw error;
  }
}

export async function payWithDemo(
  deps: OrderServiceDeps,
  { reference, productId, currency, customer }: PaymentClaim & { currency: Currency },
): Promise<OrderAnswer> {
  requireDemo(deps);
  const done = await deps.fulfilment.replay('demo', reference, productId, customer.email);
  if (done) return done;
  const checkout = await checkoutFor(deps, 'demo', reference);
  // No money moves in a demo payment, so a reference without a checkout is simply refused.
  if (!checkout) throw new PaymentNotVerifiedError('No checkout has this payment reference.');
  checkClaims(checkout, productId, customer);
  if (checkout.currency !== currency) {
    throw new PaymentNotVerifiedError(`This checkout is in ${checkout.currency}.`);
  }
  return fulfilCheckout(
    deps,
    checkout,
    {
      provider: 'demo',
      reference,
      amountPaid: checkout.amount,
      paidAt: deps.now().toISOString(),
      // The local stack's demo plays Paystack, split included (docs/affiliates.md).
      splitVerified: true,
    },
    demoIssue(checkout, reference),
  );
}

/**
 * The local demo bank's confirmation of a demo transfer, signed like a provider's webhook
 * (webhooks/demoWebhook.ts): a pending demo checkout is fulfilled through the same fulfilment.
 */
export async function confirmDemoTransfer(deps: OrderServiceDeps, reference: string): Promise<OrderAnswer> {
  requireDemo(deps);
  const checkout = await checkoutFor(deps, 'demo', reference);
  if (!checkout) throw new PaymentNotVerifiedError('No checkout has this payment reference.');
  const done = await deps.fulfilment.replay('demo', reference, checkout.productId, checkout.customer.email);
  if (done) return done;
  if (checkout.status !== 'pending') throw new PaymentNotVerifiedError('No transfer was sent for this checkout.');
  return fulfilCheckout(
    deps,
    checkout,
    {
      provider: 'demo',
      reference,
      amountPaid: checkout.amount,
      paidAt: deps.now().toISOString(),
      // The local stack's demo plays Paystack, split included (docs/affiliates.md).
      splitVerified: true,
    },
    demoIssue(checkout, reference),
  );
}
