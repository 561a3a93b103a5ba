// Paystack payments (docs/payments.md): the buyer's call and the webhook's charge.success are verified
// with Paystack against their checkout by one rule, then fulfilled once.
import type { OrderAnswer } from '../../domain/apiContracts';
import type { Checkout } from '../checkouts/checkouts';
import type { PaystackTransaction } from '../payments/paystackClient';
import { PaymentMismatchError, PaymentNotVerifiedError } from '../payments/providerErrors';
import {
  checkClaims,
  checkoutFor,
  fulfilCheckout,
  paidAtIso,
  replayRecorded,
  requirePaystack,
  type Buyer,
  type OrderServiceDeps,
  type PaymentClaim,
} from './orderContext';
import { toMinor } from '../../domain/money';
import { paystackPaymentTime } from '../checkouts/latePayments';
import { transferStillAwaited } from '../checkouts/pendingPayments';
import { paystackIssue } from './paymentIssueFacts';
import { checkPaystackPaid, checkPaystackPayment, checkPaystackSplit } from './verification';

/** A verified Paystack answer against its checkout: fulfilled, refused as unpaid, or recorded. */
async function settlePaystack(
  deps: OrderServiceDeps,
  transaction: PaystackTransaction,
  checkout: Checkout | null,
  fallbackBuyer: Buyer | null,
): Promise<OrderAnswer> {
  if (!checkout) {
    // Not paid: an ordinary refusal. Paid under a reference the store never issued: for the seller.
    checkPaystackPaid(transaction);
    return deps.issues.record(
      paystackIssue(transaction, null, fallbackBuyer, 'The payment reference belongs to no checkout of this store.'),
    );
  }
  let paid;
  let splitVerified;
  try {
    paid = checkPaystackPayment(transaction, {
      productId: checkout.productId,
      priceInKobo: toMinor(checkout.amount),
    });
    splitVerified = checkPaystackSplit(transaction, checkout.split ?? null);
  } catch (error) {
    if (error instanceof PaymentMismatchError) {
      return deps.issues.record(paystackIssue(transaction, checkout, fallbackBuyer, error.message));
    }
    throw error;
  }
  return fulfilCheckout(
    deps,
    checkout,
    {
      provider: 'paystack',
      reference: transaction.reference,
      amountPaid: paid.amountPaid,
      paidAt: paidAtIso(deps, paid.paidAt),
      // A transfer confirmed after the hour is judged by when the buyer started it (Paystack's time),
      // only if Paystack confirmed it under way while the checkout waited, or it landed in time.
      judgedAt: paidAtIso(deps, paystackPaymentTime(transaction, { awaited: transferStillAwaited(checkout) })),
      splitVerified,
    },
    paystackIssue(transaction, checkout, fallbackBuyer, ''),
  );
}

async function verifyPaystack(deps: OrderServiceDeps, reference: string): Promise<PaystackTransaction> {
  const transaction = await requirePaystack(deps).verify(reference);
  if (!transaction) throw new PaymentNotVerifiedError('Paystack has no payment with this reference.');
  // Paystack answers for the reference asked; a different one would be a provider fault.
  if (transaction.reference && transaction.reference !== reference) {
    throw new PaymentNotVerifiedError('Paystack has no payment with this reference.');
  }
  return { ...transaction, reference };
}

export async function payWithPaystack(
  deps: OrderServiceDeps,
  { reference, productId, customer }: PaymentClaim,
): Promise<OrderAnswer> {
  // A reference already fulfilled answers from the record: no second provider call, no second e-mail.
  const done = await deps.fulfilment.replay('paystack', reference, productId, customer.email);
  if (done) return done;
  requirePaystack(deps);
  const checkout = await checkoutFor(deps, 'paystack', reference);
  if (checkout) checkClaims(checkout, productId, customer);
  const transaction = await verifyPaystack(deps, reference);
  return settlePaystack(deps, transaction, checkout, customer);
}

/** The webhook's charge.success: the same verification against the checkout, its buyer of record. */
export async function fulfilPaystackCharge(
  deps: OrderServiceDeps,
  event: PaystackTransaction,
): Promise<OrderAnswer | null> {
  if (!event.reference) return null;
  const done = await replayRecorded(deps, 'paystack', event.reference);
  if (done) return done;
  // The event is signed, but the charge is verified again like a client call: one rule for both.
  const transaction = await verifyPaystack(deps, event.reference);
  const checkout = await checkoutFor(deps, 'paystack', event.reference);
  return settlePaystack(deps, transaction, checkout, null);
}

/** Paystack's words for a payment started but not yet confirmed (a transfer being matched). */
export const paystackUnderWay: ReadonlySet<string> = new Set(['pending', 'ongoing', 'processing', 'queued']);

/**
 * The sweep's question for a checkout whose webhook may never have come: paid at Paystack? Then
 * fulfilled. 'waiting' while Paystack reports the payment under way.
 */
export async function fulfilPaystackCheckout(
  deps: OrderServiceDeps,
  checkout: Checkout,
): Promise<OrderAnswer | 'waiting'> {
  const done = await replayRecorded(deps, 'paystack', checkout.reference);
  if (done) return done;
  const transaction = await verifyPaystack(deps, checkout.reference);
  if (paystackUnderWay.has(transaction.status)) return 'waiting';
  return settlePaystack(deps, transaction, checkout, null);
}
