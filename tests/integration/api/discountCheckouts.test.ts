// Discount codes through the purchase API on the local cloud (our Firestore emulator, real SMTP into
// the mail catcher): each refusal of POST /api/checkouts in the buyer's words, percent and fixed codes
// in both currencies with the rounding written out, a 5-use code raced by 20 buyers, the expiry sweep
// giving a reserved use back, fulfilment counting a use once under replay, 100% codes completing
// without a provider, the quote the dialog's Apply shows, and resuming a checkout from its link.
import { createHash } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckoutExpiry } from '../../../server/app';
import { releaseCodeUse } from '../../../server/checkouts/discountCodes';
import { parseServerConfig } from '../../../server/config';
import { createMailer } from '../../../server/mailer';
import {
  buildCustomer,
  checkoutOf,
  cloud,
  db,
  mailsMatching,
  postJson,
  removeSeededProducts,
  saleNoticeFor,
  seedProduct,
  startPurchaseApi,
  toAddress,
  transactionsFor,
  uniqueTag,
  type Customer,
  type PurchaseApi,
  type SeededProduct,
  codeDoc,
  seedDiscountCode,
} from '../../support/purchaseHarness';

let api: PurchaseApi;

beforeAll(async () => {
  // One proxy hop trusted, so a test can name each buyer's client address (X-Forwarded-For).
  api = await startPurchaseApi({ TRUST_PROXY_HOPS: '1' });
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

const day = 24 * 60 * 60 * 1000;

/** The SHA-256 of a text in hex, written out here (not taken from the code under test). */
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const seedCode = (terms: Record<string, unknown> = {}) => seedDiscountCode('C', terms);

interface Body {
  productId: string;
  currency: 'NGN' | 'USD';
  customer: Customer;
  code?: string;
  provider?: 'paystack' | 'paypal' | 'demo';
  checkoutId?: string;
}

let clients = 0;
/** A client address of its own: one client holds one use of a limited code at a time. */
function anotherClient(): string {
  clients += 1;
  return `198.51.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
}

async function checkout(
  body: Body,
  url = api.url,
  client?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await postJson(`${url}/api/checkouts`, body, client ? { 'x-forwarded-for': client } : {});
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function demoOrder(reference: unknown, product: SeededProduct, customer: Customer, currency: 'NGN' | 'USD' = 'NGN') {
  return postJson(`${api.url}/api/orders`, { provider: 'demo', reference, productId: product.id, currency, customer });
}

function freeOrder(reference: unknown, product: SeededProduct, customer: Customer, url = api.url) {
  return postJson(`${url}/api/orders`, {
    provider: 'free',
    reference,
    productId: product.id,
    currency: 'NGN',
    customer,
  });
}

async function checkoutsOf(product: SeededProduct): Promise<number> {
  return (await db.collection('checkouts').where('productId', '==', product.id).get()).size;
}

describe('POST /api/checkouts with a code: refusals', () => {
  const now = Date.now();
  it.each([
    ['a code that does not exist', null, 'No such code.'],
    ['a paused code', { active: false }, 'This code is not available right now.'],
    ['a code not started yet', { startsAt: new Date(now + day).toISOString() }, 'This code is not valid yet.'],
    ['an expired code', { endsAt: new Date(now - day).toISOString() }, 'This code has expired.'],
    ['a code for other products', { productIds: ['some-other-product'] }, 'This code does not apply to this product.'],
    ['a used up code', { maxUses: 1, uses: 1 }, 'This code has been used up.'],
  ])('refuses %s with 400 and its reason, storing no checkout', async (_what, terms, message) => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = terms === null ? 'NOSUCHCODE-XYZ' : await seedCode(terms);
    const answer = await checkout({ productId: product.id, currency: 'NGN', customer: buildCustomer(), code });
    expect(answer).toEqual({ status: 400, body: { message } });
    expect(await checkoutsOf(product)).toBe(0);
    if (terms !== null) expect(await codeDoc(code)).toMatchObject({ reserved: 0 });
  });

  it('refuses a once-per-e-mail code to an address that already paid with it, in any letter case', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ oncePerEmail: true });
    const customer = buildCustomer();
    const first = await checkout({ productId: product.id, currency: 'NGN', customer, code, provider: 'demo' });
    expect(first.status).toBe(201);
    expect((await demoOrder(first.body.reference, product, customer)).status).toBe(200);

    const again = await checkout({
      productId: product.id,
      currency: 'NGN',
      customer: { ...customer, email: customer.email.toUpperCase(), confirmEmail: customer.email.toUpperCase() },
      code: code.toLowerCase(),
      provider: 'demo',
    });
    expect(again).toEqual({
      status: 400,
      body: { message: 'This code has already been used with this e-mail address.' },
    });
    // Another address may still use it.
    const other = await checkout({ productId: product.id, currency: 'NGN', customer: buildCustomer(), code });
    expect(other.status).toBe(201);
  });
});

describe('once per e-mail means once per mailbox (POST /api/checkouts)', () => {
  const as = (email: string): Customer => ({ ...buildCustomer(), email, confirmEmail: email });

  it('refuses A.d.a+x@googlemail.com a once-per-e-mail code ada@gmail.com paid with', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ oncePerEmail: true });
    const ada = as('ada@gmail.com');
    const first = await checkout({ productId: product.id, currency: 'NGN', customer: ada, code, provider: 'demo' });
    expect((await demoOrder(first.body.reference, product, ada)).status).toBe(200);

    const again = await checkout({
      productId: product.id,
      currency: 'NGN',
      customer: as('A.d.a+x@googlemail.com'),
      code,
    });
    expect(again).toEqual({
      status: 400,
      body: { message: 'This code has already been used with this e-mail address.' },
    });
    const other = await checkout({ productId: product.id, currency: 'NGN', customer: as('adab@gmail.com'), code });
    expect(other.status).toBe(201);
  });
});

describe('POST /api/checkouts with a code: prices', () => {
  it('takes 15% off ₦4,500: ₦675 off, ₦3,825 to pay, and records it on the checkout', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ percent: 15 });
    const customer = buildCustomer();
    const answer = await checkout({
      productId: product.id,
      currency: 'NGN',
      customer,
      code: ` ${code.toLowerCase()} `,
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      provider: 'paystack',
      listPrice: 4500,
      discount: 675,
      amount: 3825,
      code,
      currency: 'NGN',
    });
    expect(await checkoutOf(String(answer.body.checkoutId))).toMatchObject({
      listPrice: 4500,
      discountCode: code,
      discountAmount: 675,
      amount: 3825,
    });
    expect(await codeDoc(code)).toMatchObject({ reserved: 1, uses: 0 });
  });

  it('takes 15% off $7: $1.05 off, $5.95 to pay', async () => {
    const product = await seedProduct({ priceInUsd: 7 });
    const code = await seedCode({ percent: 15 });
    const answer = await checkout({ productId: product.id, currency: 'USD', customer: buildCustomer(), code });
    expect(answer.body).toMatchObject({ provider: 'paypal', listPrice: 7, discount: 1.05, amount: 5.95 });
  });

  it('takes a fixed amount off in the buyer’s currency: ₦1,000 off ₦4,500 and $2 off $7', async () => {
    const product = await seedProduct({ priceInNgn: 4500, priceInUsd: 7 });
    const code = await seedCode({ kind: 'fixed', percent: 0, amountOff: { NGN: 1000, USD: 2 } });
    const ngn = await checkout({ productId: product.id, currency: 'NGN', customer: buildCustomer(), code });
    expect(ngn.body).toMatchObject({ listPrice: 4500, discount: 1000, amount: 3500 });
    const usd = await checkout({ productId: product.id, currency: 'USD', customer: buildCustomer(), code });
    expect(usd.body).toMatchObject({ listPrice: 7, discount: 2, amount: 5 });
  });

  it('charges Paystack’s minimum of ₦50 when a code would leave ₦1 to ₦49', async () => {
    const product = await seedProduct({ priceInNgn: 1000 });
    const code = await seedCode({ kind: 'fixed', percent: 0, amountOff: { NGN: 990, USD: 1 } });
    const answer = await checkout({ productId: product.id, currency: 'NGN', customer: buildCustomer(), code });
    expect(answer.body).toMatchObject({ provider: 'paystack', listPrice: 1000, discount: 950, amount: 50 });
  });
});

describe('limits under load and expiry', () => {
  // The cloud is shared with files whose API clocks run hours behind the real time (pending and late
  // payments): a sweep at the real time would expire their checkouts too. These sweeps run at a time of
  // their own, long past, and meet only the checkouts these tests send there.
  const ancientExpiry = Timestamp.fromDate(new Date('2001-01-01T00:00:00.000Z'));
  const ancientSweepTime = () => new Date('2001-01-01T00:01:00.000Z');

  it('gives a 5-use code to exactly 5 of 20 buyers racing through the API; the others are told it is used up', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ maxUses: 5 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        checkout({ productId: product.id, currency: 'NGN', customer: buildCustomer(), code }, api.url, anotherClient()),
      ),
    );
    const discounted = answers.filter((answer) => answer.status === 201);
    expect(discounted).toHaveLength(5);
    for (const answer of discounted) expect(answer.body).toMatchObject({ amount: 3825, discount: 675 });
    expect(answers.filter((answer) => answer.status === 400).map((answer) => answer.body)).toEqual(
      Array(15).fill({ message: 'This code has been used up.' }),
    );
    expect(await codeDoc(code)).toMatchObject({ reserved: 5, uses: 0 });
    expect(await checkoutsOf(product)).toBe(5);
  }, 60_000);

  it('gives an expired checkout’s use back through the sweep, once even with two sweeps racing', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ maxUses: 3 });
    const held = await Promise.all(
      [0, 1, 2].map(() =>
        checkout({ productId: product.id, currency: 'NGN', customer: buildCustomer(), code }, api.url, anotherClient()),
      ),
    );
    expect(held.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const refused = await checkout(
      { productId: product.id, currency: 'NGN', customer: buildCustomer(), code },
      api.url,
      anotherClient(),
    );
    expect(refused.body).toEqual({ message: 'This code has been used up.' });

    // Two of the three run past their expiry; the third is still open.
    const overdue = held.slice(0, 2).map((answer) => String(answer.body.checkoutId));
    for (const id of overdue) await db.doc(`checkouts/${id}`).update({ expiresAt: ancientExpiry });
    const config = parseServerConfig({ ...cloud.apiEnv });
    const sweep = createCheckoutExpiry({ config, db, mailer: createMailer(config), now: ancientSweepTime });
    await Promise.all([sweep(), sweep()]);

    for (const id of overdue) expect(await checkoutOf(id)).toMatchObject({ status: 'expired' });
    expect(await checkoutOf(String(held[2]?.body.checkoutId))).toMatchObject({ status: 'open' });
    // Released once each: a double release would have left 0 (the counter never goes below 0).
    expect(await codeDoc(code)).toMatchObject({ reserved: 1, uses: 0 });

    const again = await Promise.all(
      [0, 1, 2].map(() =>
        checkout({ productId: product.id, currency: 'NGN', customer: buildCustomer(), code }, api.url, anotherClient()),
      ),
    );
    expect(again.map((answer) => answer.status).sort()).toEqual([201, 201, 400]);
    expect(await codeDoc(code)).toMatchObject({ reserved: 3 });
  }, 30_000);

  it('still fulfils a late payment of an expired checkout and counts it as a use', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ maxUses: 1 });
    const customer = buildCustomer();
    const held = await checkout({ productId: product.id, currency: 'NGN', customer, code, provider: 'demo' });
    await db.doc(`checkouts/${String(held.body.checkoutId)}`).update({ expiresAt: ancientExpiry });
    const config = parseServerConfig({ ...cloud.apiEnv });
    await createCheckoutExpiry({ config, db, mailer: createMailer(config), now: ancientSweepTime })();
    expect(await codeDoc(code)).toMatchObject({ reserved: 0, uses: 0 });

    const paid = await demoOrder(held.body.reference, product, customer);
    expect(paid.status).toBe(200);
    expect(await codeDoc(code)).toMatchObject({ reserved: 0, uses: 1, revenueMinor: { NGN: 382_500, USD: 0 } });
    expect(await checkoutOf(String(held.body.checkoutId))).toMatchObject({ status: 'paid' });
  });
});

describe('fulfilment with a code', () => {
  it('records the discount on the sale, names it in both e-mails, and counts the use once under replay', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ maxUses: 3 });
    const customer = buildCustomer();
    const held = await checkout({ productId: product.id, currency: 'NGN', customer, code, provider: 'demo' });
    const reference = String(held.body.reference);

    const statuses = await Promise.all(
      [0, 1, 2].map(async () => (await demoOrder(reference, product, customer)).status),
    );
    expect(statuses).toEqual([200, 200, 200]);
    expect((await demoOrder(reference, product, customer)).status).toBe(200);

    expect(await transactionsFor(reference)).toEqual([
      expect.objectContaining({
        listPrice: 4500,
        discountCode: code,
        discountAmount: 675,
        amount: 3825,
        amountPaid: 3825,
        paymentMethod: 'Demo',
      }),
    ]);
    expect(await codeDoc(code)).toMatchObject({ uses: 1, reserved: 0, revenueMinor: { NGN: 382_500, USD: 0 } });

    const [buyerMail] = await mailsMatching(toAddress(customer.email));
    expect(buyerMail?.text).toContain('List price: ₦4,500');
    expect(buyerMail?.text).toContain(`Discount (${code}): -₦675`);
    expect(buyerMail?.text).toContain('Amount paid: ₦3,825');
    const [notice] = await mailsMatching(saleNoticeFor(reference));
    expect(notice?.text).toContain(`Discount (${code}): -₦675`);
    expect(notice?.text).toContain('Amount: ₦3,825');
  });
});

describe('100% off', () => {
  it('completes without a provider as a Free sale, once per e-mail and product', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ percent: 100 });
    const customer = buildCustomer();
    const held = await checkout({ productId: product.id, currency: 'NGN', customer, code });
    expect(held.status).toBe(201);
    expect(held.body).toMatchObject({
      provider: 'free',
      reference: `free-${String(held.body.checkoutId)}`,
      listPrice: 4500,
      discount: 4500,
      amount: 0,
    });

    const first = await freeOrder(held.body.reference, product, customer);
    expect(first.status).toBe(200);
    const answer = (await first.json()) as { transactionId: string; accessUrl: string };
    expect(answer.transactionId).toMatch(/^free_free-[0-9a-f]{32}$/);
    const stored = (await db.doc(`transactions/${answer.transactionId}`).get()).data();
    expect(stored).toMatchObject({
      paymentMethod: 'Free',
      amount: 0,
      amountPaid: 0,
      listPrice: 4500,
      discountCode: code,
      discountAmount: 4500,
      checkoutId: held.body.checkoutId,
      customerEmail: customer.email,
    });
    expect(await codeDoc(code)).toMatchObject({ uses: 1, reserved: 0 });

    // The same checkout asking again gets the first answer; nothing is counted twice.
    const again = await freeOrder(held.body.reference, product, customer);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ transactionId: answer.transactionId, accessUrl: answer.accessUrl });
    expect(await codeDoc(code)).toMatchObject({ uses: 1 });

    // A second free checkout for the same address and product is made as for anyone (the checkout
    // tells no one who had what), and refused when it is completed, with nothing recorded.
    const second = await checkout({ productId: product.id, currency: 'NGN', customer, code });
    expect(second.body).toMatchObject({ provider: 'free', amount: 0 });
    const refused = await freeOrder(second.body.reference, product, customer);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      message:
        'This e-mail address has already had this product free. Your link is in your e-mail, or ask for it again on the My purchases page.',
    });
    expect(await transactionsFor(String(second.body.reference))).toEqual([]);
    expect(await checkoutOf(String(second.body.checkoutId))).toMatchObject({ status: 'open' });
    expect(await codeDoc(code)).toMatchObject({ uses: 1 });
    // Another address gets it free too.
    const other = await checkout({ productId: product.id, currency: 'NGN', customer: buildCustomer(), code });
    expect(other.body).toMatchObject({ provider: 'free', amount: 0 });
  });

  it('refuses a second free checkout of the same address racing the first', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ percent: 100 });
    const customer = buildCustomer();
    const [a, b] = await Promise.all(
      [0, 1].map(() => checkout({ productId: product.id, currency: 'NGN', customer, code })),
    );
    expect((await freeOrder(a?.body.reference, product, customer)).status).toBe(200);
    const late = await freeOrder(b?.body.reference, product, customer);
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({
      message:
        'This e-mail address has already had this product free. Your link is in your e-mail, or ask for it again on the My purchases page.',
    });
    expect(await codeDoc(code)).toMatchObject({ uses: 1 });
  });

  it('refuses a free order for a checkout that is not free, or of another buyer', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ percent: 100 });
    const customer = buildCustomer();
    const paid = await checkout({ productId: product.id, currency: 'NGN', customer, provider: 'demo' });
    const notFree = await freeOrder(paid.body.reference, product, customer);
    expect(notFree.status).toBe(402);
    expect(await notFree.json()).toEqual({ message: 'No checkout has this payment reference.' });

    const free = await checkout({ productId: product.id, currency: 'NGN', customer, code });
    const stranger = await freeOrder(free.body.reference, product, buildCustomer());
    expect(stranger.status).toBe(409);
    expect(await codeDoc(code)).toMatchObject({ uses: 0 });
  });

  it('is rate limited like the order routes (ORDER_RATE_LIMIT)', async () => {
    const limited = await startPurchaseApi({ ORDER_RATE_LIMIT: '2' });
    try {
      const product = await seedProduct({ priceInNgn: 4500 });
      const code = await seedCode({ percent: 100 });
      const statuses = [];
      for (let i = 0; i < 3; i += 1) {
        const customer = buildCustomer();
        const held = await checkout({ productId: product.id, currency: 'NGN', customer, code }, limited.url);
        statuses.push((await freeOrder(held.body.reference, product, customer, limited.url)).status);
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(await codeDoc(code)).toMatchObject({ uses: 2 });
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/checkouts/quote', () => {
  it('answers the price a code gives now, reserving nothing', async () => {
    const product = await seedProduct({ priceInNgn: 4500, priceInUsd: 7 });
    const code = await seedCode({ percent: 15, maxUses: 1 });
    const response = await postJson(`${api.url}/api/checkouts/quote`, {
      productId: product.id,
      currency: 'USD',
      code: code.toLowerCase(),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ code, currency: 'USD', listPrice: 7, discount: 1.05, amount: 5.95 });
    expect(await codeDoc(code)).toMatchObject({ reserved: 0 });
  });

  it.each([
    [{ endsAt: '2020-01-01T00:00:00.000Z' }, 'This code has expired.'],
    [{ productIds: ['another-product'] }, 'This code does not apply to this product.'],
    [{ maxUses: 2, uses: 2 }, 'This code has been used up.'],
  ])('refuses %j with the reason', async (terms, message) => {
    const product = await seedProduct();
    const code = await seedCode(terms);
    const response = await postJson(`${api.url}/api/checkouts/quote`, { productId: product.id, currency: 'NGN', code });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
  });

  it('says No such code. for a code that does not exist', async () => {
    const product = await seedProduct();
    const response = await postJson(`${api.url}/api/checkouts/quote`, {
      productId: product.id,
      currency: 'NGN',
      code: 'NOPE-NOPE',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'No such code.' });
  });

  it('is rate limited with the checkouts (CHECKOUT_RATE_LIMIT)', async () => {
    const limited = await startPurchaseApi({ CHECKOUT_RATE_LIMIT: '1' });
    try {
      const product = await seedProduct();
      const code = await seedCode();
      const body = { productId: product.id, currency: 'NGN', code };
      const first = await postJson(`${limited.url}/api/checkouts/quote`, body);
      const second = await postJson(`${limited.url}/api/checkouts/quote`, body);
      expect([first.status, second.status]).toEqual([200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('resuming a checkout (the reminder’s link)', () => {
  it('answers the same checkout while it is open and fits, else a new one at today’s price', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ percent: 15 });
    const customer = buildCustomer();
    const first = await checkout({ productId: product.id, currency: 'NGN', customer, code });
    const checkoutId = String(first.body.checkoutId);
    await db.doc(`products/${product.id}`).update({ priceInNgn: 6000 });

    const resumed = await checkout({ productId: product.id, currency: 'NGN', customer, code, checkoutId });
    expect(resumed.status).toBe(201);
    expect(resumed.body).toEqual(first.body);
    expect(await codeDoc(code)).toMatchObject({ reserved: 1 });

    // Another buyer never gets someone else's checkout.
    const stranger = await checkout({
      productId: product.id,
      currency: 'NGN',
      customer: buildCustomer(),
      code,
      checkoutId,
    });
    expect(stranger.body.checkoutId).not.toBe(checkoutId);
    expect(stranger.body).toMatchObject({ listPrice: 6000, discount: 900, amount: 5100 });

    await db.doc(`checkouts/${checkoutId}`).update({ expiresAt: Timestamp.fromMillis(Date.now() - 1) });
    const renewed = await checkout({ productId: product.id, currency: 'NGN', customer, code, checkoutId });
    expect(renewed.body.checkoutId).not.toBe(checkoutId);
    expect(renewed.body).toMatchObject({ listPrice: 6000, discount: 900, amount: 5100, code });
  });
});

describe('free orders are counted where they are decided (one mailbox, one free copy)', () => {
  /** Four spellings of one Gmail mailbox: itself, plus-tagged, dotted, and googlemail.com in capitals. */
  function oneMailbox(tag: string): Customer[] {
    return [`ada${tag}@gmail.com`, `ada${tag}+1@gmail.com`, `a.da${tag}@gmail.com`, `ADA${tag}+2@googlemail.com`].map(
      (email) => ({ ...buildCustomer(tag), email, confirmEmail: email }),
    );
  }

  it('gives one of 4 free checkouts of one mailbox the product and refuses the other 3 with 409 in words', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ percent: 100, oncePerEmail: true, maxUses: 10 });
    const customers = oneMailbox(uniqueTag());
    const held = [];
    for (const customer of customers) {
      const opened = await checkout({ productId: product.id, currency: 'NGN', customer, code });
      expect(opened.body).toMatchObject({ provider: 'free', amount: 0 });
      held.push(opened);
    }
    const answers = [];
    for (const [i, customer] of customers.entries()) {
      const response = await freeOrder(held[i]?.body.reference, product, customer);
      answers.push({ status: response.status, body: (await response.json()) as Record<string, unknown> });
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 409, 409, 409]);
    for (const refused of answers.slice(1)) {
      expect(refused.body).toEqual({
        message:
          'This e-mail address has already had this product free. Your link is in your e-mail, or ask for it again on the My purchases page.',
      });
    }
    const sales = await db.collection('transactions').where('productId', '==', product.id).get();
    expect(sales.size).toBe(1);
    // One mailbox holds one use of a limited code at a time: each checkout replaced the one before,
    // so only the last still holds a reservation (until it expires); one use is paid.
    expect(await codeDoc(code)).toMatchObject({ uses: 1, reserved: 1 });
  });

  it('refuses 3 of 4 free checkouts of the very same address completed at once, instead of answering each with the one sale', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ percent: 100 });
    const customer = buildCustomer();
    const held = await Promise.all(
      [0, 1, 2, 3].map(() => checkout({ productId: product.id, currency: 'NGN', customer, code })),
    );
    const answers = await Promise.all(
      held.map(async (opened) => {
        const response = await freeOrder(opened.body.reference, product, customer);
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      }),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    const sales = await db.collection('transactions').where('productId', '==', product.id).get();
    expect(sales.size).toBe(1);
    expect(await codeDoc(code)).toMatchObject({ uses: 1 });
  }, 30_000);

  it('gives one sale when the 4 free checkouts of one mailbox are completed at once', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ percent: 100, oncePerEmail: true, maxUses: 10 });
    const customers = oneMailbox(uniqueTag());
    const held = await Promise.all(
      customers.map((customer) => checkout({ productId: product.id, currency: 'NGN', customer, code })),
    );
    const statuses = await Promise.all(
      customers.map(async (customer, i) => (await freeOrder(held[i]?.body.reference, product, customer)).status),
    );
    expect([...statuses].sort()).toEqual([200, 409, 409, 409]);
    const sales = await db.collection('transactions').where('productId', '==', product.id).get();
    expect(sales.size).toBe(1);
    expect(await codeDoc(code)).toMatchObject({ uses: 1 });
  }, 30_000);

  it('gives ada+1@example.com a free copy and refuses ada+2@example.com a second one (409, nothing recorded)', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ percent: 100 });
    const tag = uniqueTag();
    const [first, second] = [`ada${tag}+1@example.com`, `ada${tag}+2@example.com`].map((email) => ({
      ...buildCustomer(tag),
      email,
      confirmEmail: email,
    }));
    if (!first || !second) throw new Error('two customers');
    const heldFirst = await checkout({ productId: product.id, currency: 'NGN', customer: first, code });
    const heldSecond = await checkout({ productId: product.id, currency: 'NGN', customer: second, code });
    expect((await freeOrder(heldFirst.body.reference, product, first)).status).toBe(200);
    const refused = await freeOrder(heldSecond.body.reference, product, second);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      message:
        'This e-mail address has already had this product free. Your link is in your e-mail, or ask for it again on the My purchases page.',
    });
    expect(await checkoutOf(String(heldSecond.body.checkoutId))).toMatchObject({ status: 'open' });
    expect(await mailsMatching(toAddress(second.email), 0)).toEqual([]);
    expect(await codeDoc(code)).toMatchObject({ uses: 1 });
  });

  it('still knows an address that had a free copy under the old reference, and answers that sale again to its own checkout', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ percent: 100 });
    const customer = buildCustomer();
    // The reference free orders had before mailboxes were folded: the address as typed and the product.
    const legacyId = (checkoutId: string) => ({
      id: `free_free-${sha256(`${customer.email}\n${product.id}`).slice(0, 32)}`,
      record: {
        productId: product.id,
        productName: product.title,
        customerEmail: customer.email,
        checkoutId,
        paymentMethod: 'Free',
        emailStatus: 'sent',
        accessRevoked: false,
      },
    });
    const old = await checkout({ productId: product.id, currency: 'NGN', customer, code });
    const legacy = legacyId(String(old.body.checkoutId));
    await db.doc(`transactions/${legacy.id}`).set(legacy.record);
    await db.doc(`checkouts/${String(old.body.checkoutId)}`).update({ status: 'paid', transactionId: legacy.id });

    const replayed = await freeOrder(old.body.reference, product, customer);
    expect(replayed.status).toBe(200);
    expect(await replayed.json()).toMatchObject({ transactionId: legacy.id, emailSent: true });

    const fresh = await checkout({ productId: product.id, currency: 'NGN', customer, code });
    const refused = await freeOrder(fresh.body.reference, product, customer);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      message:
        'This e-mail address has already had this product free. Your link is in your e-mail, or ask for it again on the My purchases page.',
    });
    const sales = await db.collection('transactions').where('productId', '==', product.id).get();
    expect(sales.docs.map((doc) => doc.id)).toEqual([legacy.id]);
  });

  it('refuses a mailbox a second free product with a once-per-e-mail 100% code, however it spells the address', async () => {
    const [first, second] = await Promise.all([seedProduct({ priceInNgn: 4500 }), seedProduct({ priceInNgn: 6000 })]);
    if (!first || !second) throw new Error('two products');
    const code = await seedCode({ percent: 100, oncePerEmail: true });
    const tag = uniqueTag();
    const ada = { ...buildCustomer(tag), email: `ada${tag}@gmail.com`, confirmEmail: `ada${tag}@gmail.com` };
    const dotted = { ...ada, email: `a.d.a${tag}+b@googlemail.com`, confirmEmail: `a.d.a${tag}+b@googlemail.com` };
    // Both opened before either is completed: the checkout cannot know what will be completed.
    const heldFirst = await checkout({ productId: first.id, currency: 'NGN', customer: ada, code });
    const heldSecond = await checkout({ productId: second.id, currency: 'NGN', customer: dotted, code });
    expect((await freeOrder(heldFirst.body.reference, first, ada)).status).toBe(200);
    const refused = await freeOrder(heldSecond.body.reference, second, dotted);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: 'This code has already been used with this e-mail address.' });
    expect(await db.collection('transactions').where('productId', '==', second.id).get()).toHaveProperty('size', 0);
    expect(await codeDoc(code)).toMatchObject({ uses: 1, reserved: 1 });
  });

  it('refuses a free checkout whose reserved use went back to the code and was taken by another buyer', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ percent: 100, maxUses: 1 });
    const late = buildCustomer();
    const held = await checkout({ productId: product.id, currency: 'NGN', customer: late, code });
    // The expiry sweep's release, as it happens when the sweep meets this checkout a moment before
    // the buyer completes it.
    await db.runTransaction((t) =>
      releaseCodeUse(t, db, { code, checkoutId: String(held.body.checkoutId), now: new Date() }),
    );
    const next = buildCustomer();
    const nextHeld = await checkout({ productId: product.id, currency: 'NGN', customer: next, code });
    expect(nextHeld.status).toBe(201);

    const refused = await freeOrder(held.body.reference, product, late);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: 'This code has been used up.' });
    expect(await transactionsFor(String(held.body.reference))).toEqual([]);
    expect(await codeDoc(code)).toMatchObject({ uses: 0, reserved: 1 });

    expect((await freeOrder(nextHeld.body.reference, product, next)).status).toBe(200);
    expect(await codeDoc(code)).toMatchObject({ uses: 1, reserved: 0 });
  });

  it('honours a free checkout whose reserved use went back to the code while a use is still free', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ percent: 100, maxUses: 2 });
    const customer = buildCustomer();
    const held = await checkout({ productId: product.id, currency: 'NGN', customer, code });
    await db.runTransaction((t) =>
      releaseCodeUse(t, db, { code, checkoutId: String(held.body.checkoutId), now: new Date() }),
    );
    expect((await freeOrder(held.body.reference, product, customer)).status).toBe(200);
    expect(await codeDoc(code)).toMatchObject({ uses: 1, reserved: 0 });
  });
});

describe('the API tells a stranger nothing about who bought what', () => {
  const stranger = (): Customer => buildCustomer();

  /** Status and body as text, with what differs by nature (the checkout's id, reference, expiry) left out. */
  async function checkoutAnswer(body: Body): Promise<string> {
    const response = await postJson(`${api.url}/api/checkouts`, body);
    const answer = (await response.json()) as Record<string, unknown>;
    expect(answer.checkoutId ?? answer.message).toEqual(expect.any(String));
    const { checkoutId: _id, reference: _reference, expiresAt: _expiresAt, ...rest } = answer;
    return `${response.status} ${JSON.stringify(rest)}`;
  }

  /** The quote's status and body, byte for byte. */
  async function quoteAnswer(productId: string, code: string, email: string): Promise<string> {
    const response = await postJson(`${api.url}/api/checkouts/quote`, { productId, currency: 'NGN', code, email });
    return `${response.status} ${await response.text()}`;
  }

  it.each([
    ['a 100% code', { percent: 100 }],
    ['a once-per-e-mail 100% code', { percent: 100, oncePerEmail: true }],
  ])('answers the same for a buyer who had the product free with %s as for a stranger', async (_what, terms) => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode(terms);
    const buyer = buildCustomer();
    const held = await checkout({ productId: product.id, currency: 'NGN', customer: buyer, code });
    expect((await freeOrder(held.body.reference, product, buyer)).status).toBe(200);
    const other = stranger();

    const quoted = await quoteAnswer(product.id, code, buyer.email);
    expect(quoted).toBe(await quoteAnswer(product.id, code, other.email));
    expect(quoted).toBe(`200 {"code":"${code}","currency":"NGN","listPrice":4500,"discount":4500,"amount":0}`);

    const opened = await checkoutAnswer({ productId: product.id, currency: 'NGN', customer: buyer, code });
    expect(opened).toBe(await checkoutAnswer({ productId: product.id, currency: 'NGN', customer: other, code }));
    expect(opened).toBe(
      `201 {"provider":"free","amount":0,"listPrice":4500,"discount":4500,"code":"${code}","currency":"NGN"}`,
    );
  });

  it('tells who paid with a once-per-e-mail code, and only that, at the quote: the one deliberate disclosure', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ percent: 15, oncePerEmail: true });
    const buyer = buildCustomer();
    const paid = await checkout({ productId: product.id, currency: 'NGN', customer: buyer, code, provider: 'demo' });
    expect((await demoOrder(paid.body.reference, product, buyer)).status).toBe(200);

    // docs/security.md: refused before paying, so no buyer pays for an order then refused.
    expect(await quoteAnswer(product.id, code, buyer.email)).toBe(
      '400 {"message":"This code has already been used with this e-mail address."}',
    );
    expect(await quoteAnswer(product.id, code, stranger().email)).toBe(
      `200 {"code":"${code}","currency":"NGN","listPrice":4500,"discount":675,"amount":3825}`,
    );
  });

  it('answers the same for a buyer who paid for the product as for a stranger', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ percent: 15 });
    const buyer = buildCustomer();
    const bought = await checkout({ productId: product.id, currency: 'NGN', customer: buyer, provider: 'demo' });
    expect((await demoOrder(bought.body.reference, product, buyer)).status).toBe(200);
    const other = stranger();

    const quoted = await quoteAnswer(product.id, code, buyer.email);
    expect(quoted).toBe(await quoteAnswer(product.id, code, other.email));
    expect(quoted).toBe(`200 {"code":"${code}","currency":"NGN","listPrice":4500,"discount":675,"amount":3825}`);

    for (const extra of [{}, { code }, { provider: 'demo' as const }]) {
      const opened = await checkoutAnswer({ productId: product.id, currency: 'NGN', customer: buyer, ...extra });
      expect(opened).toBe(await checkoutAnswer({ productId: product.id, currency: 'NGN', customer: other, ...extra }));
      expect(opened).toMatch(/^201 /);
    }
  });
});
