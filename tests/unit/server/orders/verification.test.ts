import { describe, expect, it } from 'vitest';
import {
  checkPaypalCapture,
  checkPaypalOrderTerms,
  checkPaystackPayment,
  checkPaystackSplit,
} from '../../../../server/orders/verification';
import type { PaypalOrder } from '../../../../server/payments/paypalClient';
import { PaymentMismatchError, PaymentNotVerifiedError } from '../../../../server/payments/providerErrors';
import { readPaystackTransaction, type PaystackTransaction } from '../../../../server/payments/paystackClient';

function paystack(overrides: Partial<PaystackTransaction> = {}): PaystackTransaction {
  return {
    reference: 'T1',
    status: 'success',
    amount: 750_000,
    currency: 'NGN',
    paidAt: '2026-11-22T09:00:05.000Z',
    createdAt: '2026-11-22T09:00:00.000Z',
    channel: 'card',
    metadata: { productId: 'ebook-1' },
    customer: { email: 'ada@example.com', firstName: '', lastName: '', phone: '' },
    subaccountCode: '',
    transactionCharge: null,
    ...overrides,
  };
}

const expectedNgn = { productId: 'ebook-1', priceInKobo: 750_000 };

describe('checkPaystackPayment', () => {
  it('accepts a successful NGN charge of at least the price for the product', () => {
    expect(checkPaystackPayment(paystack(), expectedNgn)).toEqual({
      amountPaid: 7500,
      paidAt: '2026-11-22T09:00:05.000Z',
    });
    expect(checkPaystackPayment(paystack({ amount: 750_001 }), expectedNgn).amountPaid).toBe(7500.01);
  });

  it.each([
    [{ amount: 749_999 }, 'The amount paid is less than the price of this product.'],
    [{ amount: Number.NaN }, 'The amount paid is less than the price of this product.'],
    [{ amount: 7500.5 * 100 + 0.5 }, 'The amount paid is less than the price of this product.'],
    [{ currency: 'USD' }, 'The payment was not made in NGN.'],
    [{ currency: 'ngn' }, 'The payment was not made in NGN.'],
    [{ status: 'failed' }, 'The payment failed at Paystack. No product was released.'],
    [{ status: 'abandoned' }, 'The payment was not completed at Paystack.'],
    [{ status: 'reversed' }, 'The payment was reversed at Paystack.'],
    [{ status: '' }, 'Paystack has not confirmed this payment.'],
    [{ metadata: { productId: 'ebook-2' } }, 'This payment was made for a different product.'],
    [{ metadata: {} }, 'This payment was made for a different product.'],
  ])('refuses %j', (overrides, message) => {
    expect(() => checkPaystackPayment(paystack(overrides), expectedNgn)).toThrow(message);
  });

  it('tells an unpaid charge (refused) from a paid one that is not as asked (for the seller)', () => {
    const unpaid = () => checkPaystackPayment(paystack({ status: 'failed' }), expectedNgn);
    const paidLess = () => checkPaystackPayment(paystack({ amount: 749_999 }), expectedNgn);
    expect(unpaid).toThrow(PaymentNotVerifiedError);
    expect(unpaid).not.toThrow(PaymentMismatchError);
    expect(paidLess).toThrow(PaymentMismatchError);
  });

  it('reads metadata sent as an object or as a JSON string', () => {
    const asString = readPaystackTransaction({ reference: 'T1', metadata: '{"productId":"ebook-1"}' });
    const asObject = readPaystackTransaction({ reference: 'T1', metadata: { productId: 'ebook-1' } });
    const broken = readPaystackTransaction({ reference: 'T1', metadata: '{not json' });
    expect(asString.metadata).toEqual({ productId: 'ebook-1' });
    expect(asObject.metadata).toEqual({ productId: 'ebook-1' });
    expect(broken.metadata).toEqual({});
  });
});

function paypalOrder(overrides: Partial<PaypalOrder> = {}): PaypalOrder {
  return {
    id: '5O190127TN364715T',
    status: 'COMPLETED',
    customId: 'course-1',
    payeeMerchantId: 'STOREMERCHANT1',
    amount: { currency: 'USD', value: '19.99' },
    capture: {
      id: '3C679366HH908993F',
      status: 'COMPLETED',
      amount: { currency: 'USD', value: '19.99' },
      customId: 'course-1',
      createTime: '2026-11-22T09:00:05Z',
    },
    ...overrides,
  };
}

