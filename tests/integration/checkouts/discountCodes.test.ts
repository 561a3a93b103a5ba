// Discount code uses in Firestore transactions (server/checkouts/discountCodes.ts) on the local
// cloud's Firestore emulator: racing reservations never pass the limit, a released reservation frees
// its use, confirming and releasing count once per checkout, once-per-e-mail holds, and each refusal
// reads as the buyer's sentence.
import { createHash, randomUUID } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DiscountCodeRefusedError,
  confirmCodeUse,
  quoteCodeUse,
  releaseCodeUse,
  reserveCodeUse,
  type ConfirmInput,
  type ReleaseInput,
  type ReserveInput,
} from '../../../server/checkouts/discountCodes';
import { createAdminFirestore } from '../../../server/lib/firestoreAdmin';

const cloud = inject('cloud');
let db: Firestore;
const run = Date.now().toString(36).toUpperCase();
let serial = 0;
const now = new Date('2026-11-20T12:00:00.000Z');
// Racing transactions on one document retry; twenty of them need more than the default five tries.
const options = { maxAttempts: 40 };

beforeAll(() => {
  db = createAdminFirestore({ projectId: cloud.projectId, emulatorHost: cloud.firestoreHost });
});

/** The SHA-256 of a text in hex, as the redemptions are keyed by (the mailbox, written out). */
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Stores a new code under a name of this run, with these terms, and answers the name. */
async function seedCode(terms: Record<string, unknown> = {}): Promise<string> {
  serial += 1;
  const code = `T${run}-${serial}`;
  await db.doc(`discountCodes/${code}`).set({
    code,
    kind: 'percent',
    percent: 15,
    productIds: [],
    startsAt: null,
    endsAt: null,
    maxUses: null,
    oncePerEmail: false,
    active: true,
    createdAt: Timestamp.fromMillis(Date.UTC(2026, 10, 1)),
    createdBy: 'admin-1',
    ...terms,
  });
  return code;
}

async function codeDoc(code: string): Promise<Record<string, unknown>> {
  return (await db.doc(`discountCodes/${code}`).get()).data() ?? {};
}

function reserveInput(code: string, overrides: Partial<ReserveInput> = {}): ReserveInput {
  return {
    code,
    checkoutId: randomUUID(),
    productId: 'p1',
    currency: 'NGN',
    listPriceMinor: 450_000,
    email: 'buyer@example.com',
    clientKey: null,
    now,
    ...overrides,
  };
}

const reserve = (input: ReserveInput) => db.runTransaction((t) => reserveCodeUse(t, db, input), options);
const confirm = (input: ConfirmInput) => db.runTransaction((t) => confirmCodeUse(t, db, input), options);
const release = (input: ReleaseInput) => db.runTransaction((t) => releaseCodeUse(t, db, input), options);

/** The sentence a refused reservation gave, or 'reserved'. */
async function attempt(input: ReserveInput): Promise<string> {
  try {
    await reserve(input);
    return 'reserved';
  } catch (error) {
    if (error instanceof DiscountCodeRefusedError) return error.message;
    throw error;
  }
}

describe('reserving under load', () => {
  it('gives a 5-use code to exactly 5 of 20 racing checkouts; the other 15 are told it is used up', async () => {
    const code = await seedCode({ maxUses: 5 });
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt(reserveInput(code, { email: `racer${i}@example.com` }))),
    );
    expect(outcomes.filter((outcome) => outcome === 'reserved')).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome === 'This code has been used up.')).toHaveLength(15);
    expect(await codeDoc(code)).toMatchObject({ reserved: 5 });
    const held = await db.collection(`discountCodes/${code}/reservations`).get();
    expect(held.docs.map((d) => d.get('status') as unknown)).toEqual(Array(5).fill('reserved'));
  }, 60_000);
});

