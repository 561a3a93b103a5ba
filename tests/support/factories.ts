// Test data builders (docs/testing.md): sensible defaults, each test overrides what it is about.
import type { LearnCourse, LearnLesson } from '../../domain/courses';
import type { DiscountCode } from '../../domain/discounts';
import type { StoredLicenseKey } from '../../domain/licenseKeys';
import { productFromData, type Outline, type Product } from '../../domain/product';
import type { SaleRow } from '../../src/features/admin/api/salesTypes';

let sequence = 0;

export function buildProduct(overrides: Partial<Product> = {}): Product {
  sequence += 1;
  return {
    // A field no test sets yet (a new one) at the value the decoder gives when it is missing.
    ...productFromData(`product-${sequence}`, {}),
    id: `product-${sequence}`,
    title: `Practical Guide ${sequence}`,
    description: `Everything you need to know, part ${sequence}.`,
    priceInNgn: 7500,
    priceInUsd: 9,
    categoryId: 1,
    coverImageUrl: `https://images.test/covers/${sequence}.png`,
    author: 'Content Team',
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, sequence)).toISOString(),
    ...overrides,
  };
}

export function buildOutline(overrides: Partial<Outline> = {}): Outline {
  sequence += 1;
  return {
    id: `outline-${sequence}`,
    productId: 'product-1',
    outline: `Chapter ${sequence}`,
    outlineOrder: sequence,
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, sequence)).toISOString(),
    ...overrides,
  };
}

// A course player's course answer (domain/courses.ts LearnCourse): one section of two lessons, the first
// with a video (and its low-data version) and titles carrying markup, which must show as text.
export function buildOpening(overrides: Partial<LearnLesson> = {}): LearnLesson {
  return {
    id: 'l1',
    title: 'Welcome <b>buyer</b>',
    html: '<h2>What you will build</h2>\n<p>A small store with <strong>React</strong>.</p>\n<ul>\n<li>Watch the video</li>\n</ul>',
    video: { durationS: 12, width: 640, height: 360, hasLowData: true },
    attachments: [],
    positionS: 0,
    completed: false,
    ...overrides,
  };
}

export function buildCourse(overrides: Partial<LearnCourse> = {}): LearnCourse {
  return {
    productId: 'p-react',
    title: 'React & <i>TypeScript</i> Bootcamp',
    sections: [
      {
        id: 's1',
        title: 'Getting started',
        lessons: [
          {
            id: 'l1',
            title: 'Welcome <b>buyer</b>',
            hasVideo: true,
            preview: true,
            availableOn: null,
            completed: false,
          },
          { id: 'l2', title: 'Tools', hasVideo: false, preview: false, availableOn: null, completed: false },
        ],
      },
    ],
    progress: { completedLessons: 0, totalLessons: 2, lastLessonId: null, lastPositionS: 0, finished: false },
    certificateCode: null,
    opening: buildOpening(),
    ...overrides,
  };
}

/** A live 15% code for every product, created on 1 November 2026, unused. */
export function buildDiscountCode(overrides: Partial<DiscountCode> = {}): DiscountCode {
  return {
    code: 'SPRING',
    kind: 'percent',
    percent: 15,
    amountOff: { NGN: 0, USD: 0 },
    productIds: [],
    startsAt: null,
    endsAt: null,
    maxUses: null,
    oncePerEmail: false,
    active: true,
    uses: 0,
    reserved: 0,
    revenueMinor: { NGN: 0, USD: 0 },
    createdAt: '2026-11-01T00:00:00.000Z',
    createdBy: 'admin-1',
    ...overrides,
  };
}

// Sales count on their own, so each sale's id, address and cursor stay what they were.
let saleSequence = 0;

/** A sale with sensible defaults, as the other builders (docs/testing.md). */
export function buildSale(overrides: Partial<SaleRow> = {}): SaleRow {
  saleSequence += 1;
  const id = overrides.id ?? `paystack_T${1000 + saleSequence}`;
  return {
    id,
    createdAt: '2026-11-20T09:30:00.000Z',
    productId: 'excel-mastery',
    productName: 'Excel Mastery',
    customerName: 'Ada Obi',
    customerEmail: `buyer${saleSequence}@example.com`,
    customerPhone: '+234 803 000 0000',
    amountPaid: 7500,
    currency: 'NGN',
    paymentMethod: 'Paystack',
    listPrice: 7500,
    discountCode: '',
    discountAmount: 0,
    reference: `T${1000 + saleSequence}`,
    emailStatus: 'sent',
    accessUses: 0,
    downloads: { count: 0, devices: 0 },
    accessRevoked: false,
    refund: null,
    dispute: null,
    cursor: { seconds: 1_790_000_000 - saleSequence, nanoseconds: 0, id },
    ...overrides,
  };
}

/** A sale's license key as stored and read (docs/licenses.md): active, on at most 3 machines, none yet. */
export function buildLicenseKey(overrides: Partial<StoredLicenseKey> = {}): StoredLicenseKey {
  return {
    key: '8F3A2C1D-0B9E4D7A-5C6F1E2B-9A8D7C6E',
    productId: 'invoice-toolkit',
    transactionId: 'demo_S1',
    status: 'active',
    activationLimit: 3,
    activations: [],
    ...overrides,
  };
}
