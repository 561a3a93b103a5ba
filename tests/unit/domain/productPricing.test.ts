import { describe, expect, it } from 'vitest';
import { productFromData } from '../../../domain/product';
import {
  instalmentsText,
  paymentAmountMinor,
  perPeriodText,
  pricingText,
  productPricingFromData,
} from '../../../domain/productPricing';

const course = { priceInNgn: 150000, priceInUsd: 100 };

describe('productPricingFromData: how a product is charged', () => {
  it('reads a membership with its interval and instalments with their count', () => {
    expect(productPricingFromData({ kind: 'membership', interval: 'quarterly' })).toEqual({
      kind: 'membership',
      interval: 'quarterly',
    });
    expect(productPricingFromData({ kind: 'instalments', count: 3 })).toEqual({ kind: 'instalments', count: 3 });
  });

  it('reads anything missing or outside the two plans as a single payment', () => {
    expect(productPricingFromData(undefined)).toEqual({ kind: 'once' });
    expect(productPricingFromData({ kind: 'membership', interval: 'weekly' })).toEqual({ kind: 'once' });
    expect(productPricingFromData({ kind: 'instalments', count: 1 })).toEqual({ kind: 'once' });
    expect(productPricingFromData({ kind: 'instalments', count: 7 })).toEqual({ kind: 'once' });
    expect(productPricingFromData({ kind: 'instalments', count: 2.5 })).toEqual({ kind: 'once' });
    expect(productPricingFromData({ kind: 'instalments', count: '3' })).toEqual({ kind: 'once' });
    expect(productPricingFromData('membership')).toEqual({ kind: 'once' });
  });
});

describe('the product decoder and its pricing', () => {
  it('keeps a product stored without pricing as it was: no pricing field, a single payment', () => {
    const product = productFromData('old', { title: 'Old ebook', priceInNgn: 7500, priceInUsd: 9 });
    expect('pricing' in product).toBe(false);
  });

  it('reads a membership and an instalment plan onto the product', () => {
    expect(productFromData('m', { pricing: { kind: 'membership', interval: 'monthly' } }).pricing).toEqual({
      kind: 'membership',
      interval: 'monthly',
    });
    expect(productFromData('i', { pricing: { kind: 'instalments', count: 6 } }).pricing).toEqual({
      kind: 'instalments',
      count: 6,
    });
    expect('pricing' in productFromData('x', { pricing: { kind: 'instalments', count: 9 } })).toBe(false);
  });
});

describe('what each payment charges', () => {
  it('charges the price once, or per period for a membership', () => {
    expect(paymentAmountMinor(course, { kind: 'once' }, 'NGN')).toBe(15000000);
    expect(
      paymentAmountMinor({ priceInNgn: 5000, priceInUsd: 4.99 }, { kind: 'membership', interval: 'monthly' }, 'USD'),
    ).toBe(499);
  });

  it('divides the full price by the instalments, rounded down so they never add up to more', () => {
    expect(paymentAmountMinor(course, { kind: 'instalments', count: 3 }, 'NGN')).toBe(5000000);
    expect(paymentAmountMinor(course, { kind: 'instalments', count: 3 }, 'USD')).toBe(3333);
    expect(paymentAmountMinor({ priceInNgn: 100000, priceInUsd: 1 }, { kind: 'instalments', count: 6 }, 'NGN')).toBe(
      1666666,
    );
  });
});

describe('the price in words', () => {
  it("reads '₦5,000 / month', '$49.50 / quarter' and '₦50,000 / year'", () => {
    expect(perPeriodText(500000, 'NGN', 'monthly')).toBe('₦5,000 / month');
    expect(perPeriodText(4950, 'USD', 'quarterly')).toBe('$49.50 / quarter');
    expect(perPeriodText(5000000, 'NGN', 'yearly')).toBe('₦50,000 / year');
  });

  it("reads '3 × ₦50,000' for instalments", () => {
    expect(instalmentsText(3, 5000000, 'NGN')).toBe('3 × ₦50,000');
  });

  it('shows each kind of product as the storefront shows it', () => {
    expect(pricingText(course, { kind: 'once' }, 'NGN')).toBe('₦150,000');
    expect(pricingText(course, { kind: 'instalments', count: 3 }, 'NGN')).toBe('3 × ₦50,000');
    expect(pricingText(course, { kind: 'instalments', count: 3 }, 'USD')).toBe('3 × $33.33');
    expect(pricingText({ priceInNgn: 5000, priceInUsd: 5 }, { kind: 'membership', interval: 'monthly' }, 'NGN')).toBe(
      '₦5,000 / month',
    );
  });
});