describe('one hold per buyer', () => {
  it('replaces the same client’s earlier hold of a limited code, and nothing when it refuses', async () => {
    const code = await seedCode({ maxUses: 2 });
    const clientKey = 'a1'.repeat(32);
    const first = reserveInput(code, { email: 'one@example.com', clientKey });
    await reserve(first);
    const second = reserveInput(code, { email: 'two@example.com', clientKey });
    expect(await reserve(second)).toEqual({
      code,
      discountMinor: 67_500,
      amountMinor: 382_500,
      replaced: [first.checkoutId],
    });
    expect(await codeDoc(code)).toMatchObject({ reserved: 1 });
    const statusOf = async (checkoutId: string) =>
      (await db.doc(`discountCodes/${code}/reservations/${checkoutId}`).get()).get('status') as unknown;
    expect(await statusOf(first.checkoutId)).toBe('replaced');
    // A replaced hold gives nothing back again when its checkout expires.
    expect(await release({ code, checkoutId: first.checkoutId, now })).toBe(false);
    expect(await codeDoc(code)).toMatchObject({ reserved: 1 });

    await db.doc(`discountCodes/${code}`).update({ active: false });
    expect(await attempt(reserveInput(code, { email: 'three@example.com', clientKey }))).toBe(
      'This code is not available right now.',
    );
    expect(await statusOf(second.checkoutId)).toBe('reserved');
    expect(await codeDoc(code)).toMatchObject({ reserved: 1 });
  });
});

describe('releasing and confirming', () => {
  it('frees a use when an unpaid checkout’s reservation is released, once however often it is asked', async () => {
    const code = await seedCode({ maxUses: 1 });
    // Other buyers each time: a buyer's new checkout would take over their own earlier hold.
    const first = reserveInput(code, { email: 'first@example.com' });
    await reserve(first);
    expect(await attempt(reserveInput(code, { email: 'second@example.com' }))).toBe('This code has been used up.');

    expect(await release({ code, checkoutId: first.checkoutId, now })).toBe(true);
    expect(await release({ code, checkoutId: first.checkoutId, now })).toBe(false);
    expect(await codeDoc(code)).toMatchObject({ reserved: 0 });

    expect(await attempt(reserveInput(code, { email: 'third@example.com' }))).toBe('reserved');
    expect(await attempt(reserveInput(code, { email: 'fourth@example.com' }))).toBe('This code has been used up.');
    expect(await codeDoc(code)).toMatchObject({ reserved: 1 });
  });

  it('turns a reservation into a use with its revenue, once per checkout', async () => {
    const code = await seedCode({ maxUses: 2 });
    const input = reserveInput(code, { currency: 'USD', listPriceMinor: 700 });
    expect(await reserve(input)).toEqual({ code, discountMinor: 105, amountMinor: 595, replaced: [] });
    const paid = { code, checkoutId: input.checkoutId, email: input.email, currency: 'USD' as const, now };
    expect(await confirm({ ...paid, amountMinor: 595 })).toBe(true);
    expect(await confirm({ ...paid, amountMinor: 595 })).toBe(false);
    expect(await codeDoc(code)).toMatchObject({ uses: 1, reserved: 0, revenueMinor: { USD: 595 } });
    // A paid checkout has nothing left to release.
    expect(await release({ code, checkoutId: input.checkoutId, now })).toBe(false);
    expect(await codeDoc(code)).toMatchObject({ uses: 1, reserved: 0 });
    expect((await db.doc(`discountCodes/${code}/reservations/${input.checkoutId}`).get()).get('status')).toBe(
      'confirmed',
    );
  });

  it('adds each currency’s revenue on its own', async () => {
    const code = await seedCode();
    const naira = reserveInput(code);
    const dollars = reserveInput(code, { currency: 'USD', listPriceMinor: 700, email: 'other@example.com' });
    await reserve(naira);
    await reserve(dollars);
    await confirm({
      code,
      checkoutId: naira.checkoutId,
      email: naira.email,
      currency: 'NGN',
      amountMinor: 382_500,
      now,
    });
    await confirm({
      code,
      checkoutId: dollars.checkoutId,
      email: dollars.email,
      currency: 'USD',
      amountMinor: 595,
      now,
    });
    expect(await codeDoc(code)).toMatchObject({ uses: 2, reserved: 0, revenueMinor: { NGN: 382_500, USD: 595 } });
  });

  it('counts a checkout paid after its reservation was released, without touching other reservations', async () => {
    const code = await seedCode({ maxUses: 1 });
    const late = reserveInput(code);
    await reserve(late);
    await release({ code, checkoutId: late.checkoutId, now });
    const next = reserveInput(code, { email: 'next@example.com' });
    await reserve(next);
    // The late buyer paid what their checkout asked: it counts, past the limit, and the next
    // buyer's reservation still stands.
    expect(
      await confirm({
        code,
        checkoutId: late.checkoutId,
        email: late.email,
        currency: 'NGN',
        amountMinor: 382_500,
        now,
      }),
    ).toBe(true);
    expect(await codeDoc(code)).toMatchObject({ uses: 1, reserved: 1 });
  });

  it('answers a repeated reservation for one checkout with the first, taking no second use', async () => {
    const code = await seedCode({ maxUses: 3 });
    const input = reserveInput(code);
    const first = await reserve(input);
    expect(await reserve(input)).toEqual(first);
    expect(await codeDoc(code)).toMatchObject({ reserved: 1 });
  });

  it('counts nothing for a code deleted meanwhile, and a code made again under its name starts afresh', async () => {
    const code = await seedCode({ maxUses: 1, oncePerEmail: true });
    const old = reserveInput(code);
    await reserve(old);
    await db.doc(`discountCodes/${code}`).delete();
    expect(
      await confirm({ code, checkoutId: old.checkoutId, email: old.email, currency: 'NGN', amountMinor: 1, now }),
    ).toBe(false);
    await db.doc(`discountCodes/${code}`).set({ ...laterTerms(), code, maxUses: 1, oncePerEmail: true });
    // The old checkout's expiry gives nothing back to the new code, which has no reservation.
    expect(await release({ code, checkoutId: old.checkoutId, now })).toBe(true);
    expect(await codeDoc(code)).not.toHaveProperty('reserved');
    expect(await attempt(reserveInput(code, { email: old.email }))).toBe('reserved');
  });
});

