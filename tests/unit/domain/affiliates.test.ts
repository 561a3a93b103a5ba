import { describe, expect, it } from 'vitest';
import {
  checkoutAffiliate,
  commissionLabel,
  commissionAfterRefund,
  commissionMinor,
  effectiveStatus,
  isSelfReferral,
  readAffiliateSettings,
} from '../../../domain/affiliates';

describe('readAffiliateSettings', () => {
  it('reads nothing stored as the program off, 10%, 30-day window, approval required, 30-day hold', () => {
    expect(readAffiliateSettings(undefined)).toEqual({
      on: false,
      percent: 10,
      windowDays: 30,
      approvalRequired: true,
      holdDays: 30,
    });
  });

  it('keeps values in range and reads out-of-range ones as the defaults', () => {
    expect(
      readAffiliateSettings({ on: true, percent: 30, windowDays: 7, approvalRequired: false, holdDays: 0 }),
    ).toEqual({ on: true, percent: 30, windowDays: 7, approvalRequired: false, holdDays: 0 });
    expect(readAffiliateSettings({ percent: 91, windowDays: 0, holdDays: 12.5 })).toEqual({
      on: false,
      percent: 10,
      windowDays: 30,
      approvalRequired: true,
      holdDays: 30,
    });
  });
});

describe('commissions', () => {
  it('is the percentage of the amount paid in minor units, rounded down', () => {
    expect(commissionMinor(637_500, 30)).toBe(191_250);
    expect(commissionMinor(999, 33)).toBe(329);
    expect(commissionMinor(0, 30)).toBe(0);
  });

  it('shrinks in proportion to a partial refund and ends with a full one', () => {
    expect(commissionAfterRefund(191_250, 637_500, 318_750)).toBe(95_625);
    expect(commissionAfterRefund(191_250, 637_500, 637_500)).toBe(0);
  });

  it('splits an NGN checkout for an affiliate with a subaccount, the seller keeping the rest', () => {
    expect(checkoutAffiliate({ code: 'ADA', percent: 30, subaccountCode: 'ACCT_ada' }, 'NGN', 750_000)).toEqual({
      affiliateCode: 'ADA',
      percent: 30,
      commissionMinor: 225_000,
      split: { subaccount: 'ACCT_ada', transactionChargeMinor: 525_000, bearer: 'account' },
    });
    expect(checkoutAffiliate({ code: 'ADA', percent: 30, subaccountCode: 'ACCT_ada' }, 'USD', 900)?.split).toBeNull();
  });

  it('becomes payable once its hold has passed', () => {
    const now = new Date('2026-12-01T00:00:00.000Z');
    expect(effectiveStatus('pending', '2026-11-30T00:00:00.000Z', now)).toBe('payable');
    expect(effectiveStatus('pending', '2026-12-02T00:00:00.000Z', now)).toBe('pending');
    expect(effectiveStatus('split', null, now)).toBe('split');
  });

  it('treats the same mailbox, however spelled, as a self-referral', () => {
    const ada = { email: 'adaobi@googlemail.com', bank: null, paypalEmail: null };
    expect(isSelfReferral({ email: 'Ada.Obi+shop@gmail.com', applications: [] }, ada)).toBe(true);
    expect(isSelfReferral({ email: 'buyer@example.com', applications: [] }, { ...ada, email: 'ada@demo.store' })).toBe(
      false,
    );
  });

  it('treats a buyer paid into the affiliate’s bank account or PayPal address as the affiliate', () => {
    const affiliate = {
      email: 'ada@demo.store',
      bank: { code: '058', accountNumber: '0123456789' },
      paypalEmail: null,
    };
    const ownAccount = { bank: { code: '058', accountNumber: '0123456789' }, paypalEmail: null };
    const otherBank = { bank: { code: '044', accountNumber: '0123456789' }, paypalEmail: null };
    expect(isSelfReferral({ email: 'twin@example.com', applications: [ownAccount] }, affiliate)).toBe(true);
    expect(isSelfReferral({ email: 'twin@example.com', applications: [otherBank] }, affiliate)).toBe(false);
    const byPaypal = { email: 'ada@demo.store', bank: null, paypalEmail: 'Ada.Pay@Example.com' };
    const ownPaypal = { bank: null, paypalEmail: 'ada.pay+x@example.com' };
    expect(isSelfReferral({ email: 'twin@example.com', applications: [ownPaypal] }, byPaypal)).toBe(true);
    expect(isSelfReferral({ email: 'ADA.PAY@example.com', applications: [] }, byPaypal)).toBe(true);
    expect(isSelfReferral({ email: 'buyer@example.com', applications: [otherBank] }, byPaypal)).toBe(false);
  });
});

describe('commissionLabel', () => {
  it.each([
    ['split', 'Paid by Paystack split', 'Paid by Paystack split'],
    ['pending', 'Pending', 'Pending'],
    ['payable', 'Payable', 'Payable'],
    ['paid', 'Paid', 'Paid'],
    ['reversed', 'Reversed', 'Reversed'],
    ['owedBack', 'Owed back by the affiliate', 'Owed back'],
  ] as const)('words %s as %s for the seller and %s for the affiliate', (status, seller, affiliate) => {
    expect(commissionLabel(status, 'seller')).toBe(seller);
    expect(commissionLabel(status, 'affiliate')).toBe(affiliate);
  });
});
