// A product's plans at the providers (docs/memberships.md, 'Paystack plans'): providerPlans/{productId},
// which the API alone writes, holds the Paystack plan that charges the product's current terms and every
// plan code the product ever had, so a renewal of a member who agreed to an older price still finds its
// product. A plan is made when a checkout first needs it (and whenever the terms it was made for no
// longer match the product's price), so it exists whichever way the price was saved.
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { perPeriodText, paymentAmountMinor, productPricingFromData } from '../../domain/productPricing';
import { formatMinorPrice } from '../../domain/money';
import { productsCollection, providerPlansCollection } from '../lib/collections';
import type { PaystackInterval, PaystackSubscriptionsClient } from '../payments/paystackSubscriptionsClient';
import type { PaypalSubscriptionsClient } from '../payments/paypalSubscriptionsClient';

/** The terms a Paystack plan charges; a plan is made again when any of them changes. */
export interface PaystackPlanTerms {
  interval: PaystackInterval;
  /** Kobo per charge. */
  amountMinor: number;
  /** Instalments: the number of charges; null for a membership. */
  invoiceLimit: number | null;
}

const paystackIntervals = { monthly: 'monthly', quarterly: 'quarterly', yearly: 'annually' } as const;

/** What a product's price asks of a Paystack plan; null for a product sold once. */
export function paystackTermsOf(product: Record<string, unknown> | undefined): PaystackPlanTerms | null {
  const pricing = productPricingFromData(product?.pricing);
  if (pricing.kind === 'once') return null;
  const prices = {
    priceInNgn: typeof product?.priceInNgn === 'number' ? product.priceInNgn : 0,
    priceInUsd: typeof product?.priceInUsd === 'number' ? product.priceInUsd : 0,
  };
  const amountMinor = paymentAmountMinor(prices, pricing, 'NGN');
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) return null;
  return pricing.kind === 'membership'
    ? { interval: paystackIntervals[pricing.interval], amountMinor, invoiceLimit: null }
    : { interval: 'monthly', amountMinor, invoiceLimit: pricing.count };
}

const sameTerms = (a: PaystackPlanTerms, b: Record<string, unknown>): boolean =>
  a.interval === b.interval && a.amountMinor === b.amountMinor && a.invoiceLimit === (b.invoiceLimit ?? null);

/** The terms a PayPal plan charges; a plan is made again when any of them changes. */
export interface PaypalPlanTerms {
  intervalUnit: 'MONTH' | 'YEAR';
  intervalCount: number;
  /** Cents per payment. */
  amountMinor: number;
  /** Instalments: the number of payments; 0 for a membership (PayPal's 'until cancelled'). */
  totalCycles: number;
}

const paypalFrequencies = {
  monthly: { intervalUnit: 'MONTH', intervalCount: 1 },
  quarterly: { intervalUnit: 'MONTH', intervalCount: 3 },
  yearly: { intervalUnit: 'YEAR', intervalCount: 1 },
} as const;

/** What a product's USD price asks of a PayPal plan; null for a product sold once or without a USD price. */
export function paypalTermsOf(product: Record<string, unknown> | undefined): PaypalPlanTerms | null {
  const pricing = productPricingFromData(product?.pricing);
  if (pricing.kind === 'once') return null;
  const prices = {
    priceInNgn: typeof product?.priceInNgn === 'number' ? product.priceInNgn : 0,
    priceInUsd: typeof product?.priceInUsd === 'number' ? product.priceInUsd : 0,
  };
  const amountMinor = paymentAmountMinor(prices, pricing, 'USD');
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) return null;
  return pricing.kind === 'membership'
    ? { ...paypalFrequencies[pricing.interval], amountMinor, totalCycles: 0 }
    : { ...paypalFrequencies.monthly, amountMinor, totalCycles: pricing.count };
}

const samePaypalTerms = (a: PaypalPlanTerms, b: Record<string, unknown>): boolean =>
  a.intervalUnit === b.intervalUnit &&
  a.intervalCount === b.intervalCount &&
  a.amountMinor === b.amountMinor &&
  a.totalCycles === b.totalCycles;

/** The plan's name at PayPal: the product and its price in the store's words. */
function planName(
  title: string,
  data: Record<string, unknown> | undefined,
  amountMinor: number,
  currency: 'NGN' | 'USD',
) {
  const pricing = productPricingFromData(data?.pricing);
  const price =
    pricing.kind === 'membership'
      ? perPeriodText(amountMinor, currency, pricing.interval)
      : `${pricing.kind === 'instalments' ? pricing.count : 0} × ${formatMinorPrice(amountMinor, currency)}`;
  return `${title} — ${price}`;
}

