import { Timestamp as AdminTimestamp } from 'firebase-admin/firestore';
import { Timestamp as LiteTimestamp } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import {
  chargedMinor,
  codeError,
  discountCodeFromData,
  discountedMinor,
  discountMinor,
  discountRefusals,
  hasUsableTerms,
  isValidCode,
  normalizeCode,
  refusalFor,
} from '../../../domain/discounts';
import { buildDiscountCode } from '../../support/factories';

const percent = (value: number) => ({ kind: 'percent' as const, percent: value, amountOff: { NGN: 0, USD: 0 } });
const fixed = (NGN: number, USD: number) => ({ kind: 'fixed' as const, percent: 0, amountOff: { NGN, USD } });

describe('codes: normalised to upper case, 3-32 of A-Z 0-9 - _', () => {
  it('trims and upper-cases what the buyer or the admin typed', () => {
    expect(normalizeCode('  spring-10_a ')).toBe('SPRING-10_A');
    expect(normalizeCode('Spring')).toBe('SPRING');
  });
  it.each(['ABC', 'SPRING-10', 'BLACK_FRIDAY', '2026', 'A'.repeat(32)])('accepts %s', (code) => {
    expect(isValidCode(code)).toBe(true);
    expect(codeError(code.toLowerCase())).toBeNull();
  });
  it.each([
    ['two characters', 'AB'],
    ['33 characters', 'A'.repeat(33)],
    ['a space inside', 'SPRING 10'],
    ['a dot', 'SPRING.10'],
    ['a letter outside A-Z', 'PROMOÇÃO'],
    ['a percent sign', '10%OFF'],
  ])('refuses %s', (_what, code) => {
    expect(isValidCode(normalizeCode(code))).toBe(false);
    expect(codeError(code)).toBe('A code is 3 to 32 letters, digits, hyphens (-) or underscores (_), without spaces.');
  });
  it('asks for a code when none was typed', () => {
    expect(codeError('   ')).toBe('Please enter a code.');
  });
  it('does not count surrounding spaces', () => {
    expect(codeError('  abc  ')).toBeNull();
  });
});

describe('the discount, in minor units, rounded half up', () => {
  it('takes 15% off ₦4,500: ₦675 off, ₦3,825 to pay', () => {
    expect(discountMinor(percent(15), 'NGN', 450_000)).toBe(67_500);
    expect(discountedMinor(percent(15), 'NGN', 450_000)).toBe(382_500);
  });
  it('takes 15% off $7: $1.05 off, $5.95 to pay', () => {
    expect(discountMinor(percent(15), 'USD', 700)).toBe(105);
    expect(discountedMinor(percent(15), 'USD', 700)).toBe(595);
  });
  it('rounds a fraction of a cent half up: 15% of $9.99 is 149.85 cents, so 150 off and $8.49 to pay', () => {
    expect(discountMinor(percent(15), 'USD', 999)).toBe(150);
    expect(discountedMinor(percent(15), 'USD', 999)).toBe(849);
  });
  it('rounds exactly half up and below half down: 50% of 1 kobo is 1, 10% of 14 kobo is 1', () => {
    expect(discountMinor(percent(50), 'NGN', 1)).toBe(1);
    expect(discountMinor(percent(10), 'NGN', 14)).toBe(1);
    expect(discountMinor(percent(10), 'NGN', 15)).toBe(2);
  });
  it('makes the price 0 at 100% off', () => {
    expect(discountedMinor(percent(100), 'NGN', 750_000)).toBe(0);
    expect(discountedMinor(percent(100), 'USD', 999)).toBe(0);
  });
  it('takes a fixed amount in the buyer’s currency', () => {
    expect(discountMinor(fixed(500, 2.5), 'NGN', 450_000)).toBe(50_000);
    expect(discountedMinor(fixed(500, 2.5), 'NGN', 450_000)).toBe(400_000);
    expect(discountMinor(fixed(500, 2.5), 'USD', 700)).toBe(250);
    expect(discountedMinor(fixed(500, 2.5), 'USD', 700)).toBe(450);
  });
  it('counts a fixed amount in cents without binary fractions: $19.99 off $20 leaves 1 cent', () => {
    expect(discountedMinor(fixed(1000, 19.99), 'USD', 2000)).toBe(1);
  });
  it('never takes more than the price: a fixed amount above it leaves 0, not a negative amount', () => {
    expect(discountMinor(fixed(10_000, 50), 'NGN', 450_000)).toBe(450_000);
    expect(discountedMinor(fixed(10_000, 50), 'NGN', 450_000)).toBe(0);
    expect(discountedMinor(fixed(10_000, 50), 'USD', 700)).toBe(0);
  });
  it('reads a price that is no number as 0, and drops a fraction of a kobo', () => {
    expect(discountedMinor(percent(15), 'NGN', Number.NaN)).toBe(0);
    expect(discountedMinor(percent(15), 'NGN', Number.POSITIVE_INFINITY)).toBe(0);
    expect(discountedMinor(percent(15), 'NGN', -100)).toBe(0);
    expect(discountedMinor(percent(15), 'USD', 700.9)).toBe(595);
  });
  it('takes nothing off with terms no admin could have saved', () => {
    expect(discountMinor(percent(0), 'NGN', 450_000)).toBe(0);
    expect(discountMinor(percent(101), 'NGN', 450_000)).toBe(0);
    expect(discountMinor(percent(12.5), 'NGN', 450_000)).toBe(0);
    expect(discountMinor(fixed(500, 0), 'USD', 700)).toBe(0);
    expect(hasUsableTerms(fixed(500, 0))).toBe(false);
    expect(hasUsableTerms(percent(1))).toBe(true);
    expect(hasUsableTerms(percent(100))).toBe(true);
  });
});

