import { describe, expect, it } from 'vitest';
import { createDemoPaystackAccounts } from '../../../local/demoPaystackAccounts';

describe('the local Paystack stand-in for affiliate payouts', () => {
  const accounts = createDemoPaystackAccounts();

  it('lists Nigerian banks and resolves a demo account to its holder, an unknown one to nothing', async () => {
    expect((await accounts.banks()).map((bank) => bank.name)).toContain('Guaranty Trust Bank');
    expect(await accounts.resolveAccount('058', '0123456789')).toBe('ADA OBI');
    expect(await accounts.resolveAccount('058', '2222224321')).toBe('DEMO HOLDER 4321');
    expect(await accounts.resolveAccount('058', '0000000000')).toBeNull();
    expect(await accounts.resolveAccount('999', '0123456789')).toBeNull();
  });

  it('gives one account the same subaccount code every time', async () => {
    const input = {
      businessName: 'Ada',
      bankCode: '058',
      accountNumber: '0123456789',
      email: 'a@b.c',
      percentageCharge: 70,
    };
    const first = await accounts.createSubaccount(input);
    expect(first).toMatch(/^ACCT_demo[0-9a-f]{10}$/);
    expect(await accounts.createSubaccount(input)).toBe(first);
  });
});
