// The purchase flows (docs/payments.md): a checkout sets the price before any money moves; a payment is
// verified with the provider against its checkout, never against the product as it is now (unless it
// was made after the checkout's hour: checkouts/latePayments.ts), then fulfilled once. A payment the
// provider confirms but that cannot be fulfilled is recorded for the seller (paymentIssues), never
// dropped. The price never comes from the browser.
import { createHash } from 'node:crypto';
import type { DocumentData, Firestore, Transaction } from 'firebase-admin/firestore';
import type { CheckoutAnswer, CheckoutProvider, OrderAnswer, PriceQuoteAnswer } from '../../domain/apiContracts';
import { normalizeCode } from '../../domain/discounts';
import { customerFields, fieldError } from '../../domain/fieldRules';
import { withoutForbiddenCharacters } from '../../domain/textSafety';
import { CheckoutRefusedError, type Checkout, type CheckoutStore } from '../checkouts/checkouts';
import { checkFreeCodeUse, DiscountCodeRefusedError } from '../checkouts/discountCodes';
import { paidInTime } from '../checkouts/latePayments';
import type { ServerConfig } from '../config';
import { addressKey } from '../lib/addressKey';
import { oneLine } from '../mail/html';
import {
  metadataText,
  PaymentIssueRecordedError,
  type PaymentIssueFacts,
  type PaymentIssues,
} from '../payments/paymentIssues';
import type { PaypalClient, PaypalOrder } from '../payments/paypalClient';
import type { PaystackClient, PaystackTransaction } from '../payments/paystackClient';
import { isRecord, PaymentMismatchError, PaymentNotVerifiedError } from '../payments/providerErrors';
import {
  ReferenceConflictError,
  transactionIdFor,
  transactionsCollection,
  type FulfilOutcome,
  type Fulfilment,
  type Provider,
} from './fulfilment';
import { decimalToMinor, minorToDecimal, toMinorUnits, type Currency } from './money';
import { checkPaypalCapture, checkPaypalOrderTerms, checkPaystackPaid, checkPaystackPayment } from './verification';

export { ProductNotFoundError } from '../checkouts/checkouts';

export interface Buyer {
  name: string;
  email: string;
  phone: string;
}

/** A provider that has no keys on this deployment, or demo payments where they are off. */
export class PaymentMethodUnavailableError extends Error {
  override name = 'PaymentMethodUnavailableError';
  constructor(
    message: string,
    readonly status: 403 | 503,
  ) {
    super(message);
  }
}

/** The buyer of record is the checkout's: a call naming another address gets neither product nor link. */
export const anotherBuyerMessage =
  'This payment was made with another e-mail address. Please enter the e-mail address you paid with.';

export interface OrderServiceDeps {
  db: Firestore;
  config: Pick<ServerConfig, 'DEMO_PAYMENTS' | 'PAYPAL_MERCHANT_ID'>;
  paystack: PaystackClient | null;
  paypal: PaypalClient | null;
  checkouts: CheckoutStore;
  fulfilment: Fulfilment;
  issues: PaymentIssues;
  now: () => Date;
}

export interface OrderService {
  createCheckout(input: {
    productId: string;
    currency: Currency;
    customer: Buyer;
    code?: string | undefined;
    provider?: Exclude<CheckoutProvider, 'free'> | undefined;
    /** A checkout to resume (the reminder's link); used only while it still fits this request. */
    checkoutId?: string | undefined;
    /** The client's address (req.ip): one client holds one use of a limited code at a time. */
    clientAddress: string | null;
  }): Promise<CheckoutAnswer>;
  /** What a code would make of the price now (the dialog's Apply); reserves nothing. */
  quote(input: {
    productId: string;
    currency: Currency;
    code: string;
    email?: string | undefined;
  }): Promise<PriceQuoteAnswer>;
  /** Completes a checkout a discount code made free, through the same fulfilment (paymentMethod 'Free'). */
  payFree(input: { reference: string; productId: string; customer: Buyer }): Promise<OrderAnswer>;
  payWithPaystack(input: { reference: string; productId: string; customer: Buyer }): Promise<OrderAnswer>;
  payWithDemo(input: {
    reference: string;
    productId: string;
    currency: Currency;
    customer: Buyer;
  }): Promise<OrderAnswer>;
  createPaypalOrder(input: { checkoutId: string }): Promise<{ id: string }>;
  capturePaypalOrder(input: { orderId: string; productId: string; customer: Buyer }): Promise<OrderAnswer>;
  /** The webhook's charge.success: the same verification against the checkout, its buyer of record. */
  fulfilPaystackCharge(event: PaystackTransaction): Promise<OrderAnswer | null>;
}

