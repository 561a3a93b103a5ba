// Renewal by transfer (docs/memberships.md, 'Renewal by transfer'): each plan has one signed link,
// /api/memberships/{id}/pay/{token}, which opens Paystack's checkout page for one period at the plan's
// agreed amount, any channel (transfer, USSD, card). The payment comes back as charge.success under a
// reference of ours ('rn-…') naming the plan; verified with Paystack, it is a sale of the plan through
// `renew`, which extends it by one period (or reopens it, when its access had ended). A card member who
// pays so switches to transfer: their Paystack subscription is stopped, so no card charge follows.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import type { Membership } from '../../domain/membership';
import { formatMinorPrice } from '../../domain/money';
import { paths } from '../../domain/routes';
import type { PaystackClient } from '../payments/paystackClient';
import type { PaystackSubscriptionsClient } from '../payments/paystackSubscriptionsClient';
import { membershipRef, membershipToData, readMembership } from './membershipPeriods';
import type { Memberships } from './memberships';

/** The references of the transfer renewals' checkouts: 'rn-' and 20 hex digits. */
const referencePattern = /^rn-[0-9a-f]{20}$/;

export function isTransferRenewalReference(reference: string): boolean {
  return referencePattern.test(reference);
}

/** Why a plan's link opens no checkout, as its buyer reads it; null when it may be paid. */
export function transferRefusal(plan: Membership): string | null {
  if (plan.status === 'completed') return 'This instalment plan is already paid in full.';
  if (plan.status === 'cancelled') return 'This membership is cancelled. Resume it in your library to pay again.';
  if (plan.currency !== 'NGN') return 'This membership renews through PayPal.';
  return null;
}

export type TransferStart =
  | { kind: 'checkout'; url: string }
  /** Demo mode without Paystack: the page offers the demo payment of `amount` (docs/payments.md, 'Demo mode'). */
  | { kind: 'demo'; amount: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'missing' };

export function createTransferRenewals({
  db,
  memberships,
  paystack,
  subscriptions,
  secret,
  publicStoreUrl,
  logError,
  now,
  demo = false,
}: {
  db: Firestore;
  now: () => Date;
  /** DEMO_PAYMENTS: without Paystack, the link offers a demo payment (no money) instead of a checkout. */
  demo?: boolean;
  memberships: Memberships;
  /** Null without Paystack: the links open nothing. */
  paystack: PaystackClient | null;
  subscriptions: PaystackSubscriptionsClient | null;
  /** ACCESS_LINK_SECRET: without one, a per-process key (links change on restart, as access links do). */
  secret: string | undefined;
  publicStoreUrl: string;
  logError: (message: string, error: unknown) => void;
}) {
  const key = secret ?? randomBytes(32).toString('hex');
  const origin = publicStoreUrl.replace(/\/+$/, '');
  const tokenFor = (id: string) => createHmac('sha256', key).update(`membership-transfer:${id}`).digest('base64url');

  /** A card plan paid by transfer renews by transfer from now on; its Paystack subscription stops. */
  async function switchToTransfer(plan: Membership): Promise<void> {
    const { subscriptionCode, emailToken } = plan.provider;
    if (plan.renewal !== 'card') return;
    if (subscriptions && subscriptionCode && emailToken) {
      // A charge that still comes is a renewal of the plan all the same (matched by its plan code).
      await subscriptions.disable(subscriptionCode, emailToken).catch((error: unknown) => {
        logError(`Membership ${plan.id}: the Paystack subscription could not be stopped`, error);
      });
    }
    await db.runTransaction(async (t) => {
      const current = await readMembership(t, db, plan.id);
      if (!current || current.renewal !== 'card') return;
      const provider = { ...current.provider, subscriptionCode: null, emailToken: null };
      t.set(membershipRef(db, plan.id), membershipToData({ ...current, renewal: 'transfer', provider }));
    });
  }

  /** The plan behind a link, if its token is the plan's; null otherwise (nothing said about the plan). */
  async function planOfLink(id: string, token: string): Promise<Membership | null> {
    const expected = Buffer.from(tokenFor(id));
    const given = Buffer.from(token);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return memberships.get(id);
  }

  return {
    /** The plan's link to pay its next period by transfer, for the e-mails and the library. */
    linkFor: (id: string) => `${origin}/api/memberships/${encodeURIComponent(id)}/pay/${tokenFor(id)}`,

    /** The link opened: Paystack's checkout page for one period, or why not in words. */
    async start(id: string, token: string): Promise<TransferStart> {
      const plan = await planOfLink(id, token);
      if (!plan) return { kind: 'missing' };
      const refusal = transferRefusal(plan);
      if (refusal) return { kind: 'refused', reason: refusal };
      if (!subscriptions && demo) return { kind: 'demo', amount: formatMinorPrice(plan.amountMinor, plan.currency) };
      if (!subscriptions) return { kind: 'refused', reason: 'Payments by transfer are not available just now.' };
      const url = await subscriptions.initialize({
        email: plan.customer.email,
        amount: plan.amountMinor,
        reference: `rn-${randomBytes(10).toString('hex')}`,
        callbackUrl: `${origin}${paths.library}`,
        metadata: { membershipId: plan.id },
      });
      return { kind: 'checkout', url };
    },

    /** Demo mode: the link's demo payment, a sale of the plan as a paid transfer would be (no money). */
    async payDemo(id: string, token: string): Promise<TransferStart | { kind: 'paid' }> {
      const plan = await planOfLink(id, token);
      if (!plan) return { kind: 'missing' };
      const refusal = transferRefusal(plan);
      if (refusal) return { kind: 'refused', reason: refusal };
      if (subscriptions || !demo) return { kind: 'refused', reason: 'Demo payments are off in this store.' };
      const outcome = await memberships.renew({
        membershipId: plan.id,
        provider: 'demo',
        reference: `rn-${randomBytes(10).toString('hex')}`,
        amountMinor: plan.amountMinor,
        currency: plan.currency,
        paidAt: now().toISOString(),
      });
      return outcome.kind === 'sale'
        ? { kind: 'paid' }
        : { kind: 'refused', reason: 'The payment could not be recorded.' };
    },

    /**
     * charge.success of a renewal checkout: verified with Paystack (its metadata names the plan), then
     * a sale of the plan. Null when Paystack does not confirm it; the renewal's outcome otherwise.
     */
    async settle(reference: string) {
      if (!paystack) return null;
      const charge = await paystack.verify(reference);
      if (!charge || charge.status !== 'success') return null;
      const membershipId = typeof charge.metadata.membershipId === 'string' ? charge.metadata.membershipId : '';
      if (!membershipId) return { charge, outcome: { kind: 'missing' as const } };
      const outcome = await memberships.renew({
        membershipId,
        provider: 'paystack',
        reference,
        amountMinor: charge.amount,
        currency: charge.currency === 'USD' ? 'USD' : 'NGN',
        paidAt: charge.paidAt ?? now().toISOString(),
      });
      if (outcome.kind === 'sale') {
        const plan = await memberships.get(membershipId);
        if (plan) await switchToTransfer(plan);
      }
      return { charge, outcome };
    },
  };
}

export type TransferRenewals = ReturnType<typeof createTransferRenewals>;
