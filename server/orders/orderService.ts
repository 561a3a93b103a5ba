// The purchase flows (docs/payments.md): verify with the provider against the product as stored, then
// fulfil once. The price always comes from Firestore, never from the browser.
import type { Firestore } from 'firebase-admin/firestore';
import type { OrderAnswer } from '../../domain/apiContracts';
import { customerFields, fieldError } from '../../domain/fieldRules';
import { withoutForbiddenCharacters } from '../../domain/textSafety';
import type { ServerConfig } from '../config';
import { oneLine } from '../mail/html';
import type { PaypalClient } from '../payments/paypalClient';
import type { PaystackClient, PaystackTransaction } from '../payments/paystackClient';
import { isRecord, PaymentNotVerifiedError } from '../payments/providerErrors';
import type { Fulfilment, Provider } from './fulfilment';
import { minorToDecimal, toMinorUnits, type Currency } from './money';
import { checkPaypalCapture, checkPaypalOrderTerms, checkPaystackPayment } from './verification';

export interface ProductForSale {
  id: string;
  title: string;
  priceInNgn: number;
  priceInUsd: number;
  /** The deliverable as it is now ('' when the admin has not set one yet). */
  url: string;
}

export interface Buyer {
  name: string;
  email: string;
  phone: string;
}

export class ProductNotFoundError extends Error {
  override name = 'ProductNotFoundError';
  constructor() {
    super('This product is no longer available.');
  }
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

export interface OrderServiceDeps {
  db: Firestore;
  config: Pick<ServerConfig, 'DEMO_PAYMENTS'>;
  paystack: PaystackClient | null;
  paypal: PaypalClient | null;
  fulfilment: Fulfilment;
  now: () => Date;
}

export interface OrderService {
  payWithPaystack(input: { reference: string; productId: string; customer: Buyer }): Promise<OrderAnswer>;
  payWithDemo(input: {
    reference: string;
    productId: string;
    currency: Currency;
    customer: Buyer;
  }): Promise<OrderAnswer>;
  createPaypalOrder(input: { productId: string }): Promise<{ id: string }>;
  capturePaypalOrder(input: { orderId: string; productId: string; customer: Buyer }): Promise<OrderAnswer>;
  /** The webhook's charge.success: the same verification, buyer and product from the payment's metadata. */
  fulfilPaystackCharge(event: PaystackTransaction): Promise<OrderAnswer | null>;
}

function positivePrice(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

export function createOrderService({ db, config, paystack, paypal, fulfilment, now }: OrderServiceDeps): OrderService {
  async function loadProduct(productId: string): Promise<ProductForSale> {
    const [product, deliverable] = await db.getAll(
      db.collection('products').doc(productId),
      db.collection('productDeliverables').doc(productId),
    );
    const data = product?.data();
    if (!data) throw new ProductNotFoundError();
    if (!positivePrice(data.priceInNgn) || !positivePrice(data.priceInUsd)) {
      throw new Error(`Product ${productId} has no valid price`);
    }
    const url: unknown = deliverable?.data()?.url;
    return {
      id: productId,
      title: typeof data.title === 'string' ? data.title : productId,
      priceInNgn: data.priceInNgn,
      priceInUsd: data.priceInUsd,
      url: typeof url === 'string' ? url : '',
    };
  }

  function requirePaystack(): PaystackClient {
    if (!paystack) throw new PaymentMethodUnavailableError('Card payments are not available right now.', 503);
    return paystack;
  }

  function requirePaypal(): PaypalClient {
    if (!paypal) throw new PaymentMethodUnavailableError('PayPal payments are not available right now.', 503);
    return paypal;
  }

  async function fulfilPaystack(
    transaction: PaystackTransaction,
    productId: string,
    customer: Buyer,
  ): Promise<OrderAnswer> {
    const product = await loadProduct(productId);
    const paid = checkPaystackPayment(transaction, { productId, priceInKobo: toMinorUnits(product.priceInNgn) });
    return fulfilment.fulfil({
      provider: 'paystack',
      reference: transaction.reference,
      productId,
      productName: product.title,
      productUrl: product.url,
      amount: product.priceInNgn,
      amountPaid: paid.amountPaid,
      currency: 'NGN',
      paidAt: paidAtIso(paid.paidAt),
      customer,
    });
  }

  function paidAtIso(value: string | null): string {
    const parsed = value ? Date.parse(value) : Number.NaN;
    return Number.isNaN(parsed) ? now().toISOString() : new Date(parsed).toISOString();
  }

  async function replay(provider: Provider, reference: string, productId: string, buyer: Buyer) {
    return fulfilment.replay(provider, reference, productId, buyer.email);
  }

  return {
    async payWithPaystack({ reference, productId, customer }) {
      // A reference already fulfilled answers from the record: no second provider call, no second e-mail.
      const done = await replay('paystack', reference, productId, customer);
      if (done) return done;
      const client = requirePaystack();
      await loadProduct(productId);
      const transaction = await client.verify(reference);
      if (!transaction) throw new PaymentNotVerifiedError('Paystack has no payment with this reference.');
      // Paystack answers for the reference asked; a different one would be a provider fault.
      if (transaction.reference && transaction.reference !== reference) {
        throw new PaymentNotVerifiedError('Paystack has no payment with this reference.');
      }
      return fulfilPaystack({ ...transaction, reference }, productId, customer);
    },

    async payWithDemo({ reference, productId, currency, customer }) {
      if (!config.DEMO_PAYMENTS) throw new PaymentMethodUnavailableError('Demo payments are not available.', 403);
      const done = await replay('demo', reference, productId, customer);
      if (done) return done;
      const product = await loadProduct(productId);
      const amount = currency === 'NGN' ? product.priceInNgn : product.priceInUsd;
      return fulfilment.fulfil({
        provider: 'demo',
        reference,
        productId,
        productName: product.title,
        productUrl: product.url,
        amount,
        amountPaid: amount,
        currency,
        paidAt: now().toISOString(),
        customer,
      });
    },

    async createPaypalOrder({ productId }) {
      const client = requirePaypal();
      const product = await loadProduct(productId);
      return client.createOrder({
        productId,
        description: product.title,
        value: minorToDecimal(toMinorUnits(product.priceInUsd)),
      });
    },

    async capturePaypalOrder({ orderId, productId, customer }) {
      const done = await replay('paypal', orderId, productId, customer);
      if (done) return done;
      const client = requirePaypal();
      const product = await loadProduct(productId);
      const expected = { productId, priceInCents: toMinorUnits(product.priceInUsd) };
      let order = await client.getOrder(orderId);
      if (!order) throw new PaymentNotVerifiedError('PayPal has no order with this id.');
      checkPaypalOrderTerms(order, expected);
      if (order.status === 'APPROVED') order = await client.captureOrder(orderId);
      else if (order.status !== 'COMPLETED') {
        throw new PaymentNotVerifiedError('The PayPal payment has not been approved.');
      }
      const paid = checkPaypalCapture(order, expected);
      return fulfilment.fulfil({
        provider: 'paypal',
        reference: orderId,
        productId,
        productName: product.title,
        productUrl: product.url,
        amount: product.priceInUsd,
        amountPaid: paid.amountPaid,
        currency: 'USD',
        paidAt: now().toISOString(),
        customer,
      });
    },

    async fulfilPaystackCharge(event) {
      const productId = event.metadata.productId;
      if (typeof productId !== 'string' || !event.reference) return null;
      const customer = buyerFromMetadata(event);
      if (!customer) return null;
      const done = await replay('paystack', event.reference, productId, customer);
      if (done) return done;
      // The event is signed, but the charge is verified again like a client call: one rule for both.
      const transaction = await requirePaystack().verify(event.reference);
      if (!transaction) throw new PaymentNotVerifiedError('Paystack has no payment with this reference.');
      return fulfilPaystack({ ...transaction, reference: event.reference }, productId, customer);
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
