// Stored documents as the API writes them, for the integration tests that put one in place by hand
// rather than through the API (docs/testing.md): sensible defaults, each test overrides what it is about.
import { Timestamp } from 'firebase-admin/firestore';
import type { DiscountCode } from '../../domain/discounts';
import { buildDiscountCode } from './factories';

const hour = 3_600_000;

export interface CheckoutRecordFields {
  reference: string;
  productId: string;
  email: string;
  createdAt: Date;
}

/** A Paystack checkout as POST /api/checkouts stores it: open, ₦7,500 without a code, an hour to pay. */
export function buildCheckoutRecord(
  { reference, productId, email, createdAt }: CheckoutRecordFields,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    reference,
    provider: 'paystack',
    productId,
    productName: 'Freelance Writing Playbook',
    deliverableUrl: 'https://drive.example.com/playbook',
    currency: 'NGN',
    listPrice: 7500,
    discountCode: null,
    discountAmount: 0,
    amount: 7500,
    customer: { name: 'Ada Chioma Obi', email, phone: '+2348031234567' },
    createdAt: Timestamp.fromMillis(createdAt.getTime()),
    expiresAt: Timestamp.fromMillis(createdAt.getTime() + hour),
    status: 'open',
    reminder: null,
    paypalOrderId: null,
    ...overrides,
  };
}

const storedTime = (iso: string | null) => (iso === null ? null : Timestamp.fromMillis(Date.parse(iso)));

/** A discount code as the admin's panel stores it (buildDiscountCode's terms, its times as Timestamps). */
export function buildDiscountCodeRecord(overrides: Partial<DiscountCode> = {}): Record<string, unknown> {
  const code = buildDiscountCode(overrides);
  return {
    ...code,
    startsAt: storedTime(code.startsAt),
    endsAt: storedTime(code.endsAt),
    createdAt: storedTime(code.createdAt),
  };
}

export interface SaleRecordFields {
  /** The provider's reference; the id is `<provider>_<reference>` (or `demo_` for the demo payment). */
  reference: string;
  at: Date;
  productId?: string;
  productName?: string;
  customerEmail?: string;
  amountPaid?: number;
  currency?: 'NGN' | 'USD';
  paymentMethod?: string;
}

/** A fulfilled sale as the API records it (a `transactions` document): paid, both e-mails sent. */
export function buildSaleRecord(
  fields: SaleRecordFields,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const {
    reference,
    at,
    productId = 'excel-mastery',
    productName = 'Excel Mastery',
    customerEmail = 'ada.obi@example.com',
    amountPaid = 7500,
    currency = 'NGN',
    paymentMethod = 'Paystack',
  } = fields;
  return {
    productName,
    productId,
    productUrl: 'https://drive.example.com/x',
    amount: amountPaid,
    transactionReference: reference,
    paidAt: at.toISOString(),
    customerName: 'Ada Obi',
    customerEmail,
    customerPhone: '+234 803 000 0000',
    amountPaid,
    currency,
    sellerEmail: 'seller@digitalstore.test',
    paymentMethod,
    emailStatus: 'sent',
    emailAttempts: 1,
    emailClaimedAt: at.toISOString(),
    buyerEmailSent: true,
    sellerNoticeSent: true,
    accessRevoked: false,
    createdAt: Timestamp.fromMillis(at.getTime()),
    ...overrides,
  };
}