/** A live percent code's terms, created later than seedCode's codes. */
function laterTerms(): Record<string, unknown> {
  return {
    kind: 'percent',
    percent: 10,
    productIds: [],
    startsAt: null,
    endsAt: null,
    active: true,
    createdAt: Timestamp.fromMillis(Date.UTC(2026, 10, 15)),
    createdBy: 'admin-1',
  };
}

describe('once per e-mail', () => {
  it('refuses an address that paid with the code, whatever its case, and no other', async () => {
    const code = await seedCode({ oncePerEmail: true });
    const first = reserveInput(code, { email: 'Ada@Example.com' });
    await reserve(first);
    // Reserved but unpaid is not a use: the same buyer may try again.
    expect(await attempt(reserveInput(code, { email: 'ada@example.com' }))).toBe('reserved');
    await confirm({
      code,
      checkoutId: first.checkoutId,
      email: first.email,
      currency: 'NGN',
      amountMinor: 382_500,
      now,
    });

    expect(await attempt(reserveInput(code, { email: '  ADA@example.COM ' }))).toBe(
      'This code has already been used with this e-mail address.',
    );
    expect(await attempt(reserveInput(code, { email: 'bola@example.com' }))).toBe('reserved');
    const redemption = await db.doc(`discountCodes/${code}/redemptions/${sha256('ada@example.com')}`).get();
    expect(redemption.data()).toMatchObject({ uses: 1, lastCheckoutId: first.checkoutId });
    // The address itself is not stored, only its hash.
    expect(JSON.stringify(redemption.data())).not.toContain('ada@');
  });

  it('lets one address use a code without the limit as often as it likes', async () => {
    const code = await seedCode({ oncePerEmail: false });
    const first = reserveInput(code);
    await reserve(first);
    await confirm({
      code,
      checkoutId: first.checkoutId,
      email: first.email,
      currency: 'NGN',
      amountMinor: 382_500,
      now,
    });
    expect(await attempt(reserveInput(code))).toBe('reserved');
  });
});