const expectedUsd = { productId: 'course-1', priceInCents: 1999, merchantId: 'STOREMERCHANT1' };

describe('checkPaypalOrderTerms (before capture)', () => {
  it('accepts the order the API created', () => {
    expect(() => checkPaypalOrderTerms(paypalOrder({ status: 'APPROVED', capture: null }), expectedUsd)).not.toThrow();
  });

  it.each([
    [
      { amount: { currency: 'USD', value: '0.01' } },
      'The PayPal order amount does not match the price of this product.',
    ],
    [
      { amount: { currency: 'USD', value: '20.00' } },
      'The PayPal order amount does not match the price of this product.',
    ],
    [{ amount: { currency: 'EUR', value: '19.99' } }, 'The PayPal order is not in USD.'],
    [{ amount: null }, 'The PayPal order is not in USD.'],
    [{ customId: 'course-2' }, 'This PayPal order was made for a different product.'],
    [{ payeeMerchantId: 'SOMEONEELSE9' }, 'This PayPal order does not pay this store.'],
    [{ payeeMerchantId: '' }, 'This PayPal order does not pay this store.'],
  ])('refuses %j', (overrides, message) => {
    expect(() => checkPaypalOrderTerms(paypalOrder(overrides), expectedUsd)).toThrow(message);
  });

  it('refuses every order when no merchant id is configured', () => {
    expect(() =>
      checkPaypalOrderTerms(paypalOrder({ status: 'APPROVED', capture: null }), { ...expectedUsd, merchantId: '' }),
    ).toThrow('This PayPal order does not pay this store.');
  });
});

describe('checkPaypalCapture (after capture)', () => {
  it('accepts a COMPLETED order with a COMPLETED capture of the price', () => {
    expect(checkPaypalCapture(paypalOrder(), expectedUsd)).toEqual({ amountPaid: 19.99, paidAt: null });
  });

  it.each([
    [{ capture: null }, 'The PayPal payment could not be completed.'],
    [
      {
        capture: {
          id: 'C',
          status: 'DECLINED',
          amount: { currency: 'USD', value: '19.99' },
          customId: 'course-1',
          createTime: '',
        },
      },
      'PayPal declined the payment. Please try another payment method.',
    ],
    [
      {
        capture: {
          id: 'C',
          status: 'PENDING',
          amount: { currency: 'USD', value: '19.99' },
          customId: 'course-1',
          createTime: '',
        },
      },
      'PayPal is still processing this payment. If you were charged, please contact the seller.',
    ],
    [{ status: 'APPROVED' }, 'The PayPal payment could not be completed.'],
    [
      {
        capture: {
          id: 'C',
          status: 'COMPLETED',
          amount: { currency: 'USD', value: '1.00' },
          customId: 'course-1',
          createTime: '',
        },
      },
      'The amount paid does not match the price of this product.',
    ],
    [
      {
        capture: {
          id: 'C',
          status: 'COMPLETED',
          amount: { currency: 'GBP', value: '19.99' },
          customId: 'course-1',
          createTime: '',
        },
      },
      'The PayPal payment was not made in USD.',
    ],
    [
      {
        capture: {
          id: 'C',
          status: 'COMPLETED',
          amount: { currency: 'USD', value: '19.99' },
          customId: 'course-9',
          createTime: '',
        },
      },
      'This PayPal order was made for a different product.',
    ],
    [
      {
        customId: '',
        capture: {
          id: 'C',
          status: 'COMPLETED',
          amount: { currency: 'USD', value: '19.99' },
          customId: '',
          createTime: '',
        },
      },
      'This PayPal order was made for a different product.',
    ],
  ])('refuses %j', (overrides, message) => {
    expect(() => checkPaypalCapture(paypalOrder(overrides), expectedUsd)).toThrow(message);
  });
});