describe('chargedMinor: what a discounted price charges', () => {
  it('charges nothing for nothing left (a free order)', () => {
    expect(chargedMinor('NGN', 0)).toBe(0);
    expect(chargedMinor('USD', 0)).toBe(0);
  });

  it('charges at least ₦50 in NGN (Paystack’s minimum) when something is left', () => {
    expect(chargedMinor('NGN', 100)).toBe(5000);
    expect(chargedMinor('NGN', 4999)).toBe(5000);
    expect(chargedMinor('NGN', 5000)).toBe(5000);
    expect(chargedMinor('NGN', 382_500)).toBe(382_500);
  });

  it('charges what is left in USD, down to one cent', () => {
    expect(chargedMinor('USD', 1)).toBe(1);
    expect(chargedMinor('USD', 595)).toBe(595);
  });
});

describe('refusalFor: when a code may be used', () => {
  const now = new Date('2026-11-20T12:00:00.000Z');
  const attempt = { productId: 'p1', now, usedByThisEmail: false };

  it('allows a live code for every product', () => {
    expect(refusalFor(buildDiscountCode(), attempt)).toBeNull();
  });
  it('refuses a code that does not exist, or whose terms are broken, as no such code', () => {
    expect(refusalFor(null, attempt)).toBe('unknown');
    expect(refusalFor(buildDiscountCode({ percent: 0 }), attempt)).toBe('unknown');
  });
  it('refuses a paused code', () => {
    expect(refusalFor(buildDiscountCode({ active: false }), attempt)).toBe('paused');
  });
  it('refuses before the start, allows from the start itself', () => {
    expect(refusalFor(buildDiscountCode({ startsAt: '2026-11-20T12:00:00.001Z' }), attempt)).toBe('notStarted');
    expect(refusalFor(buildDiscountCode({ startsAt: '2026-11-20T12:00:00.000Z' }), attempt)).toBeNull();
  });
  it('refuses from the end on, allows until just before it', () => {
    expect(refusalFor(buildDiscountCode({ endsAt: '2026-11-20T12:00:00.000Z' }), attempt)).toBe('expired');
    expect(refusalFor(buildDiscountCode({ endsAt: '2026-11-20T12:00:00.001Z' }), attempt)).toBeNull();
  });
  it('refuses a product not on the code’s list', () => {
    expect(refusalFor(buildDiscountCode({ productIds: ['p2', 'p3'] }), attempt)).toBe('notForProduct');
    expect(refusalFor(buildDiscountCode({ productIds: ['p2', 'p1'] }), attempt)).toBeNull();
  });
  it('counts uses and open reservations against the limit', () => {
    expect(refusalFor(buildDiscountCode({ maxUses: 5, uses: 3, reserved: 2 }), attempt)).toBe('usedUp');
    expect(refusalFor(buildDiscountCode({ maxUses: 5, uses: 5, reserved: 0 }), attempt)).toBe('usedUp');
    expect(refusalFor(buildDiscountCode({ maxUses: 5, uses: 3, reserved: 1 }), attempt)).toBeNull();
  });
  it('refuses a second use by one e-mail only for a once-per-e-mail code', () => {
    const used = { ...attempt, usedByThisEmail: true };
    expect(refusalFor(buildDiscountCode({ oncePerEmail: true }), used)).toBe('usedByEmail');
    expect(refusalFor(buildDiscountCode({ oncePerEmail: true }), attempt)).toBeNull();
    expect(refusalFor(buildDiscountCode({ oncePerEmail: false }), used)).toBeNull();
  });
  it('names each refusal in the words the buyer reads', () => {
    expect(discountRefusals).toEqual({
      unknown: 'No such code.',
      paused: 'This code is not available right now.',
      notStarted: 'This code is not valid yet.',
      expired: 'This code has expired.',
      notForProduct: 'This code does not apply to this product.',
      usedUp: 'This code has been used up.',
      usedByEmail: 'This code has already been used with this e-mail address.',
    });
  });
});

