// Paystack's subscription events applied to plans (docs/memberships.md, 'Paystack events'), each once
// however often and in whatever order Paystack sends them: the subscription is attached to the plan
// its first payment started; a renewal is a sale through the service's `renew` (one sale per charge
// reference, whether charge.success or the paid invoice reports it); a failed invoice makes the plan
// past due unless a later payment already paid its period; a stop cancels at the period's end; an
// expiring card e-mails its buyer once. A renewal the store cannot match is kept under Needs attention.
import type { Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import type { Membership } from '../../domain/membership';
import { checkoutIdOf } from '../checkouts/checkouts';
import type { ServerConfig } from '../config';
import { addressKey } from '../lib/addressKey';
import { membershipsCollection, productsCollection, providerEventsCollection } from '../lib/collections';
import { expiringCardMail } from '../mail/membershipMails';
import { PaymentIssueRecordedError, type PaymentIssueFacts, type PaymentIssues } from '../payments/paymentIssues';
import type { PaystackClient, PaystackTransaction } from '../payments/paystackClient';
import type { PaystackSubscriptionsClient } from '../payments/paystackSubscriptionsClient';
import { membershipFromData } from '../../domain/membership';
import { membershipRef, membershipToData, readMembership } from './membershipPeriods';
import type { Memberships } from './memberships';
import type { PaystackSubscriptionEvent } from './paystackSubscriptionEvents';
import type { ProviderPlans } from './providerPlans';
import type { TransferRenewals } from './transferRenewals';

/** What an event came to: applied, nothing to change, or not yet (answered 500: Paystack sends it again). */
export type SubscriptionEventOutcome = 'applied' | 'ignored' | 'notYet';

export interface PaystackSubscriptionDeps {
  db: Firestore;
  now: () => Date;
  memberships: Memberships;
  plans: ProviderPlans;
  paystack: PaystackClient;
  subscriptions: PaystackSubscriptionsClient;
  issues: PaymentIssues;
  mailer: Pick<Transporter, 'sendMail'>;
  config: Pick<ServerConfig, 'MAIL_FROM' | 'STORE_NAME'>;
  transfers: Pick<TransferRenewals, 'settle'>;
}

const dayMs = 86_400_000;
/** A failure reported while the plan is paid this far ahead is about a period already paid since. */
const staleFailureDays = 3;

/** The seller's record of a renewal no plan takes: never dropped. */
async function keepForSeller(issues: PaymentIssues, charge: PaystackTransaction, productId: string, reason: string) {
  const facts: PaymentIssueFacts = {
    provider: 'paystack',
    reference: charge.reference,
    amount: charge.amount / 100,
    currency: charge.currency,
    status: charge.status,
    customer: {
      name: `${charge.customer.firstName} ${charge.customer.lastName}`.trim(),
      email: charge.customer.email,
      phone: charge.customer.phone,
    },
    metadata: '',
    checkoutId: null,
    productId,
    productName: '',
    expectedAmount: null,
    expectedCurrency: null,
    reason,
    event: null,
  };
  try {
    await issues.record(facts);
  } catch (error) {
    // Recorded (and the seller told once): that is what `record` answers by throwing.
    if (!(error instanceof PaymentIssueRecordedError)) throw error;
  }
  return 'applied' as const;
}

/** E-mails the buyer of a card plan whose card expires, once per card and expiry (claimed first). */
async function expiringCard(
  deps: PaystackSubscriptionDeps,
  plan: Membership | null,
  card: { subscriptionCode: string; expiry: string; brand: string },
) {
  const { db, now } = deps;
  if (!plan || plan.status !== 'active' || plan.renewal !== 'card') return false;
  const claim = db
    .collection(providerEventsCollection)
    .doc(`paystack_expiring_cards_${card.subscriptionCode}_${card.expiry.replace(/[^0-9A-Za-z-]/g, '-')}`);
  const claimed = await db.runTransaction(async (t) => {
    if ((await t.get(claim)).exists) return false;
    t.create(claim, { type: 'subscription.expiring_cards', outcome: 'mailed', at: now() });
    return true;
  });
  if (!claimed) return false;
  try {
    const manageUrl = await deps.subscriptions.manageLink(card.subscriptionCode);
    const product = (await db.collection(productsCollection).doc(plan.productId).get()).data();
    const title: unknown = product?.title;
    const mail = expiringCardMail({
      name: plan.customer.name,
      productName: typeof title === 'string' && title ? title : 'your membership',
      storeName: deps.config.STORE_NAME,
      card: card.brand ? `${card.brand} card` : 'card',
      expiry: card.expiry,
      manageUrl,
    });
    await deps.mailer.sendMail({ from: deps.config.MAIL_FROM, to: plan.customer.email, ...mail });
  } catch (error) {
    // Not sent: the claim goes, so Paystack's next try sends it.
    await claim.delete();
    throw error;
  }
  return true;
}

export function createPaystackSubscriptions(deps: PaystackSubscriptionDeps) {
  const { db, now, memberships, plans, paystack, issues } = deps;

  async function bySubscription(code: string): Promise<Membership | null> {
    const found = await db
      .collection(membershipsCollection)
      .where('provider.subscriptionCode', '==', code)
      .limit(1)
      .get();
    const doc = found.docs[0];
    return doc ? membershipFromData(doc.id, doc.data()) : null;
  }

  /** The buyer's plans of the product the Paystack plan was made for, newest first. */
  async function plansOfBuyer(planCode: string, email: string): Promise<Membership[]> {
    const productId = await plans.productOfPaystackPlan(planCode);
    if (!productId || !email) return [];
    const found = await db
      .collection(membershipsCollection)
      .where('emailKey', '==', addressKey(email))
      .where('productId', '==', productId)
      .get();
    return found.docs
      .map((doc) => membershipFromData(doc.id, doc.data()))
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  }

  async function attach(event: Extract<PaystackSubscriptionEvent, { type: 'subscriptionCreated' }>) {
    if (await bySubscription(event.subscriptionCode)) return 'ignored';
    const open = (await plansOfBuyer(event.planCode, event.email)).find(
      (plan) => plan.provider.subscriptionCode === null && plan.status !== 'ended' && plan.status !== 'completed',
    );
    // The first payment starts the plan; its event may still be on its way.
    if (!open) return 'notYet';
    return db.runTransaction(async (t): Promise<SubscriptionEventOutcome> => {
      const plan = await readMembership(t, db, open.id);
      if (!plan || plan.provider.subscriptionCode !== null) return 'ignored';
      const provider = { ...plan.provider, subscriptionCode: event.subscriptionCode, emailToken: event.emailToken };
      t.set(membershipRef(db, plan.id), membershipToData({ ...plan, renewal: 'card', provider }));
      return 'applied';
    });
  }

  /** A subscription's charge: verified with Paystack, then a sale of the plan (once per reference). */
  async function renewal(reference: string, plan: Membership | null): Promise<SubscriptionEventOutcome> {
    const charge = await paystack.verify(reference);
    if (!charge || charge.status !== 'success') return 'ignored';
    if (!plan) return keepForSeller(issues, charge, '', 'A subscription renewal the store cannot match to a plan.');
    const outcome = await memberships.renew({
      membershipId: plan.id,
      provider: 'paystack',
      reference: charge.reference,
      amountMinor: charge.amount,
      currency: charge.currency === 'USD' ? 'USD' : 'NGN',
      paidAt: charge.paidAt ?? now().toISOString(),
    });
    if (outcome.kind === 'sale') return 'applied';
    if (outcome.kind === 'issue') {
      if (outcome.created) await issues.notifySeller(outcome.id, outcome.facts);
      return 'applied';
    }
    const reason = outcome.kind === 'missing' ? 'The plan of this renewal no longer exists.' : outcome.reason;
    return keepForSeller(issues, charge, plan.productId, `A subscription renewal the plan cannot take: ${reason}`);
  }

  async function failure(code: string): Promise<SubscriptionEventOutcome> {
    const plan = await bySubscription(code);
    if (!plan) return 'ignored';
    // Out of order: the invoice that failed was paid since (the plan is paid well ahead).
    if (Date.parse(plan.paidThrough) - now().getTime() > staleFailureDays * dayMs) return 'ignored';
    return (await memberships.fail(plan.id)).kind === 'changed' ? 'applied' : 'ignored';
  }

  async function stopped(code: string, status: string): Promise<SubscriptionEventOutcome> {
    // 'complete': an instalment plan's charges are all made; the last payment completes the plan.
    if (status === 'complete' || status === 'completed') return 'ignored';
    const plan = await bySubscription(code);
    if (!plan) return 'ignored';
    return (await memberships.stoppedByProvider(plan.id)).kind === 'changed' ? 'applied' : 'ignored';
  }

  return {
    async apply(event: PaystackSubscriptionEvent): Promise<SubscriptionEventOutcome> {
      switch (event.type) {
        case 'subscriptionCreated':
          return attach(event);
        case 'renewalCharge': {
          // The buyer's plan the subscription is attached to; before its subscription.create came, their newest.
          const buyers = await plansOfBuyer(event.planCode, event.charge.customer.email);
          return renewal(
            event.charge.reference,
            buyers.find((plan) => plan.provider.subscriptionCode) ?? buyers[0] ?? null,
          );
        }
        case 'transferRenewal': {
          const settled = await deps.transfers.settle(event.charge.reference);
          if (!settled) return 'ignored';
          const { charge, outcome } = settled;
          if (outcome.kind === 'sale') return 'applied';
          if (outcome.kind === 'issue') {
            if (outcome.created) await issues.notifySeller(outcome.id, outcome.facts);
            return 'applied';
          }
          const why = outcome.kind === 'missing' ? 'The plan it names does not exist.' : outcome.reason;
          return keepForSeller(issues, charge, '', `A renewal paid by transfer the store cannot apply: ${why}`);
        }
        case 'invoicePaid':
          // A first payment made through a checkout is the orders' sale already.
          if (checkoutIdOf(event.reference) !== null) return 'ignored';
          return renewal(event.reference, await bySubscription(event.subscriptionCode));
        case 'invoiceFailed':
          return failure(event.subscriptionCode);
        case 'invoiceOpen':
          return 'ignored';
        case 'stopped':
          return stopped(event.subscriptionCode, event.status);
        case 'expiringCards': {
          let mailed = false;
          for (const card of event.cards) {
            mailed = (await expiringCard(deps, await bySubscription(card.subscriptionCode), card)) || mailed;
          }
          return mailed ? 'applied' : 'ignored';
        }
      }
    },
  };
}

export type PaystackSubscriptions = ReturnType<typeof createPaystackSubscriptions>;
