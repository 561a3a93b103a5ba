import { describe, expect, it } from 'vitest';
import {
  addMoney,
  formatMinorPrice,
  formatPrice,
  formatProductPrice,
  priceIn,
  subtractMoney,
} from '../../../domain/money';
import { cardTitle, metaDescription, truncate } from '../../../domain/text';

describe('formatPrice', () => {
  it('shows naira with ₦ and en-US grouping', () => {
    expect(formatPrice(1234567, 'NGN')).toBe('₦1,234,567');
  });
  it('shows dollars with $ and keeps cents', () => {
    expect(formatPrice(1999.5, 'USD')).toBe('$1,999.50');
    expect(formatPrice(9, 'USD')).toBe('$9');
    expect(formatPrice(19.5, 'USD')).toBe('$19.50');
    expect(formatPrice(9.990000001, 'USD')).toBe('$9.99');
    expect(formatPrice(7500, 'NGN')).toBe('₦7,500');
  });
  it('formats minor units the same way', () => {
    expect(formatMinorPrice(1950, 'USD')).toBe('$19.50');
    expect(formatMinorPrice(382500, 'NGN')).toBe('₦3,825');
    expect(formatMinorPrice(5, 'USD')).toBe('$0.05');
  });
});

describe('addMoney and subtractMoney', () => {
  it('add and subtract in whole minor units', () => {
    expect(addMoney(0.1, 0.2)).toBe(0.3);
    expect(subtractMoney(19.99, 9.99)).toBe(10);
    expect(subtractMoney(7500, 1500.5)).toBe(5999.5);
  });
});

describe('cardTitle', () => {
  it('upper-cases a short title and leaves it whole', () => {
    expect(cardTitle('Excel Mastery')).toBe('EXCEL MASTERY');
  });
  it('cuts a title longer than 50 characters to 50 plus ...', () => {
    const long = 'a'.repeat(51);
    expect(cardTitle(long)).toBe(`${'A'.repeat(50)}...`);
    expect(cardTitle('b'.repeat(50))).toBe('B'.repeat(50));
  });
  it('truncate keeps text at the limit unchanged', () => {
    expect(truncate('hello', 5)).toBe('hello');
    expect(truncate('hello!', 5)).toBe('hello...');
  });
});

describe('priceIn and formatProductPrice', () => {
  const product = { priceInNgn: 12000, priceInUsd: 15 };
  it('picks the naira price for NGN and the dollar price for USD', () => {
    expect(priceIn(product, 'NGN')).toBe(12000);
    expect(priceIn(product, 'USD')).toBe(15);
  });
  it('formats the price in the chosen currency', () => {
    expect(formatProductPrice(product, 'NGN')).toBe('₦12,000');
    expect(formatProductPrice(product, 'USD')).toBe('$15');
  });
});

describe('metaDescription', () => {
  it('keeps a short description whole, on one line', () => {
    expect(metaDescription('Formulas,\n\npivot   tables.')).toBe('Formulas, pivot tables.');
  });
  it('cuts a long description to 155 characters plus ...', () => {
    const long = 'x'.repeat(200);
    expect(metaDescription(long)).toBe(`${'x'.repeat(155)}...`);
  });
});
