import { describe, expect, it } from 'vitest';
import {
  coverImageError,
  linkError,
  parseOutlineForm,
  priceError,
} from '../../../../src/features/admin/products/productValidation';

const file = (type: string, size: number) => new File([new Uint8Array(size)], 'cover', { type });

describe('cover image rules', () => {
  it('requires a cover', () => {
    expect(coverImageError(null)).toBe('Please select a cover image.');
  });
  it.each(['image/jpeg', 'image/png', 'image/webp'])('accepts %s up to 5 MB', (type) => {
    expect(coverImageError(file(type, 5 * 1024 * 1024))).toBeNull();
  });
  it.each(['image/gif', 'image/svg+xml', 'application/pdf', ''])('refuses %s', (type) => {
    expect(coverImageError(file(type, 10))).toBe('The cover must be a JPEG, PNG or WebP image.');
  });
  it('refuses more than 5 MB and says how large the file is', () => {
    expect(coverImageError(file('image/png', 7 * 1024 * 1024))).toBe(
      'The cover must be 5 MB or smaller. This file is 7.0 MB.',
    );
  });
});

// The same rule as firestore.rules' isPrice, in words: finite, whole kobo or cents, and at least
// the smallest charge of the provider that takes that currency (Paystack NGN 50.00,
// https://paystack.com/docs/api/#supported-currency; PayPal any amount above zero with two decimals,
// https://developer.paypal.com/api/rest/reference/orders/v2/errors/).
describe('price rules', () => {
  it.each([
    ['', 'Price in NGN is required.'],
    ['   ', 'Price in NGN is required.'],
    ['abc', 'Price in NGN must be a number, for example 7500.'],
    ['Infinity', 'Price in NGN must be a number, for example 7500.'],
    ['1e400', 'Price in NGN must be a number, for example 7500.'],
    ['0', 'Price in NGN must be at least ₦50, the smallest amount Paystack charges.'],
    ['-1', 'Price in NGN must be at least ₦50, the smallest amount Paystack charges.'],
    ['49.99', 'Price in NGN must be at least ₦50, the smallest amount Paystack charges.'],
    ['500.005', 'Price in NGN can have at most 2 decimal places (whole kobo).'],
  ])('refuses an NGN price of %j', (raw, message) => {
    expect(priceError('NGN', raw)).toBe(message);
  });
  it.each([
    ['abc', 'Price in USD must be a number, for example 9.99.'],
    ['0', 'Price in USD must be at least $0.01, the smallest amount PayPal charges.'],
    ['0.001', 'Price in USD must be at least $0.01, the smallest amount PayPal charges.'],
    ['-5', 'Price in USD must be at least $0.01, the smallest amount PayPal charges.'],
    ['19.999', 'Price in USD can have at most 2 decimal places (whole cents).'],
  ])('refuses a USD price of %j', (raw, message) => {
    expect(priceError('USD', raw)).toBe(message);
  });
  it.each(['50', '7500', '1999.99', ' 120 '])('accepts an NGN price of %j', (raw) => {
    expect(priceError('NGN', raw)).toBeNull();
  });
  it.each(['0.01', '1', '9.99', '19.99', '0.3', ' 15 '])('accepts a USD price of %j', (raw) => {
    expect(priceError('USD', raw)).toBeNull();
  });
});

describe('link rules', () => {
  it.each(['https://drive.example.com/x', 'http://127.0.0.1:9400/a.png', 'http://localhost:5173/x'])(
    'accepts %s',
    (url) => {
      expect(linkError('Product URL', url)).toBeNull();
    },
  );
  it.each(['http://example.com/x', 'ftp://example.com/x', 'example.com', 'javascript:alert(1)'])(
    'refuses %s',
    (url) => {
      expect(linkError('Product URL', url)).toBe('Product URL must be a full link starting with https://.');
    },
  );
});

describe('outline form', () => {
  it("needs both fields: 'Please fill in both fields.'", () => {
    expect(parseOutlineForm('', '1')).toEqual({ ok: false, error: 'Please fill in both fields.', warning: false });
    expect(parseOutlineForm('Intro', ' ')).toEqual({ ok: false, error: 'Please fill in both fields.', warning: false });
  });
  it("warns 'Outline order must be a number.'", () => {
    expect(parseOutlineForm('Intro', 'first')).toEqual({
      ok: false,
      error: 'Outline order must be a number.',
      warning: true,
    });
  });
  it('stores the order as an integer and the text trimmed', () => {
    expect(parseOutlineForm('  Intro  ', '2')).toEqual({ ok: true, value: { outline: 'Intro', outlineOrder: 2 } });
    expect(parseOutlineForm('Intro', '3.7')).toEqual({ ok: true, value: { outline: 'Intro', outlineOrder: 3 } });
  });
  it('limits the text to 2,000 characters, as the rules do', () => {
    expect(parseOutlineForm('x'.repeat(2001), '1')).toEqual({
      ok: false,
      error: 'The outline must be at most 2,000 characters.',
      warning: false,
    });
  });
});