/** A second free order of one product for one mailbox (a 100% code is once per mailbox and product). */
export const freeAlreadyHad =
  'This e-mail address has already had this product free. Your link is in your e-mail, or ask for it again on the My purchases page.';

export const checkoutExpired = 'This checkout has expired. Please close the payment window and try again.';

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

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function createOrderService({
  db,
  config,
  paystack,
  paypal,
  checkouts,
  fulfilment,
  issues,
  now,
}: OrderServiceDeps): OrderService {
  /** The record of a free sale under this reference. */
  const freeSaleRef = (reference: string) =>
    db.collection(transactionsCollection).doc(transactionIdFor('free', reference));

  function requirePaystack(): PaystackClient {
    if (!paystack) throw new PaymentMethodUnavailableError('Card payments are not available right now.', 503);
    return paystack;
  }

  function requirePaypal(): PaypalClient {
    if (!paypal) throw new PaymentMethodUnavailableError('PayPal payments are not available right now.', 503);
    return paypal;
  }

  function requireDemo(): void {
    if (!config.DEMO_PAYMENTS) throw new PaymentMethodUnavailableError('Demo payments are not available.', 403);
  }

  function paidAtIso(value: string | null): string {
    const parsed = value ? Date.parse(value) : Number.NaN;
    return Number.isNaN(parsed) ? now().toISOString() : new Date(parsed).toISOString();
  }

  /** The caller's claims against the checkout, before any provider is asked. */
  function checkClaims(checkout: Checkout, productId: string, customer: Buyer): void {
    if (checkout.productId !== productId) {
      throw new ReferenceConflictError('This payment reference belongs to another product.');
    }
    if (!sameAddress(checkout.customer.email, customer.email)) throw new ReferenceConflictError(anotherBuyerMessage);
  }

  async function checkoutFor(provider: Provider, reference: string): Promise<Checkout | null> {
    const checkout = await checkouts.byReference(reference);
    return checkout && checkout.provider === provider ? checkout : null;
  }

  /**
   * Fulfils a verified payment as its checkout set it (product, price and buyer of record), or, when
   * the checkout's price no longer holds at the payment time, at today's price or as a payment issue
   * (`issue`, its reason filled in by fulfilment; null for a free order, which is then refused).
   */
  async function fulfilCheckout(
    checkout: Checkout,
    paid: {
      provider: Provider;
      reference: string;
      amountPaid: number;
      paidAt: string;
      captureId?: string;
      guard?: (transaction: Transaction, existing: DocumentData | undefined) => Promise<void>;
    },
    issue: PaymentIssueFacts | null,
  ): Promise<OrderAnswer> {
    // The deliverable as it is now, else as it was when the checkout was made (the product may have
    // been deleted since, and its deliverable with it: paid is paid).
    const current: unknown = (await db.collection('productDeliverables').doc(checkout.productId).get()).data()?.url;
    const outcome = await fulfilment.fulfil({
      provider: paid.provider,
      reference: paid.reference,
      productId: checkout.productId,
      productName: checkout.productName,
      productUrl: typeof current === 'string' && current ? current : checkout.deliverableUrl,
      amount: checkout.amount,
      amountPaid: paid.amountPaid,
      currency: checkout.currency,
      paidAt: paid.paidAt,
      customer: checkout.customer,
      checkout: {
        id: checkout.id,
        listPrice: checkout.listPrice,
        discountCode: checkout.discountCode,
        discountAmount: checkout.discountAmount,
        expiresAt: checkout.expiresAt,
      },
      ...(paid.captureId ? { captureId: paid.captureId } : {}),
      issue,
      ...(paid.guard ? { guard: paid.guard } : {}),
    });
    return answerOf(outcome);
  }

  /** The order routes' answer for what fulfilment made of a payment. */
  async function answerOf(outcome: FulfilOutcome): Promise<OrderAnswer> {
    if (outcome.kind === 'sale') return outcome.answer;
    if (outcome.kind === 'refused') throw new CheckoutRefusedError(checkoutExpired, 410);
    // Only the call that created the issue e-mails the seller, as issues.record does.
    if (outcome.created) await issues.notifySeller(outcome.id, outcome.facts);
    throw new PaymentIssueRecordedError(outcome.id, outcome.email);
  }

  /** The seller's record of a demo payment that could not be fulfilled (the local stack only). */
  function demoIssue(checkout: Checkout, reference: string): PaymentIssueFacts {
    return {
      provider: 'demo',
      reference,
      amount: checkout.amount,
      currency: checkout.currency,
      status: 'demo',
      customer: checkout.customer,
      metadata: '',
      checkoutId: checkout.id,
      productId: checkout.productId,
      productName: checkout.productName,
      expectedAmount: checkout.amount,
      expectedCurrency: checkout.currency,
      event: null,
      reason: '',
    };
  }

  function paystackIssue(
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

  /** A verified Paystack answer against its checkout: fulfilled, refused as unpaid, or recorded. */
  async function settlePaystack(
    transaction: PaystackTransaction,
    checkout: Checkout | null,
    fallbackBuyer: Buyer | null,
  ): Promise<OrderAnswer> {
    if (!checkout) {
      // Not paid: an ordinary refusal. Paid under a reference the store never issued: for the seller.
      checkPaystackPaid(transaction);
      return issues.record(
        paystackIssue(transaction, null, fallbackBuyer, 'The payment reference belongs to no checkout of this store.'),
      );
    }
    let paid;
    try {
      paid = checkPaystackPayment(transaction, {
        productId: checkout.productId,
        priceInKobo: toMinorUnits(checkout.amount),
      });
    } catch (error) {
      if (error instanceof PaymentMismatchError) {
        return issues.record(paystackIssue(transaction, checkout, fallbackBuyer, error.message));
      }
      throw error;
    }
    return fulfilCheckout(
      checkout,
      {
        provider: 'paystack',
        reference: transaction.reference,
        amountPaid: paid.amountPaid,
        paidAt: paidAtIso(paid.paidAt),
      },
      paystackIssue(transaction, checkout, fallbackBuyer, ''),
    );
  }

  async function verifyPaystack(reference: string): Promise<PaystackTransaction> {
    const transaction = await requirePaystack().verify(reference);
    if (!transaction) throw new PaymentNotVerifiedError('Paystack has no payment with this reference.');
    // Paystack answers for the reference asked; a different one would be a provider fault.
    if (transaction.reference && transaction.reference !== reference) {
      throw new PaymentNotVerifiedError('Paystack has no payment with this reference.');
    }
    return { ...transaction, reference };
  }

  /** An already recorded sale for this reference, answered for the buyer it was recorded for. */
  async function replayRecorded(provider: Provider, reference: string): Promise<OrderAnswer | null> {
    const record = (
      await db.collection(transactionsCollection).doc(transactionIdFor(provider, reference)).get()
    ).data();
    if (!record) return null;
    return fulfilment.replay(provider, reference, String(record.productId), String(record.customerEmail));
  }

  function paypalIssue(order: PaypalOrder, checkout: Checkout, reason: string): PaymentIssueFacts {
    const amount = order.capture?.amount ?? order.amount;
    const minor = amount ? decimalToMinor(amount.value) : null;
    return {
      provider: 'paypal',
      reference: order.id,
      amount: minor === null ? Number.NaN : minor / 100,
      currency: amount?.currency ?? '',
      status: order.capture?.status ?? order.status,
      customer: checkout.customer,
      metadata: metadataText({ custom_id: order.customId, payee: order.payeeMerchantId }),
      checkoutId: checkout.id,
      productId: checkout.productId,
      productName: checkout.productName,
      expectedAmount: checkout.amount,
      expectedCurrency: checkout.currency,
      event: null,
      reason,
    };
  }

  return {
    async createCheckout({ productId, currency, customer, code, provider, checkoutId, clientAddress }) {
      const chosen = provider ?? (currency === 'NGN' ? 'paystack' : 'paypal');
      const checkProvider = () => {
        if (chosen === 'demo') requireDemo();
        else if (chosen === 'paystack') {
          // Paystack charges this store in NGN only; USD goes through PayPal (docs/payments.md).
          if (currency !== 'NGN') {
            throw new CheckoutRefusedError('Card payments are in NGN. Please pay in USD with PayPal.', 400);
          }
          requirePaystack();
        } else {
          if (currency !== 'USD') throw new CheckoutRefusedError('PayPal payments are in USD.', 400);
          requirePaypal();
        }
      };
      const wantedCode = code?.trim() ? normalizeCode(code) : null;
      if (checkoutId) {
        const earlier = await checkouts.byId(checkoutId);
        // The same price only for the same purchase: product, currency, buyer, code and a provider
        // that fits, while the checkout is open, unexpired and still holds its code's use; otherwise
        // a new one at today's price.
        if (
          earlier &&
          earlier.status === 'open' &&
          !checkouts.isExpired(earlier) &&
          !earlier.codeHoldReplacedBy &&
          earlier.productId === productId &&
          earlier.currency === currency &&
          sameAddress(earlier.customer.email, customer.email) &&
          earlier.discountCode === wantedCode &&
          (earlier.provider === chosen || earlier.provider === 'free')
        ) {
          if (earlier.provider !== 'free') checkProvider();
          return checkouts.answerFor(earlier);
        }
      }
      const { answer } = await checkouts.create({
        productId,
        currency,
        provider: chosen,
        customer,
        code: wantedCode ?? undefined,
        clientAddress,
        // Refused before anything is written, so a code use is never held for a provider that cannot
        // take the payment; once the price is known, since a free order needs no provider at all.
        // Whether this address had the product free is not asked here: the answer would tell anyone
        // who the store's buyers are. The free order's fulfilment decides it (payFree).
        beforeWrite: (amountMinor) => {
          if (amountMinor > 0) checkProvider();
        },
      });
      return answer;
    },

    // The same answer for a buyer and a stranger: what an address had free is decided at fulfilment.
    quote: ({ productId, currency, code, email }) => checkouts.quote({ productId, currency, code, email: email ?? '' }),

    async payFree({ reference, productId, customer }) {
      const checkout = await checkoutFor('free', reference);
      // No money moves in a free order, so a reference without a checkout is simply refused.
      if (!checkout) throw new PaymentNotVerifiedError('No checkout has this payment reference.');
      checkClaims(checkout, productId, customer);
      if (checkout.amount !== 0) throw new PaymentNotVerifiedError('This checkout is not free.');
      const { email } = checkout.customer;
      const freeRef = freeReference(email, checkout.productId);
      const legacyRef = legacyFreeReference(email, checkout.productId);
      for (const reference of [freeRef, legacyRef]) {
        const earlier = (await freeSaleRef(reference).get()).data();
        if (!earlier) continue;
        // The same checkout asking again (a lost answer) gets the first answer; another one is refused.
        if (earlier.checkoutId !== checkout.id) throw new CheckoutRefusedError(freeAlreadyHad, 409);
        const done = await fulfilment.replay('free', reference, checkout.productId, email);
        if (done) return done;
      }
      // Nothing was paid, so an expired free checkout is not honoured: its code use may be gone.
      if (checkout.status !== 'open' || checkouts.isExpired(checkout))
        throw new CheckoutRefusedError(checkoutExpired, 410);
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
        if ((await t.get(freeSaleRef(legacyRef))).exists) throw new CheckoutRefusedError(freeAlreadyHad, 409);
        if (checkout.discountCode) {
          await checkFreeCodeUse(t, db, { code: checkout.discountCode, checkoutId: checkout.id, email });
        }
      };
      try {
        return await fulfilCheckout(
          checkout,
          { provider: 'free', reference: freeRef, amountPaid: 0, paidAt: now().toISOString(), guard },
          null,
        );
      } catch (error) {
        // The code's reason in the buyer's words, as a refusal of this order rather than of a code typed.
        if (error instanceof DiscountCodeRefusedError) throw new CheckoutRefusedError(error.message, 409);
        throw error;
      }
    },

    async payWithPaystack({ reference, productId, customer }) {
      // A reference already fulfilled answers from the record: no second provider call, no second e-mail.
      const done = await fulfilment.replay('paystack', reference, productId, customer.email);
      if (done) return done;
      requirePaystack();
      const checkout = await checkoutFor('paystack', reference);
      if (checkout) checkClaims(checkout, productId, customer);
      const transaction = await verifyPaystack(reference);
      return settlePaystack(transaction, checkout, customer);
    },

    async payWithDemo({ reference, productId, currency, customer }) {
      requireDemo();
      const done = await fulfilment.replay('demo', reference, productId, customer.email);
      if (done) return done;
      const checkout = await checkoutFor('demo', reference);
      // No money moves in a demo payment, so a reference without a checkout is simply refused.
      if (!checkout) throw new PaymentNotVerifiedError('No checkout has this payment reference.');
      checkClaims(checkout, productId, customer);
      if (checkout.currency !== currency) {
        throw new PaymentNotVerifiedError(`This checkout is in ${checkout.currency}.`);
      }
      return fulfilCheckout(
        checkout,
        { provider: 'demo', reference, amountPaid: checkout.amount, paidAt: now().toISOString() },
        demoIssue(checkout, reference),
      );
    },

    async createPaypalOrder({ checkoutId }) {
      const client = requirePaypal();
      const checkout = await checkouts.byId(checkoutId);
      if (!checkout || checkout.provider !== 'paypal') {
        throw new CheckoutRefusedError(
          'This checkout is not valid. Please close the payment window and try again.',
          410,
        );
      }
      // One checkout, one PayPal order: reopening PayPal's window pays the same order.
      if (checkout.paypalOrderId) return { id: checkout.paypalOrderId };
      if (checkout.status !== 'open' || checkouts.isExpired(checkout)) {
        throw new CheckoutRefusedError(checkoutExpired, 410);
      }
      const { id } = await client.createOrder({
        productId: checkout.productId,
        description: checkout.productName,
        value: minorToDecimal(toMinorUnits(checkout.amount)),
      });
      return { id: await checkouts.recordPaypalOrder(checkout.id, id) };
    },

    async capturePaypalOrder({ orderId, productId, customer }) {
      const done = await fulfilment.replay('paypal', orderId, productId, customer.email);
      if (done) return done;
      const client = requirePaypal();
      // Only an order the API created for a checkout is ever captured: refused before PayPal is asked.
      const checkout = await checkouts.byPaypalOrder(orderId);
      if (!checkout || checkout.provider !== 'paypal') {
        throw new PaymentNotVerifiedError('This PayPal order was not created by this store.');
      }
      checkClaims(checkout, productId, customer);
      const expected = {
        productId: checkout.productId,
        priceInCents: toMinorUnits(checkout.amount),
        merchantId: config.PAYPAL_MERCHANT_ID ?? '',
      };
      let order = await client.getOrder(orderId);
      if (!order) throw new PaymentNotVerifiedError('PayPal has no order with this id.');
      checkPaypalOrderTerms(order, expected);
      // An approved order is money not yet taken: after the checkout's hour (and grace) it is not
      // captured at all, rather than captured and then found to pay a price no longer offered.
      if (order.status === 'APPROVED' && !paidInTime(checkout.expiresAt, now())) {
        throw new CheckoutRefusedError(checkoutExpired, 410);
      }
      if (order.status === 'APPROVED') order = await client.captureOrder(orderId);
      else if (order.status !== 'COMPLETED') {
        throw new PaymentNotVerifiedError('The PayPal payment has not been approved.');
      }
      let paid;
      try {
        paid = checkPaypalCapture(order, expected);
      } catch (error) {
        if (error instanceof PaymentMismatchError) return issues.record(paypalIssue(order, checkout, error.message));
        throw error;
      }
      return fulfilCheckout(
        checkout,
        {
          provider: 'paypal',
          reference: orderId,
          amountPaid: paid.amountPaid,
          // PayPal's own time of the capture; without one, now.
          paidAt: paidAtIso(order.capture?.createTime || null),
          ...(order.capture?.id ? { captureId: order.capture.id } : {}),
        },
        paypalIssue(order, checkout, ''),
      );
    },

    async fulfilPaystackCharge(event) {
      if (!event.reference) return null;
      const done = await replayRecorded('paystack', event.reference);
      if (done) return done;
      // The event is signed, but the charge is verified again like a client call: one rule for both.
      const transaction = await verifyPaystack(event.reference);
      const checkout = await checkoutFor('paystack', event.reference);
      return settlePaystack(transaction, checkout, null);
    },
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
