// The plans as Members and the library list them (docs/memberships.md): every plan with its product's
// title and the summary above the list, one buyer's plans, and the sale that was a plan's last payment
// (what the seller's cancel-now refunds). Reads only; changes go through the memberships service.
import type { Firestore } from 'firebase-admin/firestore';
import { type Membership, membershipFromData } from '../../domain/membership';
import { membersLost, monthlyRecurringMinor } from '../../domain/membershipNotices';
import { type MemberRow, memberRowOf, type MembersSummary } from '../../domain/memberRows';
import { membershipsCollection, productsCollection, transactionsCollection } from '../lib/collections';

/** How many plans Members reads at most, newest first. */
const listLimit = 5000;

export function createMemberList({ db, now }: { db: Firestore; now: () => Date }) {
  async function titlesOf(plans: readonly Membership[]): Promise<Map<string, string>> {
    const ids = [...new Set(plans.map((plan) => plan.productId).filter((id) => id !== ''))];
    const titles = new Map<string, string>();
    if (ids.length === 0) return titles;
    const products = await db.getAll(...ids.map((id) => db.collection(productsCollection).doc(id)));
    for (const product of products) {
      const title: unknown = product.data()?.title;
      titles.set(product.id, typeof title === 'string' && title ? title : 'A product no longer in the store');
    }
    return titles;
  }

  async function rowsOf(plans: Membership[]): Promise<MemberRow[]> {
    const titles = await titlesOf(plans);
    return plans
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
      .map((plan) => memberRowOf(plan, titles.get(plan.productId) ?? plan.productId));
  }

  return {
    /** Every plan, newest first, and the summary over them. */
    async all(): Promise<{ members: MemberRow[]; summary: MembersSummary }> {
      const snapshot = await db.collection(membershipsCollection).orderBy('createdAt', 'desc').limit(listLimit).get();
      const plans = snapshot.docs.map((doc) => membershipFromData(doc.id, doc.data()));
      const summary = {
        monthlyRecurringMinor: monthlyRecurringMinor(plans),
        lostLast30Days: membersLost(plans, now()),
      };
      return { members: await rowsOf(plans), summary };
    },

    /** The plans of one buyer's mailbox, newest first. */
    async ofBuyer(emailKey: string): Promise<MemberRow[]> {
      const snapshot = await db.collection(membershipsCollection).where('emailKey', '==', emailKey).get();
      return rowsOf(snapshot.docs.map((doc) => membershipFromData(doc.id, doc.data())));
    },

    /** The sale of the plan's latest payment; null when none is stored. */
    async lastPaymentOf(membershipId: string): Promise<string | null> {
      // One equality filter needs no composite index; a plan has a few dozen sales at most.
      const sales = await db.collection(transactionsCollection).where('membershipId', '==', membershipId).get();
      let last: { id: string; payment: number } | null = null;
      for (const sale of sales.docs) {
        const payment: unknown = sale.data().membershipPayment;
        const number = typeof payment === 'number' ? payment : 0;
        if (!last || number > last.payment) last = { id: sale.id, payment: number };
      }
      return last?.id ?? null;
    },
  };
}

export type MemberList = ReturnType<typeof createMemberList>;
