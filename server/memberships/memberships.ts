// The memberships service (docs/memberships.md): what moves a plan besides its first payment. A later
// payment is fulfilled as a sale of its own through orders' fulfil-once path, linked to the plan, whose
// contribution (membershipPeriods.ts) moves it by one period in the sale's transaction; a failure, a
// cancel, a resume and the end after the grace each change the plan in a transaction of their own,
// judged by the domain's rules at the service's clock. Access to what a plan's sales bought asks it.
import type { Firestore } from 'firebase-admin/firestore';
import {
  applyFailure,
  cancelAtPeriodEnd,
  cancelNow,
  endIfDue,
  type Membership,
  type MembershipAccess,
  type MembershipChange,
  membershipAccess,
  membershipFromData,
  resumeMembership,
} from '../../domain/membership';
import type { Currency } from '../../domain/money';
import { deliverablesCollection, membershipsCollection, productsCollection } from '../lib/collections';
import type { Fulfilment, FulfilOutcome, Provider } from '../orders/fulfilment';
import { ProviderUnavailableError } from '../payments/providerErrors';
import type { PaystackSubscriptionsClient } from '../payments/paystackSubscriptionsClient';
import type { PaypalSubscriptionsClient } from '../payments/paypalSubscriptionsClient';
import { membershipRef, membershipToData, readMembership, renewalRefusal } from './membershipPeriods';

export interface MembershipsDeps {
  db: Firestore;
  now: () => Date;
  fulfilment: Pick<Fulfilment, 'fulfil'>;
  /** Paystack's subscriptions, which a card plan's cancel and resume stop and start; null without Paystack. */
  paystack?: Pick<PaystackSubscriptionsClient, 'disable' | 'enable' | 'manageLink'> | null;
  /** PayPal's subscriptions, which a PayPal plan's cancel and resume suspend, cancel and activate; null without PayPal. */
  paypal?: Pick<PaypalSubscriptionsClient, 'cancel' | 'suspend' | 'activate'> | null;
}

/** What a change asked of a plan came to. */
export type MembershipOutcome =
  { kind: 'changed'; membership: Membership } | { kind: 'refused'; reason: string } | { kind: 'missing' };

/** A later payment of a plan, as the provider's event or the renewal checkout reported it. */
export interface PlanPayment {
  membershipId: string;
  provider: Exclude<Provider, 'free'>;
  reference: string;
  amountMinor: number;
  currency: Currency;
  /** The provider's payment time (ISO). */
  paidAt: string;
}

export type RenewalOutcome = FulfilOutcome | { kind: 'missing' };

/** How many plans one run of the sweep ends at most; the next run takes the rest. */
const endBatch = 200;

const providerWords = {
  disable: 'Paystack could not stop the card payments just now, so nothing was changed. Please try again.',
  enable: 'Paystack could not restart the card payments just now, so nothing was changed. Please try again.',
};

/**
 * Stops (disable) or restarts (enable) a card plan's Paystack subscription; the refusal in words when
 * Paystack refuses or cannot be reached, so the plan is left as it was. Null when done or not needed.
 */
async function askPaystack(
  paystack: MembershipsDeps['paystack'],
  plan: Membership,
  call: 'disable' | 'enable',
): Promise<string | null> {
  const { subscriptionCode, emailToken } = plan.provider;
  if (!paystack || plan.renewal !== 'card' || !subscriptionCode || !emailToken) return null;
  try {
    return (await paystack[call](subscriptionCode, emailToken)).ok ? null : providerWords[call];
  } catch (error) {
    if (error instanceof ProviderUnavailableError) return providerWords[call];
    throw error;
  }
}

const paypalWords = {
  disable: 'PayPal could not stop the payments just now, so nothing was changed. Please try again.',
  enable: 'PayPal could not restart the payments just now, so nothing was changed. Please try again.',
};

/**
 * A PayPal plan's subscription follows the change: a cancel at the period's end suspends it (so a
 * resume can activate it again), a cancel now cancels it for good. The refusal in words, or null.
 */
async function askPaypal(
  paypal: MembershipsDeps['paypal'],
  plan: Membership,
  call: 'disable' | 'enable',
  when: 'periodEnd' | 'now',
): Promise<string | null> {
  const id = plan.provider.paypalSubscriptionId;
  if (!paypal || plan.renewal !== 'paypal' || !id) return null;
  try {
    const answer =
      call === 'enable'
        ? await paypal.activate(id, 'The buyer resumed the membership.')
        : when === 'now'
          ? await paypal.cancel(id, 'The membership was cancelled.')
          : await paypal.suspend(id, 'The membership was cancelled at the end of its period.');
    return answer.ok ? null : paypalWords[call];
  } catch (error) {
    if (error instanceof ProviderUnavailableError) return paypalWords[call];
    throw error;
  }
}

const cancelRule =
  (when: 'periodEnd' | 'now', now: () => Date) =>
  (plan: Membership): MembershipChange =>
    when === 'now' ? cancelNow(plan, now()) : cancelAtPeriodEnd(plan, now());