describe('once per e-mail means once per mailbox', () => {
  const paidWith = async (code: string, email: string) => {
    const input = reserveInput(code, { email });
    await reserve(input);
    await confirm({ code, checkoutId: input.checkoutId, email, currency: 'NGN', amountMinor: 382_500, now });
    return input;
  };

  it('refuses A.d.a+x@googlemail.com a code ada@gmail.com paid with, and keys the buyer by the folded mailbox', async () => {
    const code = await seedCode({ oncePerEmail: true });
    const first = await paidWith(code, 'ada@gmail.com');
    for (const email of ['A.d.a+x@googlemail.com', 'a.da@gmail.com', 'ADA+shop@gmail.com']) {
      expect(await attempt(reserveInput(code, { email }))).toBe(
        'This code has already been used with this e-mail address.',
      );
      const { checkoutId: _unused, ...quote } = reserveInput(code, { email });
      await expect(quoteCodeUse(db, quote)).rejects.toThrow(
        'This code has already been used with this e-mail address.',
      );
    }
    // Another Gmail mailbox, and the same local part at another domain, are other buyers.
    expect(await attempt(reserveInput(code, { email: 'adab@gmail.com' }))).toBe('reserved');
    expect(await attempt(reserveInput(code, { email: 'ada@example.com' }))).toBe('reserved');
    const redemptions = await db.collection(`discountCodes/${code}/redemptions`).get();
    expect(redemptions.docs.map((doc) => doc.id)).toEqual([sha256('ada@gmail.com')]);
    expect(redemptions.docs[0]?.data()).toMatchObject({ uses: 1, lastCheckoutId: first.checkoutId });
  });

  it('folds plus-tags at every domain: ada+1@example.com having paid, ada+2@example.com is refused', async () => {
    const code = await seedCode({ oncePerEmail: true });
    await paidWith(code, 'ada+1@example.com');
    expect(await attempt(reserveInput(code, { email: 'ada+2@example.com' }))).toBe(
      'This code has already been used with this e-mail address.',
    );
    expect(await attempt(reserveInput(code, { email: 'ada@example.com' }))).toBe(
      'This code has already been used with this e-mail address.',
    );
    // Dots are folded at Gmail only: elsewhere they may be another mailbox.
    expect(await attempt(reserveInput(code, { email: 'a.da@example.com' }))).toBe('reserved');
  });

  it('still counts a buyer recorded under the old key (the address as typed), and carries the count on', async () => {
    const code = await seedCode({ oncePerEmail: true });
    // As confirmCodeUse wrote it before mailboxes were folded: keyed by the address lower-cased.
    await db.doc(`discountCodes/${code}/redemptions/${sha256('ada.obi+shop@example.com')}`).set({
      codeCreatedAt: '2026-11-01T00:00:00.000Z',
      uses: 2,
      lastCheckoutId: 'old-checkout',
      lastAt: '2026-11-02T00:00:00.000Z',
    });
    expect(await attempt(reserveInput(code, { email: 'Ada.Obi+shop@example.com' }))).toBe(
      'This code has already been used with this e-mail address.',
    );
    // A paid checkout is never refused; its use lands on the mailbox's key with the old count carried on.
    const late = reserveInput(code, { email: 'bola@example.com' });
    await reserve(late);
    await confirm({
      code,
      checkoutId: late.checkoutId,
      email: 'ada.obi+shop@example.com',
      currency: 'NGN',
      amountMinor: 382_500,
      now,
    });
    const folded = await db.doc(`discountCodes/${code}/redemptions/${sha256('ada.obi@example.com')}`).get();
    expect(folded.data()).toMatchObject({ uses: 3, lastCheckoutId: late.checkoutId });
    expect(await attempt(reserveInput(code, { email: 'ada.obi+other@example.com' }))).toBe(
      'This code has already been used with this e-mail address.',
    );
  });
});

describe('a code that leaves nothing to pay', () => {
  it('is not refused per address at the checkout or the quote: that is decided when the free order is completed', async () => {
    const code = await seedCode({ percent: 100, oncePerEmail: true });
    const first = reserveInput(code, { email: 'ada@gmail.com' });
    await reserve(first);
    await confirm({ code, checkoutId: first.checkoutId, email: first.email, currency: 'NGN', amountMinor: 0, now });
    expect(await attempt(reserveInput(code, { email: 'a.da+again@gmail.com' }))).toBe('reserved');
    const { checkoutId: _unused, ...quote } = reserveInput(code, { email: 'ada@gmail.com' });
    expect(await quoteCodeUse(db, quote)).toEqual({ code, discountMinor: 450_000, amountMinor: 0 });
  });
});

describe('quoting a code before the checkout', () => {
  it('prices the code without reserving a use, and refuses as a reservation would', async () => {
    const code = await seedCode({ maxUses: 1, oncePerEmail: true });
    const { checkoutId: _unused, ...quote } = reserveInput(code, { currency: 'USD', listPriceMinor: 700 });
    expect(await quoteCodeUse(db, quote)).toEqual({ code, discountMinor: 105, amountMinor: 595 });
    expect(await quoteCodeUse(db, quote)).toEqual({ code, discountMinor: 105, amountMinor: 595 });
    expect(await codeDoc(code)).not.toHaveProperty('reserved');

    const held = reserveInput(code, { email: 'first@example.com' });
    await reserve(held);
    await expect(quoteCodeUse(db, quote)).rejects.toThrow('This code has been used up.');
    await release({ code, checkoutId: held.checkoutId, now });
    expect(await quoteCodeUse(db, quote)).toEqual({ code, discountMinor: 105, amountMinor: 595 });
    await expect(quoteCodeUse(db, { ...quote, code: `NOPE${run}` })).rejects.toThrow('No such code.');
  });

  it('tells a buyer who already paid with a once-per-e-mail code', async () => {
    const code = await seedCode({ oncePerEmail: true });
    const paid = reserveInput(code);
    await reserve(paid);
    await confirm({ code, checkoutId: paid.checkoutId, email: paid.email, currency: 'NGN', amountMinor: 382_500, now });
    const { checkoutId: _unused, ...quote } = reserveInput(code, { email: 'BUYER@example.com' });
    await expect(quoteCodeUse(db, quote)).rejects.toThrow('This code has already been used with this e-mail address.');
  });
});

