// Checkout sessions (docs/payments.md, 'Checkout sessions'): before any money moves the API reads the
// product, sets the price and stores it with a reference and an expiry. Every payment is then checked
// against its checkout, never against the product as it is at payment time, so a buyer who paid what
// we asked is served even if the seller repriced or deleted the product meanwhile; a payment made
// after the checkout's hour pays today's price instead (latePayments.ts).
import { randomBytes } from 'node:crypto';
import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import type { CheckoutAnswer, CheckoutProvider } from '../../domain/apiContracts';
import { checkoutAffiliate } from '../../domain/affiliates';
import { readCheckoutRecord, type CheckoutCustomer, type CheckoutRecord } from '../../domain/checkoutRecord';
import { chargedMinor } from '../../domain/discounts';
import { toMinor, type Currency } from '../../domain/money';
import { perPaymentMinor, productPricingFromData } from '../../domain/productPricing';
import { clientAddressKey } from '../lib/clientAddress';
import { quoteCodeUse, reserveCodeUse } from './discountCodes';
import { checkoutsCollection, deliverablesCollection, productsCollection } from '../lib/collections';

export type { CheckoutCustomer, CheckoutRecord, CheckoutStatus } from '../../domain/checkoutRecord';

/** checkouts/{id}, written by the API only and read back through domain/checkoutRecord.ts. */
export interface Checkout extends CheckoutRecord {
  id: string;
}

export class ProductNotFoundError extends Error {
  override name = 'ProductNotFoundError';
  constructor() {
    super('This product is no longer available.');
  }
}

/** A request the checkout cannot take (a provider that does not fit, a free order already had). */
export class CheckoutRefusedError extends Error {
  override name = 'CheckoutRefusedError';
  constructor(
    message: string,
    readonly status: 400 | 403 | 409 | 410 | 503,
  ) {
    super(message);
  }
}

const referencePrefix: Record<CheckoutProvider, string> = { paystack: 'ds', paypal: 'pp', demo: 'demo', free: 'free' };
const referencePattern = /^(ds|pp|demo|free)-([0-9a-f]{20})$/;

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
  /** The provider that collects a price above 0; a checkout with nothing to pay is 'free' instead. */
  provider: Exclude<CheckoutProvider, 'free'>;
  customer: CheckoutCustomer;
  /** A discount code as the buyer typed it; empty or absent for none. */
  code?: string | undefined;
  /** The client's address (req.ip), or null when unknown: one client holds one use of a limited code. */
  clientAddress: string | null;
  /**
   * Called with the amount due (minor units) once the price is known and before anything is
   * written; throwing refuses the checkout without holding a code use for nothing.
   */
  beforeWrite?: (amountMinor: number) => Promise<void> | void;
  /** The affiliate the checkout is attributed to (already accepted), or null. */
  affiliate?: { code: string; percent: number; subaccountCode: string | null } | null;
}

/** What a code would make of a product's price now (the dialog's Apply), in major units. */
export interface PriceQuote {
  code: string;
  currency: Currency;
  listPrice: number;
  discount: number;
  amount: number;
}

