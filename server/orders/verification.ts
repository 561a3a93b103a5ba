// What proves a payment (docs/payments.md). Pure functions over the provider's answer and the
// product as stored, so every rule is unit tested; the messages are the ones the shopper reads (402).
import type { PaypalOrder } from '../payments/paypalClient';
import type { PaystackTransaction } from '../payments/paystackClient';
import { PaymentMismatchError, PaymentNotVerifiedError } from '../payments/providerErrors';
import { decimalToMinor } from '../../domain/money';

export interface PaidAmount {
  /** Major units. */
  amountPaid: number;
  paidAt: string | null;
}

const paystackStatusMessages: Record<string, string> = {
  failed: 'The payment failed at Paystack. No product was released.',
  abandoned: 'The payment was not completed at Paystack.',
  reversed: 'The payment was reversed at Paystack.',
  pending: 'The payment is still pending at Paystack. Please try again in a few minutes.',
  ongoing: 'The payment is still in progress at Paystack. Please try again in a few minutes.',
};

/** Paystack: the charge succeeded, whatever it was for; otherwise nothing was paid (402). */
export function checkPaystackPaid(transaction: PaystackTransaction): void {
  if (transaction.status !== 'success') {
    throw new PaymentNotVerifiedError(
      paystackStatusMessages[transaction.status] ?? 'Paystack has not confirmed this payment.',
    );
  }
}

/**
 * Paystack: status success (else not paid: PaymentNotVerifiedError), then currency NGN, at least the
 * checkout's amount in kobo and this product (else paid but not as asked: PaymentMismatchError).
 */
export function checkPaystackPayment(
  transaction: PaystackTransaction,
  expected: { productId: string; priceInKobo: number },
): PaidAmount {
  checkPaystackPaid(transaction);
  if (transaction.currency !== 'NGN') throw new PaymentMismatchError('The payment was not made in NGN.');
  if (!Number.isSafeInteger(transaction.amount) || transaction.amount < expected.priceInKobo) {
    throw new PaymentMismatchError('The amount paid is less than the price of this product.');
  }
  const productId = transaction.metadata.productId;
  if (typeof productId !== 'string' || productId !== expected.productId) {
    throw new PaymentMismatchError('This payment was made for a different product.');
  }
  return { amountPaid: transaction.amount / 100, paidAt: transaction.paidAt };
}

/**
 * How Paystack settled the charge against the checkout's split (docs/affiliates.md). True only when
 * Paystack's answer shows the split: the affiliate's subaccount, and the seller's share the checkout
 * fixed, read from `fees_split` (its `params.transaction_charge`, and what the subaccount received,
 * which may not exceed the rest). False: the charge was not split at all, which is still a sale whose
 * commission is then owed on the ledger. Anything else is paid but not as asked, for the seller to
 * look at (PaymentMismatchError): a split with a subaccount or a split group the checkout did not name,
 * or with another share (the buyer's browser sets the split in the popup, so it can send part of the
 * seller's money elsewhere), and a split Paystack's answer does not show the shares of, which is
 * never assumed to be the right one.
 */
export function checkPaystackSplit(
  transaction: PaystackTransaction,
  split: { subaccount: string; transactionChargeMinor: number } | null,
): boolean {
  const share = transaction.subaccountShare ?? null;
  if (transaction.splitCode) {
    throw new PaymentMismatchError('The payment was split by a Paystack split group this checkout did not name.');
  }
  if (!transaction.subaccountCode) {
    if (transaction.transactionCharge === null && share === null) return false;
    throw new PaymentMismatchError('The payment was split with a Paystack subaccount this checkout did not name.');
  }
  if (!split || transaction.subaccountCode !== split.subaccount) {
    throw new PaymentMismatchError('The payment was split with a Paystack subaccount this checkout did not name.');
  }
  if (transaction.transactionCharge === null && share === null) {
    throw new PaymentMismatchError("Paystack's answer does not show how this payment was split.");
  }
  const charge = transaction.transactionCharge ?? transaction.amount - (share ?? 0);
  if (charge !== split.transactionChargeMinor || (share !== null && share > transaction.amount - charge)) {
    throw new PaymentMismatchError("The payment was split with a share other than this checkout's.");
  }
  return true;
}

/**
 * PayPal, before capturing: the order pays the store's own merchant account, for this product at the
 * checkout's USD amount. Checked before any money moves, so an order the browser made up (the public
 * client id can create orders at any price, paying any account) is never captured.
 */
export function checkPaypalOrderTerms(
  order: PaypalOrder,
  expected: { productId: string; priceInCents: number; merchantId: string },
): void {
  if (!expected.merchantId || order.payeeMerchantId !== expected.merchantId) {
    throw new PaymentNotVerifiedError('This PayPal order does not pay this store.');
  }
  if (order.customId !== expected.productId) {
    throw new PaymentNotVerifiedError('This PayPal order was made for a different product.');
  }
  if (!order.amount || order.amount.currency !== 'USD') {
    throw new PaymentNotVerifiedError('The PayPal order is not in USD.');
  }
  if (decimalToMinor(order.amount.value) !== expected.priceInCents) {
    throw new PaymentNotVerifiedError('The PayPal order amount does not match the price of this product.');
  }
}

const captureStatusMessages: Record<string, string> = {
  DECLINED: 'PayPal declined the payment. Please try another payment method.',
  PENDING: 'PayPal is still processing this payment. If you were charged, please contact the seller.',
  FAILED: 'The PayPal payment failed.',
  REFUNDED: 'The PayPal payment was refunded.',
  PARTIALLY_REFUNDED: 'The PayPal payment was refunded.',
};

/** PayPal, after capturing: order and capture COMPLETED, the captured amount the price, this product. */
export function checkPaypalCapture(
  order: PaypalOrder,
  expected: { productId: string; priceInCents: number },
): PaidAmount {
  const capture = order.capture;
  if (!capture) throw new PaymentNotVerifiedError('The PayPal payment could not be completed.');
  if (capture.status !== 'COMPLETED') {
    throw new PaymentNotVerifiedError(
      captureStatusMessages[capture.status] ?? 'The PayPal payment could not be completed.',
    );
  }
  if (order.status !== 'COMPLETED') throw new PaymentNotVerifiedError('The PayPal payment could not be completed.');
  // From here on the money was captured: a mismatch is a payment to resolve by hand, not a refusal.
  if (!capture.amount || capture.amount.currency !== 'USD') {
    throw new PaymentMismatchError('The PayPal payment was not made in USD.');
  }
  const captured = decimalToMinor(capture.amount.value);
  if (captured === null || captured < expected.priceInCents) {
    throw new PaymentMismatchError('The amount paid does not match the price of this product.');
  }
  // The capture answer carries custom_id on the purchase unit, the capture, or both; none may differ.
  const ids = [order.customId, capture.customId].filter((id) => id !== '');
  if (ids.length === 0 || ids.some((id) => id !== expected.productId)) {
    throw new PaymentMismatchError('This PayPal order was made for a different product.');
  }
  return { amountPaid: captured / 100, paidAt: null };
}
