import { describe, expect, it } from 'vitest';
import { accessOpen, productDocId, purchasedAt, readSaleRecord } from '../../../domain/saleRecord';

const emptySale = {
  productId: '',
  productName: '',
  productUrl: '',
  transactionReference: '',
  paidAt: '',
  createdAtMs: null,
  customerName: '',
  customerEmail: '',
  paymentMethod: '',
  currency: 'NGN',
  amountPaid: 0,
  listPrice: 0,
  discountCode: null,
  discountAmount: 0,
  accessRevoked: null,
  accessChangedBy: null,
  refund: { refunded: 0, full: false, at: null },
  disputeStatus: null,
  downloadsByFile: {},
  hasLicenseKey: false,
  certificate: null,
};

describe('readSaleRecord', () => {
  it('reads a missing record as every default', () => {
    expect(readSaleRecord(undefined)).toEqual(emptySale);
    expect(readSaleRecord({})).toEqual(emptySale);
  });

  it('reads a whole record as stored', () => {
    const sale = readSaleRecord({
      productId: 'p1',
      productName: 'Lagos Cookbook',
      productUrl: 'https://example.com/book',
      transactionReference: 'T-100',
      paidAt: '2026-11-22T09:00:00.000Z',
      createdAt: { toMillis: () => 1_795_000_000_000 },
      customerName: 'Ada Obi',
      customerEmail: 'ada@example.com',
      paymentMethod: 'paystack',
      currency: 'USD',
      amountPaid: 12.5,
      listPrice: 15,
      discountCode: 'SAVE',
      discountAmount: 2.5,
      accessRevoked: true,
      accessChangedBy: 'refund',
      refund: { refunded: 12.5, full: true, at: '2026-11-23T10:00:00.000Z' },
      dispute: { status: 'lost' },
      downloads: { count: 3, byFile: { f1: 2, f2: 1 } },
      licenseKey: null,
      certificate: { code: 'CERT-ABCDEFGHJKLM', storagePath: 'certificates/CERT-ABCDEFGHJKLM.pdf' },
    });
    expect(sale).toEqual({
      productId: 'p1',
      productName: 'Lagos Cookbook',
      productUrl: 'https://example.com/book',
      transactionReference: 'T-100',
      paidAt: '2026-11-22T09:00:00.000Z',
      createdAtMs: 1_795_000_000_000,
      customerName: 'Ada Obi',
      customerEmail: 'ada@example.com',
      paymentMethod: 'paystack',
      currency: 'USD',
      amountPaid: 12.5,
      listPrice: 15,
      discountCode: 'SAVE',
      discountAmount: 2.5,
      accessRevoked: true,
      accessChangedBy: 'refund',
      refund: { refunded: 12.5, full: true, at: '2026-11-23T10:00:00.000Z' },
      disputeStatus: 'lost',
      downloadsByFile: { f1: 2, f2: 1 },
      hasLicenseKey: true,
      certificate: { code: 'CERT-ABCDEFGHJKLM', storagePath: 'certificates/CERT-ABCDEFGHJKLM.pdf' },
    });
  });

  it('reads fields of the wrong type as their defaults', () => {
    const sale = readSaleRecord({
      productId: 42,
      productName: ['Book'],
      customerEmail: null,
      currency: 'EUR',
      amountPaid: '5000',
      listPrice: Number.NaN,
      discountAmount: Number.POSITIVE_INFINITY,
      discountCode: 7,
      accessRevoked: 'yes',
      accessChangedBy: 1,
      refund: 'full',
      dispute: { status: 3 },
      downloads: { byFile: { f1: '2', f2: 4 } },
      createdAt: '2026-11-22',
      certificate: { code: 'CERT-ABCDEFGHJKLM' },
    });
    expect(sale).toEqual({ ...emptySale, downloadsByFile: { f2: 4 } });
  });

  it('tells a key still owed (null) from a product without keys (absent)', () => {
    expect(readSaleRecord({ licenseKey: null }).hasLicenseKey).toBe(true);
    expect(readSaleRecord({ licenseKey: 'AAAA-BBBB' }).hasLicenseKey).toBe(true);
    expect(readSaleRecord({}).hasLicenseKey).toBe(false);
  });
});

describe('the sale record’s readings', () => {
  it('opens access only when the record says false in so many words', () => {
    expect(accessOpen(readSaleRecord({ accessRevoked: false }))).toBe(true);
    expect(accessOpen(readSaleRecord({ accessRevoked: true }))).toBe(false);
    expect(accessOpen(readSaleRecord({}))).toBe(false);
    expect(accessOpen(readSaleRecord({ accessRevoked: 0 }))).toBe(false);
  });

  it('dates the purchase by its payment, else its recording, else not at all', () => {
    expect(purchasedAt({ paidAt: '2026-11-22T09:00:00.000Z', createdAtMs: 0 })).toEqual(
      new Date('2026-11-22T09:00:00.000Z'),
    );
    expect(purchasedAt({ paidAt: 'soon', createdAtMs: 1_795_000_000_000 })).toEqual(new Date(1_795_000_000_000));
    expect(purchasedAt({ paidAt: '', createdAtMs: null })).toBeNull();
  });

  it('names a product document even for a record without a product', () => {
    expect(productDocId({ productId: 'p1' })).toBe('p1');
    expect(productDocId({ productId: '' })).toBe('no-product');
  });
});