export interface CheckoutStore {
  create(input: NewCheckout): Promise<{ checkout: Checkout; answer: CheckoutAnswer }>;
  /** The price with `code` for this product and buyer now, reserving nothing. */
  quote(input: { productId: string; currency: Currency; code: string; email: string }): Promise<PriceQuote>;
  /** The answer POST /api/checkouts gives for an existing checkout (resuming it). */
  answerFor(checkout: Checkout): CheckoutAnswer;
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

function read(id: string, data: DocumentData | undefined): Checkout | null {
  const record = readCheckoutRecord(data);
  return record ? { id, ...record } : null;
}

async function readProduct(
  { db }: Pick<CheckoutStoreDeps, 'db'>,
  productId: string,
): Promise<{ data: DocumentData; deliverableUrl: string }> {
  const [product, deliverable] = await db.getAll(
    db.collection(productsCollection).doc(productId),
    db.collection(deliverablesCollection).doc(productId),
  );
  const data = product?.data();
  if (!data) throw new ProductNotFoundError();
  const url: unknown = deliverable?.data()?.url;
  return { data, deliverableUrl: typeof url === 'string' ? url : '' };
}

function listPriceMinorOf(data: DocumentData, productId: string, currency: Currency): number {
  const listPrice: unknown = currency === 'NGN' ? data.priceInNgn : data.priceInUsd;
  if (!positivePrice(listPrice)) throw new Error(`Product ${productId} has no valid ${currency} price`);
  // Whole minor units, so a stored 9.990000001 can never ask for a fraction of a cent; a product sold
  // in instalments charges one of them (docs/memberships.md).
  return perPaymentMinor(toMinor(listPrice), productPricingFromData(data.pricing));
}

function answerFor(checkout: Checkout): CheckoutAnswer {
  return {
    checkoutId: checkout.id,
    reference: checkout.reference,
    provider: checkout.provider,
    amount: checkout.amount,
    listPrice: checkout.listPrice,
    discount: checkout.discountAmount,
    ...(checkout.discountCode ? { code: checkout.discountCode } : {}),
    currency: checkout.currency,
    expiresAt: checkout.expiresAt.toISOString(),
    ...(checkout.provider === 'paystack' && checkout.split
      ? {
          split: {
            subaccount: checkout.split.subaccount,
            transactionCharge: checkout.split.transactionChargeMinor,
            bearer: checkout.split.bearer,
          },
        }
      : {}),
  };
}

async function byId({ db }: Pick<CheckoutStoreDeps, 'db'>, id: string): Promise<Checkout | null> {
  const snapshot = await db.collection(checkoutsCollection).doc(id).get();
  return read(id, snapshot.data());
}

/** A new checkout at today's price, its code's use reserved with it (see CheckoutStore.create). */
async function createCheckout(
  deps: CheckoutStoreDeps,
  { productId, currency, provider, customer, code, clientAddress, beforeWrite, affiliate }: NewCheckout,
): Promise<{ checkout: Checkout; answer: CheckoutAnswer }> {
  const { db, now, ttlMinutes } = deps;
  const collection = () => db.collection(checkoutsCollection);
  const { data, deliverableUrl } = await readProduct(deps, productId);
  const listPriceMinor = listPriceMinorOf(data, productId, currency);
  const id = randomBytes(10).toString('hex');
  const createdAt = now();
  const expiresAt = new Date(createdAt.getTime() + ttlMinutes * 60_000);
  const email = customer.email.trim().toLowerCase();
  const ref = collection().doc(id);
  const wanted = code?.trim() ? code : null;

  const build = (discountCode: string | null, amountMinor: number): CheckoutRecord => {
    const chosen: CheckoutProvider = amountMinor === 0 ? 'free' : provider;
    const earned = affiliate ? checkoutAffiliate(affiliate, currency, amountMinor) : null;
    return {
      reference: `${referencePrefix[chosen]}-${id}`,
      provider: chosen,
      productId,
      productName: typeof data.title === 'string' ? data.title : productId,
      deliverableUrl,
      currency,
      listPrice: listPriceMinor / 100,
      discountCode,
      discountAmount: (listPriceMinor - amountMinor) / 100,
      amount: amountMinor / 100,
      customer: { name: customer.name, email, phone: customer.phone },
      // Stored as Timestamps (the Admin SDK writes a Date as one).
      createdAt,
      expiresAt,
      status: 'open',
      reminder: null,
      paypalOrderId: null,
      ...(earned
        ? {
            affiliateCode: earned.affiliateCode,
            commissionMinor: earned.commissionMinor,
            affiliatePercent: earned.percent,
            split: earned.split,
          }
        : {}),
    };
  };

  let record: CheckoutRecord;
  if (wanted === null) {
    await beforeWrite?.(listPriceMinor);
    record = build(null, listPriceMinor);
    await ref.create(record);
  } else {
    // The use is reserved in the transaction that creates the checkout: either both are stored
    // or neither, and racing buyers never hold more uses than the code has.
    record = await db.runTransaction(
      async (t) => {
        const held = await reserveCodeUse(t, db, {
          code: wanted,
          checkoutId: id,
          productId,
          currency,
          listPriceMinor,
          email,
          clientKey: clientAddress ? clientAddressKey(clientAddress) : null,
          now: createdAt,
        });
        const amountMinor = chargedMinor(currency, held.amountMinor);
        await beforeWrite?.(amountMinor);
        const built = build(held.code, amountMinor);
        t.create(ref, built);
        // The buyer's earlier checkouts gave their use to this one (reserveCodeUse). Merged, not
        // updated: a checkout removed by hand must not stop its buyer from ever checking out again.
        for (const earlierId of held.replaced) {
          t.set(collection().doc(earlierId), { codeHoldReplacedBy: id }, { merge: true });
        }
        return built;
      },
      { maxAttempts: 40 },
    );
  }
  const checkout = { id, ...record };
  return { checkout, answer: answerFor(checkout) };
}

async function quote(
  deps: CheckoutStoreDeps,
  { productId, currency, code, email }: { productId: string; currency: Currency; code: string; email: string },
): Promise<PriceQuote> {
  const { db, now } = deps;
  const { data } = await readProduct(deps, productId);
  const listPriceMinor = listPriceMinorOf(data, productId, currency);
  const quoted = await quoteCodeUse(db, { code, productId, currency, listPriceMinor, email, now: now() });
  const amountMinor = chargedMinor(currency, quoted.amountMinor);
  return {
    code: quoted.code,
    currency,
    listPrice: listPriceMinor / 100,
    discount: (listPriceMinor - amountMinor) / 100,
    amount: amountMinor / 100,
  };
}

export function createCheckoutStore(deps: CheckoutStoreDeps): CheckoutStore {
  const { db, now } = deps;
  const collection = () => db.collection(checkoutsCollection);

  return {
    create: (input) => createCheckout(deps, input),
    quote: (input) => quote(deps, input),
    answerFor,
    async byReference(reference) {
      const id = checkoutIdOf(reference);
      if (!id) return null;
      const checkout = await byId(deps, id);
      return checkout && checkout.reference === reference ? checkout : null;
    },

    byId: (id) => byId(deps, id),

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
        const current = readCheckoutRecord((await t.get(ref)).data());
        if (!current) throw new Error(`Checkout ${checkoutId} vanished`);
        if (current.paypalOrderId) return current.paypalOrderId;
        t.update(ref, { paypalOrderId: orderId });
        return orderId;
      });
    },

    isExpired(checkout) {
      return checkout.expiresAt.getTime() <= now().getTime();
    },
  };
}