describe('discountCodeFromData: the one decoder of a code document', () => {
  it('reads a percent code with times from either SDK or as ISO strings', () => {
    const expected = buildDiscountCode({
      startsAt: '2026-11-01T08:00:00.000Z',
      endsAt: '2026-12-01T08:00:00.000Z',
      maxUses: 50,
      oncePerEmail: true,
      productIds: ['p1'],
      uses: 3,
      reserved: 1,
      revenueMinor: { NGN: 382_500, USD: 595 },
    });
    const fields = {
      code: 'SPRING',
      kind: 'percent',
      percent: 15,
      productIds: ['p1'],
      maxUses: 50,
      oncePerEmail: true,
      active: true,
      uses: 3,
      reserved: 1,
      revenueMinor: { NGN: 382_500, USD: 595 },
      createdBy: 'admin-1',
    };
    const start = Date.UTC(2026, 10, 1, 8) / 1000;
    const end = Date.UTC(2026, 11, 1, 8) / 1000;
    const created = Date.UTC(2026, 10, 1) / 1000;
    expect(
      discountCodeFromData('SPRING', {
        ...fields,
        startsAt: new AdminTimestamp(start, 0),
        endsAt: new AdminTimestamp(end, 0),
        createdAt: new AdminTimestamp(created, 0),
      }),
    ).toEqual(expected);
    expect(
      discountCodeFromData('SPRING', {
        ...fields,
        startsAt: new LiteTimestamp(start, 0),
        endsAt: new LiteTimestamp(end, 0),
        createdAt: new LiteTimestamp(created, 0),
      }),
    ).toEqual(expected);
    expect(
      discountCodeFromData('SPRING', {
        ...fields,
        startsAt: '2026-11-01T08:00:00Z',
        endsAt: '2026-12-01T08:00:00Z',
        createdAt: '2026-11-01T00:00:00Z',
      }),
    ).toEqual(expected);
  });

  it('reads a fixed code; a code without counters has used nothing', () => {
    const code = discountCodeFromData('TAKE500', {
      code: 'TAKE500',
      kind: 'fixed',
      amountOff: { NGN: 500, USD: 2.5 },
      productIds: [],
      startsAt: null,
      endsAt: null,
      maxUses: null,
      oncePerEmail: false,
      active: false,
    });
    expect(code).toMatchObject({
      code: 'TAKE500',
      kind: 'fixed',
      percent: 0,
      amountOff: { NGN: 500, USD: 2.5 },
      startsAt: null,
      endsAt: null,
      maxUses: null,
      active: false,
      uses: 0,
      reserved: 0,
      revenueMinor: { NGN: 0, USD: 0 },
    });
  });

  it('reads a document no admin could have written as a code that cannot be used', () => {
    const code = discountCodeFromData('odd', {
      kind: 'bogus',
      percent: '15',
      productIds: ['p1', 7],
      maxUses: '5',
      uses: 1.5,
      reserved: -2,
      revenueMinor: 'lots',
    });
    expect(code).toMatchObject({
      code: 'ODD',
      kind: 'percent',
      percent: 0,
      productIds: ['p1'],
      // A limit that is not a whole number reads as nothing left, never as no limit.
      maxUses: 0,
      active: false,
      uses: 0,
      reserved: 0,
      revenueMinor: { NGN: 0, USD: 0 },
      createdAt: '1970-01-01T00:00:00.000Z',
    });
    expect(refusalFor(code, { productId: 'p1', now: new Date(), usedByThisEmail: false })).toBe('unknown');
  });
});
