// What the purchase flows share (docs/payments.md): the deps they run with, the buyer's claims against a
// checkout, and fulfilling a verified payment as its checkout set it.
import type { PaypalSubscriptionsClient } from '../payments/paypalSubscriptionsClient';
import { emailsMatch } from '../../domain/fieldRules';
import type { DocumentData, Firestore, Transaction } from 'firebase-admin/firestore';
import type { CheckoutProvider, OrderAnswer } from '../../domain/apiContracts';
import { CheckoutRefusedError, type Checkout, type CheckoutStore, type NewCheckout } from '../checkouts/checkouts';
import type { ServerConfig } from '../config';
import { PaymentIssueRecordedError, type PaymentIssueFacts, type PaymentIssues } from '../payments/paymentIssues';
import type { PaypalClient } from '../payments/paypalClient';
import type { PaystackClient } from '../payments/paystackClient';
import {
  ReferenceConflictError,
  transactionIdFor,
  type FulfilOutcome,
  type Fulfilment,
  type Provider,
} from './fulfilment';
import type { Currency } from '../../domain/money';
import type { WaitingDeps } from './pendingOrders';
import type { SaleAttribution } from '../../domain/affiliates';
import { readSaleRecord } from '../../domain/saleRecord';
import { deliverablesCollection, transactionsCollection } from '../lib/collections';

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

/** A second free order of one product for one mailbox (a 100% code is once per mailbox and product). */
export const freeAlreadyHad =
  'This e-mail address has already had this product free. Your link is in your e-mail, or ask for it again on the My purchases page.';

export const checkoutExpired = 'This checkout has expired. Please close the payment window and try again.';

export interface OrderServiceDeps {
  db: Firestore;
  config: Pick<ServerConfig, 'DEMO_PAYMENTS' | 'PAYPAL_MERCHANT_ID'>;
  paystack: PaystackClient | null;
  paypal: PaypalClient | null;
  checkouts: CheckoutStore;
  fulfilment: Fulfilment;
  issues: PaymentIssues;
  now: () => Date;
  /** Payments that complete later (pendingOrders.ts): the waiting page's links and e-mails. */
  waiting?: WaitingDeps;
  /**
   * The affiliate program (server/affiliates, given by the composition root): which affiliate a
   * checkout may carry; null for an affiliate it does not accept.
   */
  affiliates?: { attributionFor(code: string, buyerEmail: string): Promise<NewCheckout['affiliate']> };
  /**
   * The Paystack plan that charges a product's later payments by card (server/memberships, given by the
   * composition root): null for a product sold once, or when there is none.
   */
  renewalPlans?: {
    paystackPlanFor(productId: string): Promise<string | null>;
    /** The PayPal plan of a USD membership or instalment plan; null for a product sold once, or none. */
    paypalPlanFor?(productId: string): Promise<string | null>;
    /** The product a PayPal plan charges for (any price it ever had); null for a plan of none. */
    productOfPaypalPlan?(planId: string): Promise<string | null>;
  };
  /** PayPal's subscriptions API: the buttons' subscription read back before it is fulfilled. */
  paypalSubscriptions?: Pick<PaypalSubscriptionsClient, 'getSubscription'> | null;
}

/** What createCheckout is asked for. */
export interface CheckoutRequest {
  productId: string;
  currency: Currency;
  customer: Buyer;
  code?: string | undefined;
  provider?: Exclude<CheckoutProvider, 'free'> | undefined;
  /** A checkout to resume (the reminder's link); used only while it still fits this request. */
  checkoutId?: string | undefined;
  /** The client's address (req.ip): one client holds one use of a limited code at a time. */
  clientAddress: string | null;
  /** The affiliate code the browser kept from a `?ref=` link (docs/affiliates.md). */
  ref?: string | undefined;
  /** How a membership or instalment plan paid in NGN renews (docs/memberships.md); without it, by transfer. */
  renewBy?: 'card' | 'transfer' | undefined;
}

/** What a buyer's call to pay names: the payment's reference, the product and who they say they are. */
export interface PaymentClaim {
  reference: string;
  productId: string;
  customer: Buyer;
}

/** The same address as the checkout's: the form's own comparison (trimmed, case-insensitive). */
export const sameAddress = emailsMatch;

export function requirePaystack({ paystack }: Pick<OrderServiceDeps, 'paystack'>): PaystackClient {
  if (!paystack) throw new PaymentMethodUnavailableError('Card payments are not available right now.', 503);
  return paystack;
}

export function requirePaypal({ paypal }: Pick<OrderServiceDeps, 'paypal'>): PaypalClient {
  if (!paypal) throw new PaymentMethodUnavailableError('PayPal payments are not available right now.', 503);
  return paypal;
}