describe('inputs that are a bug in the caller', () => {
  it('stops a reservation or a confirmation given a fraction or NaN, writing nothing', async () => {
    const code = await seedCode();
    await expect(reserve(reserveInput(code, { listPriceMinor: 4500.5 }))).rejects.toThrow(RangeError);
    await expect(reserve(reserveInput(code, { listPriceMinor: Number.NaN }))).rejects.toThrow(RangeError);
    const input = reserveInput(code);
    await reserve(input);
    await expect(
      confirm({
        code,
        checkoutId: input.checkoutId,
        email: input.email,
        currency: 'NGN',
        amountMinor: Number.NaN,
        now,
      }),
    ).rejects.toThrow(RangeError);
    expect(await codeDoc(code)).toMatchObject({ reserved: 1 });
    expect(await codeDoc(code)).not.toHaveProperty('uses');
  });

  it('stops a checkout id that would name another document', async () => {
    const code = await seedCode();
    await expect(reserve(reserveInput(code, { checkoutId: '../../products/p1' }))).rejects.toThrow(RangeError);
    expect(await codeDoc(code)).not.toHaveProperty('reserved');
  });
});

describe('prices and refusals', () => {
  it('prices percent and fixed codes in both currencies, in minor units', async () => {
    const percent = await seedCode({ percent: 15 });
    expect(await reserve(reserveInput(percent, { listPriceMinor: 450_000 }))).toEqual({
      code: percent,
      discountMinor: 67_500,
      amountMinor: 382_500,
      replaced: [],
    });
    expect(await reserve(reserveInput(percent, { currency: 'USD', listPriceMinor: 700 }))).toEqual({
      code: percent,
      discountMinor: 105,
      amountMinor: 595,
      replaced: [],
    });
    const fixed = await seedCode({ kind: 'fixed', percent: null, amountOff: { NGN: 500, USD: 2.5 } });
    expect(await reserve(reserveInput(fixed, { listPriceMinor: 450_000 }))).toEqual({
      code: fixed,
      discountMinor: 50_000,
      amountMinor: 400_000,
      replaced: [],
    });
    expect(await reserve(reserveInput(fixed, { currency: 'USD', listPriceMinor: 700 }))).toEqual({
      code: fixed,
      discountMinor: 250,
      amountMinor: 450,
      replaced: [],
    });
    const everything = await seedCode({ percent: 100 });
    expect(await reserve(reserveInput(everything, { currency: 'USD', listPriceMinor: 999 }))).toEqual({
      code: everything,
      discountMinor: 999,
      amountMinor: 0,
      replaced: [],
    });
  });

  it('finds a code whatever case the buyer types', async () => {
    const code = await seedCode();
    expect(await reserve(reserveInput(` ${code.toLowerCase()} `))).toMatchObject({ code, amountMinor: 382_500 });
  });

  it('refuses each unusable code with its sentence, reserving nothing', async () => {
    const paused = await seedCode({ active: false });
    const later = await seedCode({ startsAt: Timestamp.fromMillis(now.getTime() + 60_000) });
    const over = await seedCode({ endsAt: Timestamp.fromMillis(now.getTime()) });
    const elsewhere = await seedCode({ productIds: ['p2'] });
    expect(await attempt(reserveInput(`NOPE${run}`))).toBe('No such code.');
    expect(await attempt(reserveInput('not a code/../x'))).toBe('No such code.');
    expect(await attempt(reserveInput(paused))).toBe('This code is not available right now.');
    expect(await attempt(reserveInput(later))).toBe('This code is not valid yet.');
    expect(await attempt(reserveInput(over))).toBe('This code has expired.');
    expect(await attempt(reserveInput(elsewhere))).toBe('This code does not apply to this product.');
    for (const code of [paused, later, over, elsewhere]) expect(await codeDoc(code)).not.toHaveProperty('reserved');
  });
});
