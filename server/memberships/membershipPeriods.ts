// A membership's periods at sale time (docs/memberships.md): the contribution that starts a plan with
// the first payment of a product priced as a membership or in instalments, and moves a plan by one
// period with each later payment, inside the transaction that records the sale (docs/architecture.md,
// 'Sale time'). Also the plan's stored form, which every write here and in the service uses.
import { Timestamp, type DocumentData, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  accessEndsAt,
  applyPayment,
  type Membership,
  membershipFromData,
  paymentLabel,
  type RenewalChannel,
  startMembership,
} from '../../domain/membership';
import { toMinor } from '../../domain/money';
import { productPricingFromData } from '../../domain/productPricing';
import { addressKey } from '../lib/addressKey';
import { membershipsCollection, productsCollection } from '../lib/collections';
import type { SaleContribution, SaleInRecording } from '../orders/saleContributions';
import type { Provider } from '../orders/transactionRecord';

export function membershipRef(db: Firestore, id: string) {
  return db.collection(membershipsCollection).doc(id);
}

const stamp = (iso: string | null): Timestamp | null => (iso === null ? null : Timestamp.fromDate(new Date(iso)));

/**
 * The plan as stored: its times as Timestamps, so the sweeps can query them, and `openUntil`, when its
 * access ends as it stands (null once ended or completed), which the end-of-grace sweep asks with one
 * single-field range query.
 */
export function membershipToData(membership: Membership): DocumentData {
  const { id: _id, ...fields } = membership;
  const closed = membership.status === 'ended' || membership.status === 'completed';
  return {
    ...fields,
    openUntil: closed ? null : stamp(accessEndsAt(membership)),
    paidThrough: stamp(membership.paidThrough),
    nextPaymentAt: stamp(membership.nextPaymentAt),
    graceEndsAt: stamp(membership.graceEndsAt),
    dunning: { failedAt: stamp(membership.dunning.failedAt), sent: membership.dunning.sent },
    createdAt: stamp(membership.createdAt),
    cancelledAt: stamp(membership.cancelledAt),
    endedAt: stamp(membership.endedAt),
  };
}

/** The plan read in a transaction; null when there is none. */
export async function readMembership(t: Transaction, db: Firestore, id: string): Promise<Membership | null> {
  const snapshot = await t.get(membershipRef(db, id));
  return snapshot.exists ? membershipFromData(snapshot.id, snapshot.data()) : null;
}

/**
 * How a new plan renews until a provider's subscription is attached to it: PayPal's subscription pays
 * its own renewals; any other first payment can be renewed only by a checkout each period.
 */
function firstRenewal(provider: Provider): RenewalChannel {
  return provider === 'paypal' ? 'paypal' : 'transfer';
}

/** A later payment of `plan`: refused unless it is the plan's product and currency, for its amount. */
export function renewalRefusal(
  plan: Membership,
  sale: Pick<SaleInRecording, 'productId' | 'currency' | 'amountMinor'>,
) {
  if (plan.productId !== sale.productId) return 'The payment is for another product than the plan.';
  if (plan.currency !== sale.currency) return `The plan is paid in ${plan.currency}, not ${sale.currency}.`;
  if (sale.amountMinor < plan.amountMinor) return 'The payment is less than the amount the plan charges.';
  return null;
}

async function renewal(t: Transaction, db: Firestore, sale: SaleInRecording, id: string) {
  const plan = await readMembership(t, db, id);
  if (!plan) throw new Error(`No membership ${id} for the renewal ${sale.transactionId}`);
  const refusal = renewalRefusal(plan, sale);
  if (refusal) throw new Error(`${sale.transactionId}: ${refusal}`);
  const change = applyPayment(plan, sale.paidAt);
  if (!change.ok) throw new Error(`${sale.transactionId}: ${change.reason}`);
  return change.membership;
}

/**
 * The sale's part of a plan: a later payment (`renewalOf`) moves its plan by one period; the first
 * payment of a product priced as a membership or in instalments starts one, under the sale's own id,
 * agreed at this payment's amount. Any other sale is left alone.
 */
export function membershipContribution(db: Firestore): SaleContribution {
  return {
    name: 'membership period',
    async prepare(t, sale) {
      let plan: Membership;
      let isNew = false;
      if (sale.renewalOf) {
        plan = await renewal(t, db, sale, sale.renewalOf);
      } else {
        const product = await t.get(db.collection(productsCollection).doc(sale.productId));
        const pricing = productPricingFromData(product.data()?.pricing);
        if (pricing.kind === 'once') return null;
        isNew = true;
        plan = startMembership({
          id: sale.transactionId,
          productId: sale.productId,
          kind: pricing.kind,
          interval: pricing.kind === 'membership' ? pricing.interval : 'monthly',
          instalmentCount: pricing.kind === 'instalments' ? pricing.count : null,
          currency: sale.currency,
          // What each payment charges before any discount: a code applies to the first payment only.
          amountMinor: sale.checkout ? toMinor(sale.checkout.listPrice) : sale.amountMinor,
          customer: sale.customer,
          emailKey: addressKey(sale.customer.email),
          renewal: firstRenewal(sale.provider),
          firstTransactionId: sale.transactionId,
          paidAt: sale.paidAt,
        });
      }
      const saleFields = {
        membershipId: plan.id,
        membershipPayment: plan.payments,
        membershipLabel: paymentLabel(plan.kind, plan.payments, plan.instalments?.total ?? null),
      };
      return {
        saleFields,
        write(transaction) {
          const ref = membershipRef(db, plan.id);
          if (isNew) transaction.create(ref, membershipToData(plan));
          else transaction.set(ref, membershipToData(plan));
        },
      };
    },
  };
}
