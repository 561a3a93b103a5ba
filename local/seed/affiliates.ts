// The demo affiliate program (docs/affiliates.md, 'Offline'): the program on at 30% with a 30-day
// window, and one approved affiliate, Ada Obi (ada@demo.store, code ADA), paid into a demo bank
// account through the subaccount the local Paystack stand-in gives that account. A demo sale through
// `?ref=ADA` then shows its commission, split at once like a real NGN sale to an affiliate with a bank.
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { mailboxOf } from '../../domain/mailbox';
import { addressKey } from '../../server/lib/addressKey';
import { createDemoPaystackAccounts, demoAccounts } from '../demoPaystackAccounts';

export const demoAffiliate = { code: 'ADA', name: 'Ada Obi', email: 'ada@demo.store' } as const;
const demoAccountNumber = '0123456789';

export async function seedAffiliateProgram(db: Firestore): Promise<void> {
  const subaccountCode = await createDemoPaystackAccounts().createSubaccount({
    businessName: `${demoAffiliate.name} (${demoAffiliate.code})`,
    bankCode: '058',
    accountNumber: demoAccountNumber,
    email: demoAffiliate.email,
    percentageCharge: 70,
  });
  const batch = db.batch();
  batch.set(
    db.doc('settings/store'),
    { affiliates: { on: true, percent: 30, windowDays: 30, approvalRequired: true, holdDays: 30 } },
    { merge: true },
  );
  batch.set(db.doc(`affiliates/${demoAffiliate.code}`), {
    name: demoAffiliate.name,
    email: demoAffiliate.email,
    emailKey: mailboxOf(demoAffiliate.email),
    phone: '+234 803 000 0000',
    promotion: 'Reviews of the store’s ebooks on her blog and WhatsApp channel.',
    status: 'approved',
    commissionPercent: null,
    bank: {
      code: '058',
      name: 'Guaranty Trust Bank',
      accountName: demoAccounts[demoAccountNumber] ?? 'ADA OBI',
      accountNumber: demoAccountNumber,
      last4: demoAccountNumber.slice(-4),
    },
    subaccountCode,
    paypalEmail: null,
    createdAt: Timestamp.fromMillis(Date.UTC(2026, 0, 1)),
  });
  batch.set(db.doc(`affiliateMailboxes/${addressKey(demoAffiliate.email)}`), { code: demoAffiliate.code });
  await batch.commit();
}
