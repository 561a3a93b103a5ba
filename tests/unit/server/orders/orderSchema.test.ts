import { describe, expect, it } from 'vitest';
import { buyerFromMetadata } from '../../../../server/orders/orderService';
import { orderBodySchema, parseBody, paypalOrderBodySchema } from '../../../../server/orders/orderSchema';
import { readPaystackTransaction } from '../../../../server/payments/paystackClient';

const customer = {
  name: 'Ada Obi',
  email: 'ada@example.com',
  confirmEmail: ' ADA@example.com ',
  phone: '0803 123 4567',
};
const body = { provider: 'paystack', reference: 'T1', productId: 'ebook-1', currency: 'NGN', customer };

describe('order bodies', () => {
  it('accepts a complete order, the two e-mails compared trimmed and case-insensitively', () => {
    const parsed = parseBody(orderBodySchema, body);
    expect(parsed).toEqual({
      ok: true,
      data: { ...body, customer: { ...customer, confirmEmail: 'ADA@example.com' } },
    });
  });

  it.each([
    [{ customer: { ...customer, confirmEmail: 'ada@example.org' } }, 'Emails do not match!'],
    [{ customer: { ...customer, name: '' } }, 'Please enter your full name.'],
    [{ customer: { ...customer, name: 'Ada\r\nBcc: x@example.com' } }, 'Your name must be on a single line.'],
    [{ customer: { ...customer, email: 'ada' } }, 'Please enter a valid email address.'],
    [{ customer: { ...customer, confirmEmail: '' } }, 'Please confirm your email address.'],
    [{ customer: { ...customer, phone: 'call me' } }, 'Please enter a valid phone number.'],
    [{ customer: undefined }, 'Please fill in your name, e-mail address and phone number.'],
    [{ provider: 'paypal' }, 'Unknown payment provider.'],
    [{ currency: 'EUR' }, 'The currency must be NGN or USD.'],
    [{ productId: '../admins/x' }, 'This product is no longer available.'],
    [{ reference: '__name__' }, 'The payment reference is not valid.'],
    [{ reference: 'x'.repeat(101) }, 'The payment reference is not valid.'],
  ])('refuses %j', (change, message) => {
    expect(parseBody(orderBodySchema, { ...body, ...change })).toEqual({ ok: false, message });
  });

  it('refuses a body that is not an object', () => {
    expect(parseBody(paypalOrderBodySchema, [body])).toEqual({
      ok: false,
      message: 'The request body must be a JSON object.',
    });
  });
});

describe('buyerFromMetadata (webhook)', () => {
  it('takes the buyer the popup was opened with', () => {
    const event = readPaystackTransaction({
      reference: 'T1',
      metadata: { productId: 'p', customer: { name: 'Ada Obi', email: 'ada@example.com', phone: '0803' } },
      customer: { email: 'other@example.com' },
    });
    expect(buyerFromMetadata(event)).toEqual({ name: 'Ada Obi', email: 'ada@example.com', phone: '0803' });
  });

  it("falls back to Paystack's customer, and keeps every value on one line", () => {
    const event = readPaystackTransaction({
      reference: 'T1',
      metadata: JSON.stringify({
        productId: 'p',
        customer: { name: 'Ada\r\nBcc: x@example.com', email: 'not-an-email' },
      }),
      customer: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Obi', phone: '+234 803' },
    });
    expect(buyerFromMetadata(event)).toEqual({
      name: 'Ada Bcc: x@example.com',
      email: 'ada@example.com',
      phone: '+234 803',
    });
  });

  it('gives up without any usable e-mail address', () => {
    expect(buyerFromMetadata(readPaystackTransaction({ reference: 'T1', metadata: { productId: 'p' } }))).toBeNull();
  });
});
