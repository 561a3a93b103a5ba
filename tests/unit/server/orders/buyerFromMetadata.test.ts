// The buyer of a Paystack webhook comes from the charge's metadata, which the browser set and nobody
// signed: it is cleaned (not refused, the charge is paid) before a record or a mail header sees it.
import { describe, expect, it } from 'vitest';
import { buyerFromMetadata } from '../../../../server/orders/orderService';
import type { PaystackTransaction } from '../../../../server/payments/paystackClient';

function charge(customer: Record<string, unknown>, fromPaystack: Partial<PaystackTransaction['customer']> = {}) {
  return {
    reference: 'T1',
    status: 'success',
    amount: 750_000,
    currency: 'NGN',
    paidAt: null,
    metadata: { productId: 'p1', customer },
    customer: { email: '', firstName: '', lastName: '', phone: '', ...fromPaystack },
  } as unknown as PaystackTransaction;
}

describe('buyerFromMetadata', () => {
  it('drops direction, invisible and half characters from the name and phone, and keeps markup as text', () => {
    expect(
      buyerFromMetadata(
        charge({ name: '<b>Ada</b>\u202E Obi\u200B\uD800', email: 'ada@example.com', phone: '+234\u2066 803' }),
      ),
    ).toEqual({ name: '<b>Ada</b> Obi', email: 'ada@example.com', phone: '+234 803' });
  });

  it('puts a line break in the name on one line, and takes no address that carries a header', () => {
    expect(
      buyerFromMetadata(
        charge(
          { name: 'Ada\r\nBcc: evil@example.com', email: 'ada@example.com\r\nBcc: evil@example.com' },
          { email: 'ada@example.com' },
        ),
      ),
    ).toEqual({ name: 'Ada Bcc: evil@example.com', email: 'ada@example.com', phone: '' });
    expect(buyerFromMetadata(charge({ email: 'ada@example.com\nBcc: evil@example.com' }))).toBeNull();
  });

  it('never leaves half a surrogate pair where the name is cut to 100 characters', () => {
    const name = `${'A'.repeat(99)}😀`;
    const buyer = buyerFromMetadata(charge({ name, email: 'ada@example.com' }));
    expect(buyer?.name).toBe('A'.repeat(99));
  });
});
