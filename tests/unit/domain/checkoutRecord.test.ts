// The checkout document's one decoder (domain/checkoutRecord.ts).
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { readCheckoutRecord } from '../../../domain/checkoutRecord';

/** A Paystack checkout as POST /api/checkouts stores it, its times as the Admin SDK hands them back. */
function stored(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    reference: 'ds-0123456789abcdef0123',
    provider: 'paystack',
    productId: 'excel-mastery',
    productName: 'Excel Mastery',
    deliverableUrl: 'https://drive.example.com/excel',
    currency: 'NGN',
    listPrice: 7500,
    discountCode: null,
    discountAmount: 0,
    amount: 7500,
    customer: { name: 'Ada Obi', email: 'ada.obi@example.com', phone: '+2348031234567' },
    createdAt: Timestamp.fromMillis(Date.UTC(2026, 10, 22, 9, 0)),
    expiresAt: Timestamp.fromMillis(Date.UTC(2026, 10, 22, 10, 0)),
    status: 'open',
    reminder: null,
    paypalOrderId: null,
    ...overrides,
  };
}

describe('readCheckoutRecord', () => {
  it('reads a stored checkout, its Timestamps as Dates, without fields it does not have', () => {
    expect(readCheckoutRecord(stored())).toEqual({
      reference: 'ds-0123456789abcdef0123',
      provider: 'paystack',
      productId: 'excel-mastery',
      productName: 'Excel Mastery',
      deliverableUrl: 'https://drive.example.com/excel',
      currency: 'NGN',
      listPrice: 7500,
      discountCode: null,
      discountAmount: 0,
      amount: 7500,
      customer: { name: 'Ada Obi', email: 'ada.obi@example.com', phone: '+2348031234567' },
      createdAt: new Date('2026-11-22T09:00:00.000Z'),
      expiresAt: new Date('2026-11-22T10:00:00.000Z'),
      status: 'open',
      reminder: null,
      paypalOrderId: null,
    });
  });

  it('reads a time by its shape, whichever SDK made it', () => {
    const other = { seconds: 1_795_338_000, nanoseconds: 0, toMillis: () => 1_795_338_000_000 };
    expect(readCheckoutRecord(stored({ expiresAt: other }))?.expiresAt).toEqual(new Date('2026-11-22T09:00:00.000Z'));
  });

  it('reads the fields of an affiliate, a pending payment and a sale when stored', () => {
    const record = readCheckoutRecord(
      stored({
        status: 'paid',
        reminder: 'sent',
        paypalOrderId: '5O190127TN364715T',
        transactionId: 'paystack_ds-0123456789abcdef0123',
        codeHoldReplacedBy: 'fedcba9876543210fedc',
        affiliateCode: 'ADAOBI42',
        commissionMinor: 75_000,
        affiliatePercent: 10,
        split: { subaccount: 'ACCT_abc', transactionChargeMinor: 675_000, bearer: 'account' },
        pending: { kind: 'transfer', since: Timestamp.fromMillis(Date.UTC(2026, 10, 22, 9, 5)) },
        waitTokenHash: 'a'.repeat(64),
        waitMail: 'sent',
        endedBy: 'declined',
        transferSeenAt: Timestamp.fromMillis(Date.UTC(2026, 10, 22, 9, 6)),
        startedBy: 'b'.repeat(64),
        reminderTokenHash: 'c'.repeat(64),
      }),
    );
    expect(record).toMatchObject({
      status: 'paid',
      reminder: 'sent',
      paypalOrderId: '5O190127TN364715T',
      transactionId: 'paystack_ds-0123456789abcdef0123',
      codeHoldReplacedBy: 'fedcba9876543210fedc',
      affiliateCode: 'ADAOBI42',
      commissionMinor: 75_000,
      affiliatePercent: 10,
      split: { subaccount: 'ACCT_abc', transactionChargeMinor: 675_000, bearer: 'account' },
      pending: { kind: 'transfer', since: new Date('2026-11-22T09:05:00.000Z') },
      waitTokenHash: 'a'.repeat(64),
      waitMail: 'sent',
      endedBy: 'declined',
      transferSeenAt: new Date('2026-11-22T09:06:00.000Z'),
      startedBy: 'b'.repeat(64),
      reminderTokenHash: 'c'.repeat(64),
    });
  });

  it('reads no checkout from nothing, or from a document without what is sold, to whom, for how much or until when', () => {
    expect(readCheckoutRecord(undefined)).toBeNull();
    expect(readCheckoutRecord({})).toBeNull();
    expect(readCheckoutRecord(stored({ reference: 42 }))).toBeNull();
    expect(readCheckoutRecord(stored({ provider: 'stripe' }))).toBeNull();
    expect(readCheckoutRecord(stored({ productId: undefined }))).toBeNull();
    expect(readCheckoutRecord(stored({ productName: null }))).toBeNull();
    expect(readCheckoutRecord(stored({ currency: 'EUR' }))).toBeNull();
    expect(readCheckoutRecord(stored({ amount: '7500' }))).toBeNull();
    expect(readCheckoutRecord(stored({ amount: Number.NaN }))).toBeNull();
    expect(readCheckoutRecord(stored({ customer: { name: 'Ada Obi' } }))).toBeNull();
    expect(readCheckoutRecord(stored({ expiresAt: '2026-11-22T10:00:00.000Z' }))).toBeNull();
    expect(readCheckoutRecord(stored({ expiresAt: undefined }))).toBeNull();
  });

  it('reads any other missing or mistyped field as its empty value', () => {
    const record = readCheckoutRecord(
      stored({
        deliverableUrl: 7,
        listPrice: '7500',
        discountCode: 12,
        discountAmount: null,
        customer: { email: 'ada.obi@example.com', name: ['Ada'] },
        createdAt: 'yesterday',
        status: 'refunded',
        reminder: 'maybe',
        paypalOrderId: 99,
        transactionId: 5,
        affiliateCode: 3,
        commissionMinor: '75000',
        split: { subaccount: 'ACCT_abc' },
        pending: { kind: 'cash', since: Timestamp.fromMillis(0) },
        waitMail: 'lost',
        endedBy: 'cancelled',
        transferSeenAt: 'soon',
      }),
    );
    expect(record).toEqual({
      reference: 'ds-0123456789abcdef0123',
      provider: 'paystack',
      productId: 'excel-mastery',
      productName: 'Excel Mastery',
      deliverableUrl: '',
      currency: 'NGN',
      listPrice: 7500,
      discountCode: null,
      discountAmount: 0,
      amount: 7500,
      customer: { name: '', email: 'ada.obi@example.com', phone: '' },
      createdAt: new Date('1970-01-01T00:00:00.000Z'),
      expiresAt: new Date('2026-11-22T10:00:00.000Z'),
      status: 'expired',
      reminder: null,
      paypalOrderId: null,
    });
  });

  it('keeps a stored null affiliate, split and pending as null', () => {
    expect(readCheckoutRecord(stored({ affiliateCode: null, split: null, pending: null }))).toMatchObject({
      affiliateCode: null,
      split: null,
      pending: null,
    });
  });
});
