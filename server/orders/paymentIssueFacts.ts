// The seller's records of payments that could not be fulfilled ('Needs attention', docs/payments.md),
// one builder per provider, and the buyer read back from a Paystack payment's metadata.
import { customerFields, fieldError } from '../../domain/fieldRules';
import { withoutForbiddenCharacters } from '../../domain/textSafety';
import type { Checkout } from '../checkouts/checkouts';
import { oneLine } from '../mail/html';
import { metadataText, type PaymentIssueFacts } from '../payments/paymentIssues';
import type { PaypalOrder } from '../payments/paypalClient';
import type { PaystackTransaction } from '../payments/paystackClient';
import { isRecord } from '../payments/providerErrors';
import type { Buyer } from './orderContext';
import { decimalToMinor } from '../../domain/money';

/** What an issue says of the checkout the payment was for: its buyer, product and the price it set. */
function checkoutFacts(checkout: Checkout) {
  return {
    customer: checkout.customer,
    checkoutId: checkout.id,
    productId: checkout.productId,
    productName: checkout.productName,
    expectedAmount: checkout.amount,
    expectedCurrency: checkout.currency,
  };
}

/** The seller's record of a demo payment that could not be fulfilled (the local stack only). */
export function demoIssue(checkout: Checkout, reference: string): PaymentIssueFacts {
  return {
    provider: 'demo',
    reference,
    amount: checkout.amount,
    currency: checkout.currency,
    status: 'demo',
    ...checkoutFacts(checkout),
    metadata: '',
    event: null,
    reason: '',
  };
}

export function paystackIssue(
  transaction: PaystackTransaction,
  checkout: Checkout | null,
  fallbackBuyer: Buyer | null,
  reason: string,
): PaymentIssueFacts {
  const customer = checkout?.customer ?? buyerFromMetadata(transaction) ?? fallbackBuyer;
  const productId = transaction.metadata.productId;
  return {
    provider: 'paystack',
    reference: transaction.reference,
    amount: transaction.amount / 100,
    currency: transaction.currency,
    status: transaction.status,
    customer: customer ?? { name: '', email: '', phone: '' },
    metadata: metadataText(transaction.metadata),
    checkoutId: checkout?.id ?? null,
    productId: checkout?.productId ?? (typeof productId === 'string' ? text(productId, 128) : ''),
    productName: checkout?.productName ?? '',
    expectedAmount: checkout?.amount ?? null,
    expectedCurrency: checkout?.currency ?? null,
    event: null,
    reason,
  };
}

export function paypalIssue(order: PaypalOrder, checkout: Checkout, reason: string): PaymentIssueFacts {
  const amount = order.capture?.amount ?? order.amount;
  const minor = amount ? decimalToMinor(amount.value) : null;
  return {
    provider: 'paypal',
    reference: order.id,
    amount: minor === null ? Number.NaN : minor / 100,
    currency: amount?.currency ?? '',
    status: order.capture?.status ?? order.status,
    ...checkoutFacts(checkout),
    metadata: metadataText({ custom_id: order.customId, payee: order.payeeMerchantId }),
    event: null,
    reason,
  };
}

/**
 * Metadata is the browser's word, signed by nobody: one line, without the invisible and direction
 * characters the payment form refuses, and bounded, before it reaches a record or a mail header.
 * The charge is paid, so the buyer is cleaned rather than refused.
 */
function text(value: unknown, max = 100): string {
  if (typeof value !== 'string') return '';
  // Cut first, then cleaned: a cut through a surrogate pair leaves half a character, which goes too.
  return withoutForbiddenCharacters(oneLine(value).slice(0, max));
}

/** The buyer the popup was opened with (metadata.customer), else what Paystack knows of them. */
export function buyerFromMetadata(event: PaystackTransaction): Buyer | null {
  const customer = isRecord(event.metadata.customer) ? event.metadata.customer : {};
  const name =
    text(customer.name) || [event.customer.firstName, event.customer.lastName].map(text).filter(Boolean).join(' ');
  const email = [text(customer.email, 254), text(event.customer.email, 254)].find(
    (candidate) => fieldError(customerFields.email, candidate) === null,
  );
  const phone = text(customer.phone, 30) || text(event.customer.phone, 30);
  if (!email) return null;
  return { name: name || email, email, phone };
}
