// The local cloud's Paystack stand-in for the affiliate program (docs/affiliates.md, 'Offline'): with
// no Paystack key and demo payments on, it answers the bank list, account resolution and subaccount
// creation, so joining and approval run offline under `npm start` and in e2e. Never deployed: the
// API accepts it only with DEMO_PAYMENTS, which only the local stack sets.
import { createHash } from 'node:crypto';
import type { PaystackAccounts } from '../server/payments/paystackAccounts';

export const demoBanks = [
  { code: '044', name: 'Access Bank' },
  { code: '011', name: 'First Bank of Nigeria' },
  { code: '058', name: 'Guaranty Trust Bank' },
  { code: '033', name: 'United Bank For Africa' },
  { code: '057', name: 'Zenith Bank' },
];

/** Account numbers the demo bank knows by name; any other 10 digits but all zeros is a demo holder. */
export const demoAccounts: Record<string, string> = { '0123456789': 'ADA OBI' };

export function createDemoPaystackAccounts(): PaystackAccounts {
  return {
    banks: () => Promise.resolve(demoBanks),
    resolveAccount(bankCode, accountNumber) {
      if (!demoBanks.some((bank) => bank.code === bankCode) || /^0+$/.test(accountNumber)) {
        return Promise.resolve(null);
      }
      return Promise.resolve(demoAccounts[accountNumber] ?? `DEMO HOLDER ${accountNumber.slice(-4)}`);
    },
    createSubaccount({ bankCode, accountNumber }) {
      const id = createHash('sha256').update(`${bankCode}:${accountNumber}`).digest('hex').slice(0, 10);
      return Promise.resolve(`ACCT_demo${id}`);
    },
  };
}
