// One buyer holds one use of a limited discount code at a time (docs/payments.md, 'Discount codes'),
// through the purchase API on the local cloud (our Firestore emulator, real SMTP into the mail
// catcher): a buyer is the same mailbox or the same client address, which the tests name with
// X-Forwarded-For to an API that trusts one proxy hop. Payments are demo payments (no provider).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCustomer,
  checkoutOf,
  db,
  issueNoticeFor,
  mailsMatching,
  paymentIssueOf,
  postJson,
  removeSeededProducts,
  seedProduct,
  startPurchaseApi,
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
  api = await startPurchaseApi({ TRUST_PROXY_HOPS: '1' });
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

const seedCode = (terms: Record<string, unknown> = {}) => seedDiscountCode('H', terms);

let clients = 0;
/** A client address no other buyer of this file uses. */
function anotherClient(): string {
  clients += 1;
  return `203.0.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
}

async function checkout(
  product: SeededProduct,
  customer: Customer,
  code: string,
  client: string,
  extra: Record<string, unknown> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await postJson(
    `${api.url}/api/checkouts`,
    { productId: product.id, currency: 'NGN', customer, code, provider: 'demo', ...extra },
    { 'x-forwarded-for': client },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function demoOrder(reference: unknown, product: SeededProduct, customer: Customer) {
  return postJson(`${api.url}/api/orders`, {
    provider: 'demo',
    reference,
    productId: product.id,
    currency: 'NGN',
    customer,
  });
}

describe('one hold per buyer of a limited code', () => {
  it('lets 10 checkouts from one client address hold 1 use of a 5-use code: 4 other buyers get it, a 5th does not', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ maxUses: 5 });
    const client = anotherClient();
    const mine = await Promise.all(Array.from({ length: 10 }, () => checkout(product, buildCustomer(), code, client)));
    expect(mine.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    expect(await codeDoc(code)).toMatchObject({ reserved: 1, uses: 0 });

    const others = [];
    for (let i = 0; i < 4; i += 1) others.push(await checkout(product, buildCustomer(), code, anotherClient()));
    expect(others.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    for (const answer of others) expect(answer.body).toMatchObject({ amount: 3825, discount: 675 });
    const fifth = await checkout(product, buildCustomer(), code, anotherClient());
    expect(fifth).toEqual({ status: 400, body: { message: 'This code has been used up.' } });
    expect(await codeDoc(code)).toMatchObject({ reserved: 5, uses: 0 });

    const reservations = await db.collection(`discountCodes/${code}/reservations`).get();
    const statuses = reservations.docs.map((doc) => String(doc.get('status'))).sort();
    expect(statuses).toEqual([...Array(9).fill('replaced'), ...Array(5).fill('reserved')]);
    // Only hashes are stored: no hold names the client's address.
    const holds = await db.collection(`discountCodes/${code}/holds`).get();
    for (const hold of holds.docs) expect(JSON.stringify({ id: hold.id, ...hold.data() })).not.toContain(client);
  }, 60_000);

  it('lets three addresses of one IPv6 /56 with three mailboxes hold 1 use of a 3-use code: buyers from other networks get the rest', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ maxUses: 3 });
    const block = `2001:db8:${(0xb000 + clients++).toString(16)}`;
    const mine = [];
    for (const client of [`${block}:1::1`, `${block}:1::2`, `${block}:1::3`, `${block}:ff::9`]) {
      mine.push(await checkout(product, buildCustomer(), code, client));
    }
    expect(mine.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    expect(await codeDoc(code)).toMatchObject({ reserved: 1, uses: 0 });

    const elsewhere = await checkout(product, buildCustomer(), code, anotherClient());
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body).toMatchObject({ amount: 3825, discount: 675 });
    // The next /56 is another client.
    const neighbour = await checkout(product, buildCustomer(), code, `${block}:100::1`);
    expect(neighbour.status).toBe(201);
    expect(await codeDoc(code)).toMatchObject({ reserved: 3, uses: 0 });
    const statuses = (await db.collection(`discountCodes/${code}/reservations`).get()).docs.map((doc) =>
      String(doc.get('status')),
    );
    expect(statuses.sort()).toEqual(['replaced', 'replaced', 'replaced', 'reserved', 'reserved', 'reserved']);
  });

  it('lets one address from two client addresses, however it is spelled, hold 1 use', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ maxUses: 3 });
    const tag = uniqueTag();
    const first = { ...buildCustomer(), email: `ada.obi.${tag}@gmail.com`, confirmEmail: `ada.obi.${tag}@gmail.com` };
    const again = {
      ...first,
      email: `adaobi${tag}+deal@googlemail.com`,
      confirmEmail: `adaobi${tag}+deal@googlemail.com`,
    };
    const one = await checkout(product, first, code, anotherClient());
    const two = await checkout(product, again, code, anotherClient());
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(await codeDoc(code)).toMatchObject({ reserved: 1, uses: 0 });
    expect(await checkoutOf(String(one.body.checkoutId))).toMatchObject({
      status: 'open',
      codeHoldReplacedBy: two.body.checkoutId,
    });

    // The reminder's link to the replaced checkout makes a new one instead of resuming it.
    const resumed = await checkout(product, first, code, anotherClient(), { checkoutId: one.body.checkoutId });
    expect(resumed.status).toBe(201);
    expect(resumed.body.checkoutId).not.toBe(one.body.checkoutId);
    expect(await codeDoc(code)).toMatchObject({ reserved: 1 });
  });

  it('still fulfils a replaced checkout paid while the code has a use free, taking it', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ maxUses: 2 });
    const client = anotherClient();
    const buyer = buildCustomer();
    const replaced = await checkout(product, buyer, code, client);
    const newer = await checkout(product, buildCustomer(), code, client);
    expect(await codeDoc(code)).toMatchObject({ reserved: 1 });

    expect((await demoOrder(replaced.body.reference, product, buyer)).status).toBe(200);
    expect(await transactionsFor(String(replaced.body.reference))).toEqual([
      expect.objectContaining({ amount: 3825, discountCode: code, discountAmount: 675 }),
    ]);
    expect(await codeDoc(code)).toMatchObject({ uses: 1, reserved: 1 });
    expect(await checkoutOf(String(newer.body.checkoutId))).toMatchObject({ status: 'open' });
  });

  it('records a replaced checkout paid when the code has no use free as an issue, and fulfils the newer one', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ maxUses: 1 });
    const client = anotherClient();
    const buyer = buildCustomer();
    const later = buildCustomer();
    const replaced = await checkout(product, buyer, code, client);
    const newer = await checkout(product, later, code, client);
    expect([replaced.status, newer.status]).toEqual([201, 201]);

    const refused = await demoOrder(replaced.body.reference, product, buyer);
    expect(refused.status).toBe(202);
    expect(await refused.json()).toEqual({
      paymentIssue: true,
      message: `Your payment was received, but your order could not be completed automatically. The seller has been told and will contact you at ${buyer.email} to send your product or refund you.`,
    });
    const reference = String(replaced.body.reference);
    expect(await paymentIssueOf('demo', reference)).toMatchObject({
      reason:
        'Paid after a newer checkout of the same buyer took over its discount code, at a price no longer offered.',
    });
    expect(await transactionsFor(reference)).toEqual([]);
    expect(await mailsMatching(issueNoticeFor(reference))).toHaveLength(1);

    expect((await demoOrder(newer.body.reference, product, later)).status).toBe(200);
    expect(await codeDoc(code)).toMatchObject({ uses: 1, reserved: 0 });
  });

  it('leaves codes without a limit alone: one client may hold as many checkouts as it likes', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode();
    const client = anotherClient();
    for (let i = 0; i < 3; i += 1) expect((await checkout(product, buildCustomer(), code, client)).status).toBe(201);
    expect(await codeDoc(code)).toMatchObject({ reserved: 3 });
  });
});
