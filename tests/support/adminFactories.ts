// Test data builders for the admin's affiliate screens (docs/testing.md): kept apart from ./factories.ts,
// which node-side tests import, because these types come from the SPA's API module (which needs the DOM).
import type { LedgerCommission, PanelAffiliate } from '../../src/features/admin/api/affiliatesAdmin';

/** An affiliate as the admin's Affiliates panel lists it: applied, waiting for approval, paid to a bank. */
export function buildAffiliate(overrides: Partial<PanelAffiliate> = {}): PanelAffiliate {
  return {
    code: 'CHIOMA12',
    name: 'Chioma Nwosu',
    email: 'chioma@example.com',
    phone: '+234 803 555 0101',
    promotion: 'A weekly newsletter for Lagos freelancers.',
    status: 'pending',
    commissionPercent: null,
    bank: { code: '058', name: 'Guaranty Trust Bank', accountName: 'CHIOMA NWOSU', last4: '6789' },
    subaccountCode: null,
    paypalEmail: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** A line of the commission ledger: 30% of a ₦7,500 sale, past its hold and payable, in no batch yet. */
export function buildCommission(overrides: Partial<LedgerCommission> = {}): LedgerCommission {
  return {
    transactionId: 'paystack_ds-1',
    affiliateCode: 'CHIOMA12',
    currency: 'NGN',
    baseMinor: 750_000,
    amountMinor: 225_000,
    status: 'payable',
    productName: 'Freelance Writing Playbook',
    soldAt: '2026-10-01T09:00:05.000Z',
    payableAt: '2026-10-31T09:00:05.000Z',
    batchId: null,
    ...overrides,
  };
}
