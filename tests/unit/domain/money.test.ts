import { describe, expect, it } from 'vitest';
import { decimalToMinor, formatPrice, minorToDecimal, toMinor } from '../../../domain/money';

describe('money in minor units', () => {
  it.each([
    [7500, 750_000],
    [9.99, 999],
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [1.15, 115],
  ])('toMinor(%s) = %s', (amount, minor) => {
    expect(toMinor(amount)).toBe(minor);
  });

  it.each([
    [900, '9.00'],
    [999, '9.99'],
    [5, '0.05'],
    [123_456, '1234.56'],
  ])('minorToDecimal(%s) = %s', (minor, decimal) => {
    expect(minorToDecimal(minor)).toBe(decimal);
  });

  it.each([
    ['9.00', 900],
    ['9', 900],
    ['9.5', 950],
    ['19.99', 1999],
    ['-9.00', null],
    ['9.001', null],
    ['1e3', null],
    ['', null],
    ['9.00 USD', null],
  ])('decimalToMinor(%j) = %s', (decimal, minor) => {
    expect(decimalToMinor(decimal)).toBe(minor);
  });

  it.each([
    [7500, 'NGN', '₦7,500'],
    [1_250_000, 'NGN', '₦1,250,000'],
    [9, 'USD', '$9'],
    [9.5, 'USD', '$9.50'],
    [19.99, 'USD', '$19.99'],
  ] as const)('formatPrice(%s, %s) = %s', (amount, currency, text) => {
    expect(formatPrice(amount, currency)).toBe(text);
  });
});