export function createMemberships({ db, now, fulfilment, paystack = null, paypal = null }: MembershipsDeps) {
  async function change(id: string, rule: (membership: Membership) => MembershipChange): Promise<MembershipOutcome> {
    return db.runTransaction(async (t): Promise<MembershipOutcome> => {
      const plan = await readMembership(t, db, id);
      if (!plan) return { kind: 'missing' };
      const changed = rule(plan);
      if (!changed.ok) return { kind: 'refused', reason: changed.reason };
      t.set(membershipRef(db, id), membershipToData(changed.membership));
      return { kind: 'changed', membership: changed.membership };
    });
  }

  /** A change a card plan's Paystack subscription (or a PayPal plan's subscription) must follow: judged, asked of Paystack, then made. */
  async function changeWithProvider(
    id: string,
    rule: (membership: Membership) => MembershipChange,
    call: 'disable' | 'enable',
    when: 'periodEnd' | 'now' = 'periodEnd',
  ): Promise<MembershipOutcome> {
    const plan = await get(id);
    if (!plan) return { kind: 'missing' };
    const judged = rule(plan);
    if (!judged.ok) return { kind: 'refused', reason: judged.reason };
    const refusal = (await askPaystack(paystack, plan, call)) ?? (await askPaypal(paypal, plan, call, when));
    return refusal ? { kind: 'refused', reason: refusal } : change(id, rule);
  }

  async function get(id: string): Promise<Membership | null> {
    const snapshot = await membershipRef(db, id).get();
    return snapshot.exists ? membershipFromData(snapshot.id, snapshot.data()) : null;
  }

  /**
   * A later payment of the plan, recorded once however often it is reported (the sale is
   * transactions/{provider}_{reference}). Refused before anything is written when the plan cannot take
   * it (another product or currency, less than it charges, an instalment plan already paid in full);
   * the caller keeps such a payment under Needs attention.
   */
  async function renew(payment: PlanPayment): Promise<RenewalOutcome> {
    const plan = await get(payment.membershipId);
    if (!plan) return { kind: 'missing' };
    const refusal =
      renewalRefusal(plan, {
        productId: plan.productId,
        currency: payment.currency,
        amountMinor: payment.amountMinor,
      }) ?? (plan.status === 'completed' ? 'The instalment plan is already paid in full.' : null);
    if (refusal) return { kind: 'refused', reason: refusal };
    const [product, deliverable] = await db.getAll(
      db.collection(productsCollection).doc(plan.productId),
      db.collection(deliverablesCollection).doc(plan.productId),
    );
    const title: unknown = product?.data()?.title;
    const url: unknown = deliverable?.data()?.url;
    const productName = typeof title === 'string' && title ? title : plan.productId;
    const amount = payment.amountMinor / 100;
    const customer = { name: plan.customer.name, email: plan.customer.email, phone: '' };
    return fulfilment.fulfil({
      provider: payment.provider,
      reference: payment.reference,
      productId: plan.productId,
      productName,
      productUrl: typeof url === 'string' ? url : '',
      amount,
      amountPaid: amount,
      currency: payment.currency,
      paidAt: payment.paidAt,
      customer,
      checkout: null,
      renewalOf: plan.id,
      issue: {
        provider: payment.provider,
        reference: payment.reference,
        amount,
        currency: payment.currency,
        status: 'success',
        customer,
        metadata: '',
        checkoutId: null,
        productId: plan.productId,
        productName,
        expectedAmount: plan.amountMinor / 100,
        expectedCurrency: plan.currency,
        reason: '',
        event: null,
      },
    });
  }

  /**
   * Ends every plan whose access is over (past its grace, cancelled past its period, or never renewed),
   * up to one batch; answers the plans it ended. Each is ended in its own transaction, judged again
   * there, so a payment that lands meanwhile keeps its plan open. `only` keeps the plans of some
   * products (tests on a shared database).
   */
  async function endDue(only: (productId: unknown) => boolean = () => true): Promise<Membership[]> {
    const at = now();
    const due = await db.collection(membershipsCollection).where('openUntil', '<=', at).limit(endBatch).get();
    const ended: Membership[] = [];
    for (const doc of due.docs.filter((found) => only(found.get('productId')))) {
      const outcome = await change(doc.id, (plan) => {
        const over = endIfDue(plan, at);
        return over ? { ok: true, membership: over } : { ok: false, reason: 'Not due.' };
      });
      if (outcome.kind === 'changed') ended.push(outcome.membership);
    }
    return ended;
  }

  return {
    get,
    renew,
    endDue,
    /** A renewal the provider could not charge: the plan is past due, in its grace. */
    fail: (id: string, failedAt: Date = now()) => change(id, (plan) => applyFailure(plan, failedAt)),
    /** Stops the renewals: at the end of the paid period, or now (the seller, with a refund). */
    cancel: (id: string, when: 'periodEnd' | 'now') => changeWithProvider(id, cancelRule(when, now), 'disable', when),
    /** The provider stopped the renewals itself (its event): cancelled at the period's end, nothing asked of it. */
    stoppedByProvider: (id: string) => change(id, (plan) => cancelAtPeriodEnd(plan, now())),
    /** Renews again before the period ends (a card plan's Paystack subscription is enabled again). */
    resume: (id: string) => changeWithProvider(id, (plan) => resumeMembership(plan, now()), 'enable'),
    /** Paystack's page where a card plan's buyer updates the card; null without a subscription. */
    async manageLink(id: string): Promise<string | null> {
      const plan = await get(id);
      const code = plan?.provider.subscriptionCode;
      return paystack && plan?.renewal === 'card' && code ? paystack.manageLink(code) : null;
    },
    /**
     * Whether what a sale bought is open as its plan stands; a sale of no plan is open (its own switches
     * decide). A plan that cannot be read is closed.
     */
    async accessOf(sale: { membershipId?: unknown }): Promise<MembershipAccess> {
      if (typeof sale.membershipId !== 'string' || sale.membershipId === '') return { open: true };
      const plan = await get(sale.membershipId);
      return plan ? membershipAccess(plan, now()) : { open: false, endedAt: new Date(0).toISOString() };
    },
  };
}

export type Memberships = ReturnType<typeof createMemberships>;
