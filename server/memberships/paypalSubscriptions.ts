// PayPal's subscription events applied to plans (docs/memberships.md, 'PayPal events'), each once however
// often and in whatever order PayPal sends them. The subscription, read again from PayPal, is the first
// payment: fulfilled against the checkout it names (its `custom_id`), so the plan is
// memberships/paypal_{subscriptionId}. Each later sale is a renewal through `renew`, one sale per sale id;
// the subscription's first sale is that first payment. A failure makes the plan past due, a stop cancels
// it at its period's end. A sale the store cannot match is kept under Needs attention.
import type { Membership } from '../../domain/membership';
import { isRecord } from '../payments/providerErrors';
import { PaymentIssueRecordedError, type PaymentIssueFacts, type PaymentIssues } from '../payments/paymentIssues';
import type { PaypalSubscriptionsClient } from '../payments/paypalSubscriptionsClient';
import type { OrderService } from '../orders/orderService';
import { membershipRef, membershipToData, readMembership } from './membershipPeriods';
import type { Memberships } from './memberships';
import type { ProviderPlans } from './providerPlans';
import type { SubscriptionEventOutcome } from './paystackSubscriptions';
import type { Firestore } from 'firebase-admin/firestore';

/** A sale PayPal reports of a subscription (PAYMENT.SALE.COMPLETED's resource). */
export interface PaypalSale {
  id: string;
  subscriptionId: string;
  state: string;
  total: string;
  currency: string;
  createTime: string;
}

export type PaypalSubscriptionEvent =
  | { type: 'activated' | 'failed'; subscriptionId: string }
  | { type: 'stopped'; subscriptionId: string; status: 'CANCELLED' | 'SUSPENDED' | 'EXPIRED' }
  | { type: 'sale'; sale: PaypalSale };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const stops = {
  'BILLING.SUBSCRIPTION.CANCELLED': 'CANCELLED',
  'BILLING.SUBSCRIPTION.SUSPENDED': 'SUSPENDED',
  'BILLING.SUBSCRIPTION.EXPIRED': 'EXPIRED',
} as const;

/** The subscription events the store acts on; null for any other event (refunds, captures…). */
export function readPaypalSubscriptionEvent(event: unknown): PaypalSubscriptionEvent | null {
  if (!isRecord(event) || !isRecord(event.resource)) return null;
  const type = text(event.event_type);
  const resource = event.resource;
  const id = text(resource.id);
  if (!id) return null;
  if (type === 'BILLING.SUBSCRIPTION.ACTIVATED') return { type: 'activated', subscriptionId: id };
  if (type === 'BILLING.SUBSCRIPTION.PAYMENT.FAILED') return { type: 'failed', subscriptionId: id };
  if (type in stops) return { type: 'stopped', subscriptionId: id, status: stops[type as keyof typeof stops] };
  if (type !== 'PAYMENT.SALE.COMPLETED') return null;
  const subscriptionId = text(resource.billing_agreement_id);
  // A sale of no subscription is not a plan's: the store's one-time payments are captures.
  if (!subscriptionId) return null;
  const amount = isRecord(resource.amount) ? resource.amount : {};
  return {
    type: 'sale',
    sale: {
      id,
      subscriptionId,
      state: text(resource.state),
      total: text(amount.total),
      currency: text(amount.currency),
      createTime: text(resource.create_time),
    },
  };
}

export interface PaypalSubscriptionDeps {
  db: Firestore;
  now: () => Date;
  memberships: Memberships;
  plans: Pick<ProviderPlans, 'productOfPaypalPlan'>;
  paypal: Pick<PaypalSubscriptionsClient, 'getSubscription'>;
  orders: Pick<OrderService, 'fulfilPaypalSubscription'>;
  issues: PaymentIssues;
}

const dayMs = 86_400_000;
/** A sale this close to the plan's start is its first payment, already the checkout's sale. */
const firstSaleDays = 3;
/** A failure reported while the plan is paid this far ahead is about a period already paid since. */
const staleFailureDays = 3;

/** Needs attention: recorded once (the seller e-mailed once); `record` answers by throwing. */
async function keep(issues: PaymentIssues, facts: PaymentIssueFacts): Promise<'applied'> {
  try {
    await issues.record(facts);
  } catch (error) {
    if (!(error instanceof PaymentIssueRecordedError)) throw error;
  }
  return 'applied';
}

function saleIssue(sale: PaypalSale, productId: string, reason: string): PaymentIssueFacts {
  return {
    provider: 'paypal',
    reference: sale.id,
    amount: Number(sale.total) || 0,
    currency: sale.currency,
    status: sale.state,
    customer: { name: '', email: '', phone: '' },
    metadata: JSON.stringify({ subscription: sale.subscriptionId }),
    checkoutId: null,
    productId,
    productName: '',
    expectedAmount: null,
    expectedCurrency: null,
    reason,
    event: null,
  };
}