export function createProviderPlans({
  db,
  paystack,
  paypal = null,
  now,
}: {
  db: Firestore;
  /** Null when Paystack is not configured: no plan, the checkout renews by transfer. */
  paystack: PaystackSubscriptionsClient | null;
  /** Null when PayPal is not configured: no plan, a USD plan is paid as single orders. */
  paypal?: PaypalSubscriptionsClient | null;
  now: () => Date;
}) {
  const planRef = (productId: string) => db.collection(providerPlansCollection).doc(productId);

  return {
    /**
     * The Paystack plan code that charges the product's current price, made at Paystack first when the
     * product has none for these terms (a new price makes a new plan; members of the old one keep it).
     * Null for a product sold once, or without Paystack. Two checkouts racing may each make a plan: both
     * are kept, both charge the same terms, and the later one becomes the product's.
     */
    async ensurePaystackPlan(productId: string): Promise<string | null> {
      if (!paystack) return null;
      const [product, stored] = await db.getAll(db.collection(productsCollection).doc(productId), planRef(productId));
      const data = product?.data();
      const terms = paystackTermsOf(data);
      if (!terms) return null;
      const current: unknown = stored?.data()?.paystack;
      if (current && typeof current === 'object') {
        const plan = current as Record<string, unknown>;
        if (sameTerms(terms, plan) && typeof plan.planCode === 'string' && plan.planCode) return plan.planCode;
      }
      const title = typeof data?.title === 'string' && data.title ? data.title : productId;
      const planCode = await paystack.createPlan({
        name: planName(title, data, terms.amountMinor, 'NGN').slice(0, 200),
        interval: terms.interval,
        amount: terms.amountMinor,
        currency: 'NGN',
        invoiceLimit: terms.invoiceLimit,
      });
      await planRef(productId).set(
        {
          paystack: { ...terms, planCode, createdAt: now() },
          paystackPlanCodes: FieldValue.arrayUnion(planCode),
        },
        { merge: true },
      );
      return planCode;
    },

    /** The product a Paystack plan code was made for (any of its plans, old or current); null if none. */
    async productOfPaystackPlan(planCode: string): Promise<string | null> {
      if (!planCode) return null;
      const found = await db
        .collection(providerPlansCollection)
        .where('paystackPlanCodes', 'array-contains', planCode)
        .limit(1)
        .get();
      return found.docs[0]?.id ?? null;
    },

    /**
     * The PayPal plan id that charges the product's current USD price, made at PayPal first (with the
     * product's catalog product, made once) when the product has none for these terms. Null for a
     * product sold once or without a USD price, or without PayPal. As with Paystack, a race may make
     * two plans of the same terms; both are kept.
     */
    async ensurePaypalPlan(productId: string): Promise<string | null> {
      if (!paypal) return null;
      const [product, stored] = await db.getAll(db.collection(productsCollection).doc(productId), planRef(productId));
      const data = product?.data();
      const terms = paypalTermsOf(data);
      if (!terms) return null;
      const storedData = stored?.data();
      const current: unknown = storedData?.paypal;
      if (current && typeof current === 'object') {
        const plan = current as Record<string, unknown>;
        if (samePaypalTerms(terms, plan) && typeof plan.planId === 'string' && plan.planId) return plan.planId;
      }
      const title = typeof data?.title === 'string' && data.title ? data.title : productId;
      const known: unknown = storedData?.paypalCatalogProductId;
      const catalogProductId =
        typeof known === 'string' && known
          ? known
          : await paypal.createProduct({ name: title, requestId: `store-product-${productId}` });
      const { intervalUnit, intervalCount, totalCycles, amountMinor } = terms;
      const planId = await paypal.createPlan({
        catalogProductId,
        name: planName(title, data, amountMinor, 'USD'),
        intervalUnit,
        intervalCount,
        totalCycles,
        value: (amountMinor / 100).toFixed(2),
        requestId: `store-plan-${productId}-${intervalUnit}${intervalCount}-${totalCycles}-${amountMinor}`,
      });
      await planRef(productId).set(
        {
          paypalCatalogProductId: catalogProductId,
          paypal: { ...terms, planId, createdAt: now() },
          paypalPlanIds: FieldValue.arrayUnion(planId),
        },
        { merge: true },
      );
      return planId;
    },

    /** The product a PayPal plan id was made for (any of its plans, old or current); null if none. */
    async productOfPaypalPlan(planId: string): Promise<string | null> {
      if (!planId) return null;
      const found = await db
        .collection(providerPlansCollection)
        .where('paypalPlanIds', 'array-contains', planId)
        .limit(1)
        .get();
      return found.docs[0]?.id ?? null;
    },
  };
}

export type ProviderPlans = ReturnType<typeof createProviderPlans>;
