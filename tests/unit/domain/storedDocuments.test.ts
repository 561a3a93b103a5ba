// The decoders of the documents the API reads besides the sale (tests/unit/domain/saleRecord.test.ts).
import { describe, expect, it } from 'vitest';
import { readAccessGrant } from '../../../domain/accessGrant';
import { readCommissionRecord } from '../../../domain/affiliates';
import { decodeCourse } from '../../../domain/courseContent';
import { readCertificateRecord } from '../../../domain/courses';
import { readLicenseKey } from '../../../domain/licenseKeys';

describe('readLicenseKey', () => {
  it('reads a missing record as an active key of nothing, without limit or activations', () => {
    expect(readLicenseKey(undefined)).toEqual({
      key: null,
      productId: '',
      transactionId: '',
      status: 'active',
      activationLimit: null,
      activations: [],
    });
  });

  it('reads a stored key as it is', () => {
    expect(
      readLicenseKey({
        key: '8F3A2C1D-0B9E4D7A-11112222-33334444',
        productId: 'p1',
        transactionId: 'paystack_T-1',
        status: 'disabled',
        activationLimit: 3,
        activations: [{ id: 'a1', name: 'Office PC', at: '2026-11-22T09:00:00.000Z' }],
      }),
    ).toEqual({
      key: '8F3A2C1D-0B9E4D7A-11112222-33334444',
      productId: 'p1',
      transactionId: 'paystack_T-1',
      status: 'disabled',
      activationLimit: 3,
      activations: [{ id: 'a1', name: 'Office PC', at: '2026-11-22T09:00:00.000Z' }],
    });
    expect(readLicenseKey({ status: 'pending' }).status).toBe('pending');
  });

  it('reads fields of the wrong type as their defaults and drops malformed activations', () => {
    expect(
      readLicenseKey({
        key: 12,
        productId: ['p1'],
        transactionId: null,
        status: 'revoked',
        activationLimit: '3',
        activations: [{ id: 'a1', name: 'Laptop', at: '2026-11-22T09:00:00.000Z' }, { id: 'a2' }, 'a3', null],
      }),
    ).toEqual({
      key: null,
      productId: '',
      transactionId: '',
      status: 'active',
      activationLimit: null,
      activations: [{ id: 'a1', name: 'Laptop', at: '2026-11-22T09:00:00.000Z' }],
    });
    expect(readLicenseKey({ activations: 'a1' }).activations).toEqual([]);
  });
});

describe('readCertificateRecord', () => {
  it('reads a stored certificate as it is', () => {
    expect(
      readCertificateRecord({
        transactionId: 'paystack_T-1',
        productId: 'p1',
        name: 'Ada Obi',
        courseTitle: 'Jollof 101',
        completedAt: '2026-11-22T09:00:00.000Z',
        storeName: 'Ada’s Store',
        storagePath: 'certificates/CERT-ABCDEFGHJKLM.pdf',
      }),
    ).toEqual({
      transactionId: 'paystack_T-1',
      productId: 'p1',
      name: 'Ada Obi',
      courseTitle: 'Jollof 101',
      completedAt: '2026-11-22T09:00:00.000Z',
      storeName: 'Ada’s Store',
      storagePath: 'certificates/CERT-ABCDEFGHJKLM.pdf',
    });
  });

  it('reads missing or mistyped fields as empty, and no store name as null', () => {
    const empty = {
      transactionId: '',
      productId: '',
      name: '',
      courseTitle: '',
      completedAt: '',
      storeName: null,
      storagePath: '',
    };
    expect(readCertificateRecord(undefined)).toEqual(empty);
    expect(readCertificateRecord({ name: 5, completedAt: new Date(0), storeName: false, transactionId: {} })).toEqual(
      empty,
    );
  });
});

describe('readCommissionRecord', () => {
  it('reads a stored commission as it is', () => {
    const stored = {
      affiliateCode: 'ADA10',
      currency: 'USD',
      baseMinor: 5000,
      percent: 10,
      earnedMinor: 500,
      amountMinor: 250,
      status: 'paid',
      productName: 'Lagos Cookbook',
      soldAt: '2026-11-22T09:00:00.000Z',
      payableAt: '2026-12-22T09:00:00.000Z',
      paidAt: '2026-12-23T09:00:00.000Z',
      batchId: 'batch-2026-12-23-0a1b2c3d',
    };
    expect(readCommissionRecord(stored)).toEqual(stored);
  });

  it('reads a missing or mistyped commission as one that pays nothing', () => {
    const nothing = {
      affiliateCode: '',
      currency: 'NGN',
      baseMinor: 0,
      percent: 0,
      earnedMinor: 0,
      amountMinor: 0,
      status: 'reversed',
      productName: '',
      soldAt: '',
      payableAt: null,
      paidAt: null,
      batchId: null,
    };
    expect(readCommissionRecord(undefined)).toEqual(nothing);
    expect(
      readCommissionRecord({
        affiliateCode: 7,
        currency: 'EUR',
        baseMinor: '5000',
        percent: 10.5,
        earnedMinor: Number.NaN,
        amountMinor: null,
        status: 'settled',
        productName: {},
        soldAt: 1,
        payableAt: 2,
        paidAt: false,
        batchId: [],
      }),
    ).toEqual(nothing);
  });
});

describe('decodeCourse', () => {
  it('reads a missing course as no sections, no videos and never saved', () => {
    expect(decodeCourse(undefined)).toEqual({ sections: [], videos: {}, updatedAt: null });
  });

  it('keeps entries with ids, reads their other fields with defaults, and drops the rest', () => {
    const course = decodeCourse({
      sections: [
        {
          id: 's1',
          title: 7,
          lessons: [
            {
              id: 'l1',
              title: 'Welcome',
              body: null,
              video: { fileId: 'v1', durationS: '60', width: 1280, height: 720 },
              attachmentFileIds: ['a1', 2],
              preview: 'yes',
              dripDays: 3,
            },
            { title: 'No id' },
          ],
        },
        { title: 'A section without an id' },
        'junk',
      ],
      videos: { v1: { lessonId: 'l1', kind: 'main', durationS: 60, width: 1280, height: 720, size: 1000 }, v2: {} },
      updatedAt: 5,
    });
    expect(course).toEqual({
      sections: [
        {
          id: 's1',
          title: '',
          lessons: [
            {
              id: 'l1',
              title: 'Welcome',
              body: '',
              video: { fileId: 'v1', lowDataFileId: null, durationS: 0, width: 1280, height: 720 },
              attachmentFileIds: ['a1'],
              preview: false,
              dripDays: 3,
            },
          ],
        },
      ],
      videos: { v1: { lessonId: 'l1', kind: 'main', durationS: 60, width: 1280, height: 720, size: 1000 } },
      updatedAt: null,
    });
  });
});

describe('readAccessGrant', () => {
  it('reads a stored grant as it is', () => {
    expect(readAccessGrant({ transactionId: 'paystack_T-1', productId: 'p1', devices: ['d1', 'd2'], uses: 3 })).toEqual(
      {
        transactionId: 'paystack_T-1',
        productId: 'p1',
        devices: ['d1', 'd2'],
      },
    );
  });

  it('reads a grant without a sale as opening nothing, and its product as a document id that finds none', () => {
    expect(readAccessGrant(undefined)).toEqual({ transactionId: null, productId: 'no-product', devices: [] });
    expect(readAccessGrant({ transactionId: 5, productId: '', devices: ['d1', 7, null] })).toEqual({
      transactionId: null,
      productId: 'no-product',
      devices: ['d1'],
    });
  });
});
