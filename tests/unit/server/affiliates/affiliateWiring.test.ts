import { describe, expect, it } from 'vitest';
import { createDemoPaystackAccounts } from '../../../../local/demoPaystackAccounts';
import { paystackAccountsFor } from '../../../../server/affiliates/affiliateWiring';

const base = { PAYSTACK_BASE_URL: 'https://api.paystack.co', PROVIDER_TIMEOUT_MS: 3000 };

describe('which Paystack answers the affiliate program’s bank calls', () => {
  const standIn = createDemoPaystackAccounts();

  it('is Paystack itself when its key is set, even beside the local stand-in', () => {
    const accounts = paystackAccountsFor({ ...base, PAYSTACK_SECRET_KEY: 'sk_live_x', DEMO_PAYMENTS: true }, standIn);
    expect(accounts).not.toBe(standIn);
    expect(accounts).not.toBeNull();
  });

  it('is the local stand-in only in demo mode, and nothing otherwise', () => {
    expect(paystackAccountsFor({ ...base, PAYSTACK_SECRET_KEY: undefined, DEMO_PAYMENTS: true }, standIn)).toBe(
      standIn,
    );
    expect(paystackAccountsFor({ ...base, PAYSTACK_SECRET_KEY: undefined, DEMO_PAYMENTS: false }, standIn)).toBeNull();
    expect(paystackAccountsFor({ ...base, PAYSTACK_SECRET_KEY: undefined, DEMO_PAYMENTS: true }, undefined)).toBeNull();
  });
});
