// The affiliate's own page (docs/affiliates.md): what GET /api/affiliates/me answers the affiliate
// signed in with their address: clicks, sales with their commissions, totals per currency and state,
// and the products to link to. Only their own, read by the API.
import type { Firestore } from 'firebase-admin/firestore';
import type { AffiliatePageAnswer } from '../../domain/affiliates';
import { productFromData } from '../../domain/product';
import { type Affiliates } from './affiliates';
import type { Commissions } from './commissions';
import { affiliateClicksCollection, productsCollection } from '../lib/collections';

export function createAffiliatePage({
  db,
  affiliates,
  commissions,
}: {
  db: Firestore;
  affiliates: Pick<Affiliates, 'byEmail' | 'settings'>;
  commissions: Pick<Commissions, 'list'>;
}) {
  return async (email: string): Promise<AffiliatePageAnswer | null> => {
    const affiliate = await affiliates.byEmail(email);
    if (!affiliate) return null;
    const [clicks, earned, products, program] = await Promise.all([
      db.collection(affiliateClicksCollection).where('code', '==', affiliate.code).get(),
      commissions.list({ affiliateCode: affiliate.code }),
      db.collection(productsCollection).orderBy('createdAt', 'desc').limit(200).get(),
      affiliates.settings(),
    ]);
    const totals: AffiliatePageAnswer['totals'] = {};
    for (const commission of earned) {
      const currency = (totals[commission.currency] ??= {});
      currency[commission.status] = (currency[commission.status] ?? 0) + commission.amountMinor;
    }
    return {
      code: affiliate.code,
      name: affiliate.name,
      status: affiliate.status,
      // Where they are paid, without the full account number (the seller's alone).
      payout: affiliate.bank
        ? { kind: 'bank', bankName: affiliate.bank.name, last4: affiliate.bank.last4 }
        : affiliate.paypalEmail
          ? { kind: 'paypal', paypalEmail: affiliate.paypalEmail }
          : null,
      percent: affiliate.commissionPercent ?? program.percent,
      clicks: clicks.docs.reduce((sum, doc) => sum + Number(doc.get('count') ?? 0), 0),
      sales: earned.map((commission) => ({
        transactionId: commission.transactionId,
        productName: commission.productName,
        paidAt: commission.soldAt,
        currency: commission.currency,
        amountMinor: commission.baseMinor,
        commissionMinor: commission.amountMinor,
        status: commission.status,
      })),
      totals,
      products: products.docs.map((doc) => ({
        id: doc.id,
        title: productFromData(doc.id, doc.data()).title || doc.id,
      })),
    };
  };
}