export function requireDemo({ config }: Pick<OrderServiceDeps, 'config'>): void {
  if (!config.DEMO_PAYMENTS) throw new PaymentMethodUnavailableError('Demo payments are not available.', 403);
}

export function paidAtIso({ now }: Pick<OrderServiceDeps, 'now'>, value: string | null): string {
  const parsed = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(parsed) ? now().toISOString() : new Date(parsed).toISOString();
}

/** The caller's claims against the checkout, before any provider is asked. */
export function checkClaims(checkout: Checkout, productId: string, customer: Buyer): void {
  if (checkout.productId !== productId) {
    throw new ReferenceConflictError('This payment reference belongs to another product.');
  }
  if (!sameAddress(checkout.customer.email, customer.email)) throw new ReferenceConflictError(anotherBuyerMessage);
}

export async function checkoutFor(
  { checkouts }: Pick<OrderServiceDeps, 'checkouts'>,
  provider: Provider,
  reference: string,
): Promise<Checkout | null> {
  const checkout = await checkouts.byReference(reference);
  return checkout && checkout.provider === provider ? checkout : null;
}

/**
 * Fulfils a verified payment as its checkout set it (product, price and buyer of record), or, when
 * the checkout's price no longer holds at the payment time, at today's price or as a payment issue
 * (`issue`, its reason filled in by fulfilment; null for a free order, which is then refused).
 */
export async function fulfilCheckout(
  deps: OrderServiceDeps,
  checkout: Checkout,
  paid: {
    provider: Provider;
    reference: string;
    amountPaid: number;
    paidAt: string;
    judgedAt?: string;
    captureId?: string;
    guard?: (transaction: Transaction, existing: DocumentData | undefined) => Promise<void>;
    /** Paystack's answer showed the checkout's split (verification.ts); demo payments stand in for it. */
    splitVerified?: boolean;
  },
  issue: PaymentIssueFacts | null,
): Promise<OrderAnswer> {
  const { db, fulfilment } = deps;
  // The deliverable as it is now, else as it was when the checkout was made (the product may have
  // been deleted since, and its deliverable with it: paid is paid).
  const current: unknown = (await db.collection(deliverablesCollection).doc(checkout.productId).get()).data()?.url;
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
    ...(paid.judgedAt ? { judgedAt: paid.judgedAt } : {}),
    customer: checkout.customer,
    checkout: {
      id: checkout.id,
      listPrice: checkout.listPrice,
      discountCode: checkout.discountCode,
      discountAmount: checkout.discountAmount,
      expiresAt: checkout.expiresAt,
      affiliate: attributionOf(checkout, paid.splitVerified ?? false),
      startedBy: checkout.startedBy ?? null,
    },
    ...(paid.captureId ? { captureId: paid.captureId } : {}),
    issue,
    ...(paid.guard ? { guard: paid.guard } : {}),
  });
  return answerOf(deps, outcome);
}

/** The commission the checkout fixed, as fulfilment records it; null for a checkout no affiliate brought. */
function attributionOf(checkout: Checkout, splitVerified: boolean): SaleAttribution | null {
  if (!checkout.affiliateCode || !checkout.commissionMinor || !checkout.affiliatePercent) return null;
  return {
    affiliateCode: checkout.affiliateCode,
    percent: checkout.affiliatePercent,
    commissionMinor: checkout.commissionMinor,
    split: checkout.split ?? null,
    splitVerified: Boolean(checkout.split) && splitVerified,
  };
}

/** The order routes' answer for what fulfilment made of a payment. */
async function answerOf({ issues }: Pick<OrderServiceDeps, 'issues'>, outcome: FulfilOutcome): Promise<OrderAnswer> {
  if (outcome.kind === 'sale') return outcome.answer;
  if (outcome.kind === 'refused') throw new CheckoutRefusedError(checkoutExpired, 410);
  // Only the call that created the issue e-mails the seller, as issues.record does.
  if (outcome.created) await issues.notifySeller(outcome.id, outcome.facts);
  throw new PaymentIssueRecordedError(outcome.id, outcome.email, outcome.retryable);
}

/** An already recorded sale for this reference, answered for the buyer it was recorded for. */
export async function replayRecorded(
  { db, fulfilment }: OrderServiceDeps,
  provider: Provider,
  reference: string,
): Promise<OrderAnswer | null> {
  const stored = (await db.collection(transactionsCollection).doc(transactionIdFor(provider, reference)).get()).data();
  if (!stored) return null;
  const { productId, customerEmail } = readSaleRecord(stored);
  return fulfilment.replay(provider, reference, productId, customerEmail);
}
