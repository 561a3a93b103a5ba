import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../../src/lib/money';
import { cardTitle, truncate } from '../../../src/lib/text';

describe('formatPrice', () => {
  it('shows naira with ₦ and en-US grouping', () => {
    expect(formatPrice(1234567, 'NGN')).toBe('₦1,234,567');
  });
  it('shows dollars with $ and keeps cents', () => {
    expect(formatPrice(1999.5, 'USD')).toBe('$1,999.5');
    expect(formatPrice(9, 'USD')).toBe('$9');
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