export function createPaypalSubscriptions(deps: PaypalSubscriptionDeps) {
  const { db, now, memberships, plans, paypal, orders, issues } = deps;
  const planIdOf = (subscriptionId: string) => `paypal_${subscriptionId}`;

  /** The first payment: the subscription as PayPal has it, fulfilled once, then attached to its plan. */
  async function start(subscriptionId: string): Promise<'started' | 'notYet' | 'unknown'> {
    const subscription = await paypal.getSubscription(subscriptionId);
    if (!subscription) return 'unknown';
    // Activated but not yet charged: PayPal's next delivery (or the sale's) finds it paid.
    if (!subscription.lastPayment) return 'notYet';
    const productId = await plans.productOfPaypalPlan(subscription.planId);
    if (!productId) return 'unknown';
    try {
      await orders.fulfilPaypalSubscription(subscription, productId);
    } catch (error) {
      if (error instanceof PaymentIssueRecordedError && !error.retryable) return 'started';
      throw error;
    }
    await db.runTransaction(async (t) => {
      const plan = await readMembership(t, db, planIdOf(subscriptionId));
      if (!plan || plan.provider.paypalSubscriptionId) return;
      const provider = { ...plan.provider, paypalSubscriptionId: subscriptionId };
      t.set(membershipRef(db, plan.id), membershipToData({ ...plan, renewal: 'paypal', provider }));
    });
    return 'started';
  }

  async function sale(paid: PaypalSale): Promise<SubscriptionEventOutcome> {
    if (paid.state !== 'completed') return 'ignored';
    let plan = await memberships.get(planIdOf(paid.subscriptionId));
    if (!plan) {
      // The sale came before BILLING.SUBSCRIPTION.ACTIVATED: it starts the plan itself.
      const started = await start(paid.subscriptionId);
      if (started === 'notYet') return 'notYet';
      plan = await memberships.get(planIdOf(paid.subscriptionId));
      if (!plan) return keep(issues, saleIssue(paid, '', 'A subscription payment the store cannot match to a plan.'));
    }
    if (isFirstSale(plan, paid)) return 'ignored';
    if (paid.currency !== 'USD') {
      return keep(
        issues,
        saleIssue(paid, plan.productId, `A subscription renewal in ${paid.currency || 'no currency'}, not USD.`),
      );
    }
    const outcome = await memberships.renew({
      membershipId: plan.id,
      provider: 'paypal',
      reference: paid.id,
      amountMinor: Math.round(Number(paid.total) * 100),
      currency: 'USD',
      paidAt: Number.isNaN(Date.parse(paid.createTime)) ? now().toISOString() : paid.createTime,
    });
    if (outcome.kind === 'sale') return 'applied';
    if (outcome.kind === 'issue') {
      if (outcome.created) await issues.notifySeller(outcome.id, outcome.facts);
      return 'applied';
    }
    const reason = outcome.kind === 'missing' ? 'The plan of this renewal no longer exists.' : outcome.reason;
    return keep(issues, saleIssue(paid, plan.productId, `A subscription renewal the plan cannot take: ${reason}`));
  }

  const isFirstSale = (plan: Membership, paid: PaypalSale) =>
    Math.abs(Date.parse(paid.createTime) - Date.parse(plan.createdAt)) < firstSaleDays * dayMs;

  return {
    async apply(event: PaypalSubscriptionEvent): Promise<SubscriptionEventOutcome> {
      if (event.type === 'sale') return sale(event.sale);
      const plan = await memberships.get(planIdOf(event.subscriptionId));
      if (event.type === 'activated') {
        if (plan?.provider.paypalSubscriptionId) return 'ignored';
        const started = await start(event.subscriptionId);
        return started === 'started' ? 'applied' : started === 'notYet' ? 'notYet' : 'ignored';
      }
      if (!plan) return 'ignored';
      if (event.type === 'failed') {
        // Out of order: the payment that failed was made since (the plan is paid well ahead).
        if (Date.parse(plan.paidThrough) - now().getTime() > staleFailureDays * dayMs) return 'ignored';
        return (await memberships.fail(plan.id)).kind === 'changed' ? 'applied' : 'ignored';
      }
      // An instalment plan's subscription expires after its last payment, which completed the plan.
      if (plan.status === 'completed') return 'ignored';
      return (await memberships.stoppedByProvider(plan.id)).kind === 'changed' ? 'applied' : 'ignored';
    },
  };
}

export type PaypalSubscriptions = ReturnType<typeof createPaypalSubscriptions>;
