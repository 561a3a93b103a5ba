// Checkout sessions (docs/payments.md, 'Checkout sessions'): before any money moves the API reads the
// product, sets the price and stores it with a reference and an expiry. Every payment is then checked
// against its checkout, never against the product as it is at payment time, so a buyer who paid what
// we asked is served even if the seller repriced or deleted the product meanwhile.
import { randomBytes } from 'node:crypto';
import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import type { CheckoutAnswer, CheckoutProvider } from '../../domain/apiContracts';
import type { Currency } from '../orders/money';
import { toMinorUnits } from '../orders/money';

export const checkoutsCollection = 'checkouts';

export type CheckoutStatus = 'open' | 'paid' | 'expired';

export interface CheckoutCustomer {
  name: string;
  email: string;
  phone: string;
}

/** checkouts/{id}, written by the API only. */
export interface CheckoutRecord {
  reference: string;
  provider: CheckoutProvider;
  productId: string;
  productName: string;
  /**
   * The deliverable link when the checkout was made, so a sale still opens something after the
   * product (and with it its productDeliverables document) was deleted. Private: API only.
   */
  deliverableUrl: string;
  currency: Currency;
  listPrice: number;
  discountCode: string | null;
  discountAmount: number;
  /** What the buyer must pay, in major units. */
  amount: number;
  customer: CheckoutCustomer;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  status: CheckoutStatus;
  reminder: null | 'sent' | 'skipped';
  /** The PayPal order the API created for this checkout; only that order is ever captured. */
  paypalOrderId: string | null;
  transactionId?: string;
}

export interface Checkout extends CheckoutRecord {
  id: string;
}

export class ProductNotFoundError extends Error {
  override name = 'ProductNotFoundError';
  constructor() {
    super('This product is no longer available.');
  }
}

/** A request the checkout cannot take (a discount code for now, a provider that does not fit). */
export class CheckoutRefusedError extends Error {
  override name = 'CheckoutRefusedError';
  constructor(
    message: string,
    readonly status: 400 | 403 | 410 | 503,
  ) {
    super(message);
  }
}

export const discountCodesUnavailable = 'Discount codes are not available yet.';

const referencePrefix: Record<CheckoutProvider, string> = { paystack: 'ds', paypal: 'pp', demo: 'demo' };
const referencePattern = /^(ds|pp|demo)-([0-9a-f]{20})$/;

/** The checkout id a reference names, or null when it is not one of ours. */
export function checkoutIdOf(reference: string): string | null {
  return referencePattern.exec(reference)?.[2] ?? null;
}

function positivePrice(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

export interface CheckoutStoreDeps {
  db: Firestore;
  now: () => Date;
  ttlMinutes: number;
}

export interface NewCheckout {
  productId: string;
  currency: Currency;
  provider: CheckoutProvider;
  customer: CheckoutCustomer;
}

export interface CheckoutStore {
  create(input: NewCheckout): Promise<{ checkout: Checkout; answer: CheckoutAnswer }>;
  /** The checkout a reference belongs to, or null for a reference the store never issued. */
  byReference(reference: string): Promise<Checkout | null>;
  byId(id: string): Promise<Checkout | null>;
  /** The checkout whose recorded PayPal order this is, or null for an order the API did not create. */
  byPaypalOrder(orderId: string): Promise<Checkout | null>;
  /**
   * Records the PayPal order created for a checkout; when another call recorded one first, that one
   * stands and is returned (the other order is never captured).
   */
  recordPaypalOrder(checkoutId: string, orderId: string): Promise<string>;
  isExpired(checkout: Checkout): boolean;
}

export function createCheckoutStore({ db, now, ttlMinutes }: CheckoutStoreDeps): CheckoutStore {
  const collection = () => db.collection(checkoutsCollection);

  function read(id: string, data: DocumentData | undefined): Checkout | null {
    return data ? ({ id, ...data } as Checkout) : null;
  }

  async function byId(id: string): Promise<Checkout | null> {
    const snapshot = await collection().doc(id).get();
    return read(id, snapshot.data());
  }

  return {
    async create({ productId, currency, provider, customer }) {
      const [product, deliverable] = await db.getAll(
        db.collection('products').doc(productId),
        db.collection('productDeliverables').doc(productId),
      );
      const data = product?.data();
      if (!data) throw new ProductNotFoundError();
      const listPrice: unknown = currency === 'NGN' ? data.priceInNgn : data.priceInUsd;
      if (!positivePrice(listPrice)) throw new Error(`Product ${productId} has no valid ${currency} price`);
      const url: unknown = deliverable?.data()?.url;
      const id = randomBytes(10).toString('hex');
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + ttlMinutes * 60_000);
      // Whole minor units, so a stored 9.990000001 can never ask for a fraction of a cent.
      const amount = toMinorUnits(listPrice) / 100;
      const record: CheckoutRecord = {
        reference: `${referencePrefix[provider]}-${id}`,
        provider,
        productId,
        productName: typeof data.title === 'string' ? data.title : productId,
        deliverableUrl: typeof url === 'string' ? url : '',
        currency,
        listPrice: amount,
        discountCode: null,
        discountAmount: 0,
        amount,
        customer: { name: customer.name, email: customer.email.trim().toLowerCase(), phone: customer.phone },
        createdAt: Timestamp.fromDate(createdAt),
        expiresAt: Timestamp.fromDate(expiresAt),
        status: 'open',
        reminder: null,
        paypalOrderId: null,
      };
      await collection().doc(id).create(record);
      return {
        checkout: { id, ...record },
        answer: {
          checkoutId: id,
          reference: record.reference,
          provider,
          amount,
          listPrice: amount,
          discount: 0,
          currency,
          expiresAt: expiresAt.toISOString(),
        },
      };
    },

    async byReference(reference) {
      const id = checkoutIdOf(reference);
      if (!id) return null;
      const checkout = await byId(id);
      return checkout && checkout.reference === reference ? checkout : null;
    },

    byId,

    async byPaypalOrder(orderId) {
      const snapshot = await collection().where('paypalOrderId', '==', orderId).limit(2).get();
      // Order ids are PayPal's and unique; two checkouts naming one would be a fault, never honoured.
      if (snapshot.size !== 1) return null;
      const doc = snapshot.docs[0];
      return doc ? read(doc.id, doc.data()) : null;
    },

    async recordPaypalOrder(checkoutId, orderId) {
      const ref = collection().doc(checkoutId);
      return db.runTransaction(async (t) => {
        const current = (await t.get(ref)).data() as CheckoutRecord | undefined;
        if (!current) throw new Error(`Checkout ${checkoutId} vanished`);
        if (current.paypalOrderId) return current.paypalOrderId;
        t.update(ref, { paypalOrderId: orderId });
        return orderId;
      });
    },

    isExpired(checkout) {
      return checkout.expiresAt.toMillis() <= now().getTime();
    },
  };
}
