// The affiliate document's one decoder (domain/affiliateRecord.ts).
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { readAffiliateRecord } from '../../../domain/affiliateRecord';

describe('readAffiliateRecord', () => {
  it('reads a stored affiliate as it is, its time as ISO text', () => {
    expect(
      readAffiliateRecord({
        name: 'Ada Obi',
        email: 'ada@example.com',
        emailKey: 'ada@example.com',
        phone: '+234 803 555 0101',
        promotion: 'A weekly newsletter for Lagos freelancers.',
        status: 'approved',
        commissionPercent: 15,
        bank: {
          code: '058',
          name: 'GTBank',
          accountName: 'ADA OBI',
          accountNumber: '0123456789',
          last4: '6789',
        },
        subaccountCode: 'ACCT_abc',
        paypalEmail: null,
        createdAt: Timestamp.fromMillis(Date.UTC(2026, 10, 22, 9, 30)),
        subaccountClaimAt: 1_795_000_000_000,
      }),
    ).toEqual({
      name: 'Ada Obi',
      email: 'ada@example.com',
      emailKey: 'ada@example.com',
      phone: '+234 803 555 0101',
      promotion: 'A weekly newsletter for Lagos freelancers.',
      status: 'approved',
      commissionPercent: 15,
      bank: { code: '058', name: 'GTBank', accountName: 'ADA OBI', accountNumber: '0123456789', last4: '6789' },
      subaccountCode: 'ACCT_abc',
      paypalEmail: null,
      createdAt: '2026-11-22T09:30:00.000Z',
      subaccountClaimAt: 1_795_000_000_000,
    });
  });

  it('reads a missing record as a removed affiliate of empty fields', () => {
    expect(readAffiliateRecord(undefined)).toEqual({
      name: '',
      email: '',
      emailKey: '',
      phone: '',
      promotion: '',
      status: 'removed',
      commissionPercent: null,
      bank: null,
      subaccountCode: null,
      paypalEmail: null,
      createdAt: '1970-01-01T00:00:00.000Z',
      subaccountClaimAt: null,
    });
  });

  it('reads mistyped fields as their empty values and an unknown status as removed', () => {
    expect(
      readAffiliateRecord({
        name: 42,
        email: ['ada@example.com'],
        status: 'owner',
        commissionPercent: '15',
        bank: { code: '058', accountNumber: 123 },
        subaccountCode: 7,
        paypalEmail: false,
        createdAt: 'not a date',
        subaccountClaimAt: '1795000000000',
      }),
    ).toEqual({
      name: '',
      email: '',
      emailKey: '',
      phone: '',
      promotion: '',
      status: 'removed',
      commissionPercent: null,
      bank: null,
      subaccountCode: null,
      paypalEmail: null,
      createdAt: '1970-01-01T00:00:00.000Z',
      subaccountClaimAt: null,
    });
  });

  it('reads a name stored before the rules without its line breaks and direction characters', () => {
    expect(readAffiliateRecord({ name: 'Eve\r\nBcc: everyone@example.com\u202e' }).name).toBe(
      'Eve Bcc: everyone@example.com',
    );
  });

  it('keeps the last four digits of a bank stored without them', () => {
    expect(readAffiliateRecord({ bank: { code: '058', accountNumber: '0123456789' } }).bank).toEqual({
      code: '058',
      name: '',
      accountName: '',
      accountNumber: '0123456789',
      last4: '6789',
    });
  });
});