describe('checkPaystackSplit', () => {
  const split = { subaccount: 'ACCT_ada', transactionChargeMinor: 525_000 };

  it('accepts a charge split with the checkout’s subaccount and the seller’s share', () => {
    expect(checkPaystackSplit(paystack({ subaccountCode: 'ACCT_ada', transactionCharge: 525_000 }), split)).toBe(true);
    // Without fees_split's params, what the subaccount received shows the seller's share.
    const byShare = paystack({ subaccountCode: 'ACCT_ada', transactionCharge: null, subaccountShare: 225_000 });
    expect(checkPaystackSplit(byShare, split)).toBe(true);
  });

  it('never assumes a split its answer does not show: the right subaccount without fees_split is for the seller', () => {
    expect(() => checkPaystackSplit(paystack({ subaccountCode: 'ACCT_ada', transactionCharge: null }), split)).toThrow(
      new PaymentMismatchError("Paystack's answer does not show how this payment was split."),
    );
    const moreToAda = paystack({ subaccountCode: 'ACCT_ada', transactionCharge: 525_000, subaccountShare: 300_000 });
    expect(() => checkPaystackSplit(moreToAda, split)).toThrow(
      new PaymentMismatchError("The payment was split with a share other than this checkout's."),
    );
    const byShare = paystack({ subaccountCode: 'ACCT_ada', transactionCharge: null, subaccountShare: 300_000 });
    expect(() => checkPaystackSplit(byShare, split)).toThrow(PaymentMismatchError);
    const group = paystack({ subaccountCode: 'ACCT_ada', transactionCharge: 525_000, splitCode: 'SPL_eve' });
    expect(() => checkPaystackSplit(group, split)).toThrow(
      new PaymentMismatchError('The payment was split by a Paystack split group this checkout did not name.'),
    );
    const unnamed = paystack({ subaccountCode: '', transactionCharge: 525_000 });
    expect(() => checkPaystackSplit(unnamed, null)).toThrow(
      new PaymentMismatchError('The payment was split with a Paystack subaccount this checkout did not name.'),
    );
  });

  it('takes a charge without any split as unsplit, with or without a split on the checkout', () => {
    expect(checkPaystackSplit(paystack(), split)).toBe(false);
    expect(checkPaystackSplit(paystack(), null)).toBe(false);
  });

  it('refuses as paid-but-not-as-asked a split the checkout did not name or with another share', () => {
    const eve = paystack({ subaccountCode: 'ACCT_eve', transactionCharge: 525_000 });
    expect(() => checkPaystackSplit(eve, split)).toThrow(
      new PaymentMismatchError('The payment was split with a Paystack subaccount this checkout did not name.'),
    );
    expect(() => checkPaystackSplit(paystack({ subaccountCode: 'ACCT_eve', transactionCharge: 100 }), null)).toThrow(
      new PaymentMismatchError('The payment was split with a Paystack subaccount this checkout did not name.'),
    );
    const smaller = paystack({ subaccountCode: 'ACCT_ada', transactionCharge: 100_000 });
    expect(() => checkPaystackSplit(smaller, split)).toThrow(
      new PaymentMismatchError("The payment was split with a share other than this checkout's."),
    );
    const larger = paystack({ subaccountCode: 'ACCT_ada', transactionCharge: 600_000 });
    expect(() => checkPaystackSplit(larger, split)).toThrow(PaymentMismatchError);
  });

  it('reads the split from Paystack’s verify answer', () => {
    const read = readPaystackTransaction({
      reference: 'T1',
      status: 'success',
      subaccount: { subaccount_code: 'ACCT_ada', percentage_charge: 70 },
      fees_split: {
        paystack: 10_000,
        integration: 515_000,
        subaccount: 225_000,
        params: { bearer: 'account', transaction_charge: '525000', percentage_charge: '70' },
      },
    });
    expect(read.subaccountCode).toBe('ACCT_ada');
    expect(read.transactionCharge).toBe(525_000);
    expect(read.subaccountShare).toBe(225_000);
    expect(read.splitCode).toBe('');
    const unsplit = readPaystackTransaction({ subaccount: {}, split: {}, fees_split: null });
    expect(unsplit).toMatchObject({
      subaccountCode: '',
      transactionCharge: null,
      subaccountShare: null,
      splitCode: '',
    });
    expect(readPaystackTransaction({ split: { split_code: 'SPL_eve' } }).splitCode).toBe('SPL_eve');
    expect(readPaystackTransaction({ fees_split: { params: { transaction_charge: '' } } }).transactionCharge).toBe(
      null,
    );
  });
});
