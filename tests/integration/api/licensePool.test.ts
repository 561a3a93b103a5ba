// The seller's pool of license keys (docs/licenses.md) through HTTP on the local cloud: the count of keys
// left (admins only), the low-pool notice (one e-mail to the seller when fewer than 10 are left, not one a
// sale), and the upload's limits (10,000 keys, the API's 32 KB body, which is why the dashboard sends a
// long list in several requests). Our Firestore emulator, real admin ID tokens from the Auth emulator and
// real SMTP into the mail catcher; nothing of ours faked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAdmin, seedDemoAdmin } from '../../../local/seed/seed';
import { createAdminAuth } from '../../../server/admin/adminAuth';
import { hashLicenseKey } from '../../../server/licenses/licenseKeys';
import { signInWithPassword } from '../../support/authEmulatorUsers';
import {
  buildCustomer,
  cloud,
  db,
  mailsMatching,
  demoPurchase,
  openCheckout,
  postJson,
  removeSeededProducts,
  saleNoticeFor,
  seedProduct,
  startPurchaseApi,
  type PurchaseApi,
} from '../../support/purchaseHarness';

let api: PurchaseApi;
let auth: { authorization: string };

beforeAll(async () => {
  await seedDemoAdmin(db, cloud.authUrl);
  auth = {
    authorization: `Bearer ${(await signInWithPassword(cloud.authUrl, demoAdmin.email, demoAdmin.password)).idToken}`,
  };
  api = await startPurchaseApi(
    { ADMIN_RATE_LIMIT: '1000' },
    {
      auth: createAdminAuth({
        projectId: 'demo-digital-store',
        emulatorHost: cloud.apiEnv.FIREBASE_AUTH_EMULATOR_HOST,
      }),
    },
  );
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

async function poolProduct(title: string) {
  const product = await seedProduct({ title });
  await db.doc(`productDeliverables/${product.id}`).update({
    licenseKeys: { on: true, activationLimit: null, source: 'pool' },
  });
  return { ...product, poolUrl: `${api.url}/api/admin/products/${product.id}/license-pool` };
}

async function sale(productId: string): Promise<{ reference: string; key: unknown }> {
  const { reference, transactionId } = await demoPurchase(api.url, productId, buildCustomer());
  return { reference, key: (await db.doc(`transactions/${transactionId}`).get()).get('licenseKey') };
}

const left = async (poolUrl: string) => {
  const response = await fetch(poolUrl, { headers: auth });
  return { status: response.status, body: await response.json() };
};

describe("the pool's count and low-pool notice", () => {
  it('counts the keys left for admins only, and tells the seller once when fewer than 10 are left', async () => {
    const product = await poolProduct('Pool Counter');
    expect(await left(product.poolUrl)).toEqual({ status: 200, body: { left: 0 } });
    const anonymous = await fetch(product.poolUrl);
    expect(anonymous.status).toBe(401);

    const keys = Array.from({ length: 12 }, (_, i) => `LOW-${product.id}-${i}`).join('\n');
    const added = await postJson(product.poolUrl, { keys }, auth);
    expect(await added.json()).toMatchObject({ message: '12 keys added; 12 left in the pool.', left: 12 });
    expect(await left(product.poolUrl)).toEqual({ status: 200, body: { left: 12 } });

    // 11, 10, then 9 left (the notice), then 8 (no second notice).
    const sales = [];
    for (let i = 0; i < 4; i += 1) sales.push(await sale(product.id));
    expect(new Set(sales.map((s) => s.key)).size).toBe(4);
    const notices = await Promise.all(
      sales.map(async (s) => (await mailsMatching(saleNoticeFor(s.reference)))[0]?.text ?? ''),
    );
    expect(notices.map((text) => /Only (\d+) license keys are left/.exec(text)?.[1] ?? null)).toEqual([
      null,
      null,
      '9',
      null,
    ]);
    expect(notices[2]).toContain("Only 9 license keys are left in this product's pool. Add more in the dashboard.");
    expect(await left(product.poolUrl)).toEqual({ status: 200, body: { left: 8 } });

    // Keys added: the next time the pool runs low the seller is told again.
    await postJson(product.poolUrl, { keys: `LOW-${product.id}-more` }, auth);
    const next = await sale(product.id);
    const [notice] = await mailsMatching(saleNoticeFor(next.reference));
    expect(notice?.text).toContain("Only 8 license keys are left in this product's pool. Add more in the dashboard.");
  });

  it('refuses more than 10,000 keys and a body over 32 KB in words, adding nothing', async () => {
    const product = await poolProduct('Pool Limits');
    // Short lines, so the body stays under 32 KB and the count is what is refused.
    const tooMany = await postJson(product.poolUrl, { keys: 'K\n'.repeat(10_001) }, auth);
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toEqual({ message: 'Add at most 10,000 keys at once.' });
    const large = Array.from({ length: 1200 }, (_, i) => `BIG-${String(i).padStart(6, '0')}-ABCDEFGHIJKLMNOPQRSTUV`);
    const tooLarge = await postJson(product.poolUrl, { keys: large.join('\n') }, auth);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ message: 'The request is too large.' });
    expect(await left(product.poolUrl)).toEqual({ status: 200, body: { left: 0 } });
  });
});

describe('keys that could break a sale', () => {
  it("refuses a key already issued, in another product's pool, in this pool or repeated, naming each and why", async () => {
    const alpha = await poolProduct('Pool Alpha');
    const beta = await poolProduct('Pool Beta');
    const tag = alpha.id;
    const [k1, k2, k3, k4] = [1, 2, 3, 4].map((n) => `CROSS-${tag}-${n}`);
    expect(await (await postJson(alpha.poolUrl, { keys: k1 }, auth)).json()).toMatchObject({ added: 1 });
    expect((await sale(alpha.id)).key).toBe(k1);
    await postJson(alpha.poolUrl, { keys: k2 }, auth);

    const answer = await postJson(beta.poolUrl, { keys: [k1, k2, k3, k3, k4].join('\n') }, auth);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      message: '2 keys added; 2 left in the pool. 3 keys refused as duplicates.',
      added: 2,
      duplicates: 3,
      refused: [
        { key: k3, reason: 'Repeated in this list.' },
        { key: k1, reason: 'Already issued to a sale.' },
        { key: k2, reason: 'Already in the pool of another product (“Pool Alpha”).' },
      ],
      left: 2,
      sent: 0,
    });
    const again = await postJson(beta.poolUrl, { keys: k3 }, auth);
    expect(await again.json()).toMatchObject({
      added: 0,
      refused: [{ key: k3, reason: "Already in this product's pool." }],
    });
    // Alpha's pool never heard of Beta's keys and the other way round: each key is in one pool.
    const inAlpha = await postJson(alpha.poolUrl, { keys: k4 }, auth);
    expect(await inAlpha.json()).toMatchObject({
      added: 0,
      refused: [{ key: k4, reason: 'Already in the pool of another product (“Pool Beta”).' }],
    });
    expect(await left(alpha.poolUrl)).toEqual({ status: 200, body: { left: 1 } });
    expect(await left(beta.poolUrl)).toEqual({ status: 200, body: { left: 2 } });
  });

  it('adds a key two admins send to two products at the same moment to one pool only', async () => {
    const first = await poolProduct('Pool Race One');
    const second = await poolProduct('Pool Race Two');
    const key = `RACE-${first.id}`;
    const answers = (await Promise.all(
      [first, second].map(async (product) => (await postJson(product.poolUrl, { keys: key }, auth)).json()),
    )) as Array<{ added: number; refused: Array<{ key: string; reason: string }> }>;
    expect(answers.map((answer) => answer.added).sort()).toEqual([0, 1]);
    const loser = answers.find((answer) => answer.added === 0);
    expect(loser?.refused).toEqual([
      { key, reason: expect.stringMatching(/^Already in the pool of another product \(“Pool Race (One|Two)”\)\.$/) },
    ]);
    const counts = [(await left(first.poolUrl)).body, (await left(second.poolUrl)).body];
    expect(counts.map((count) => (count as { left: number }).left).sort()).toEqual([0, 1]);
  });

  it("completes a sale whose pool is empty even when a stale 'key owed' placeholder for it is there", async () => {
    const product = await poolProduct('Stale Placeholder');
    const customer = buildCustomer();
    const { reference } = await openCheckout(api.url, { id: product.id }, customer, { provider: 'demo' });
    await db
      .doc(`licenseKeys/pending_demo_${reference}`)
      .set({ key: null, productId: product.id, transactionId: `demo_${reference}`, status: 'pending' });
    const started = Date.now();
    const order = await postJson(`${api.url}/api/orders`, {
      provider: 'demo',
      reference,
      productId: product.id,
      currency: 'NGN',
      customer,
    });
    expect(order.status).toBe(200);
    // Well inside the minutes a create meeting the placeholder would retry for.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect((await db.doc(`transactions/demo_${reference}`).get()).get('licenseKey')).toBeNull();
    expect((await db.doc(`licenseKeys/pending_demo_${reference}`).get()).data()).toMatchObject({
      status: 'pending',
      productId: product.id,
      transactionId: `demo_${reference}`,
      activations: [],
    });
  });

  it('still completes the sale of a product whose pool shares a key another product already sold', async () => {
    // Two pools holding one key, as a store could have before pools were checked against each other.
    const alpha = await poolProduct('Shared Alpha');
    const beta = await poolProduct('Shared Beta');
    const shared = `SHARED-${alpha.id}`;
    await postJson(alpha.poolUrl, { keys: shared }, auth);
    await db
      .doc(`licensePools/${beta.id}/keys/${hashLicenseKey(shared)}`)
      .set({ key: shared, usedBy: null, addedAt: new Date() });
    const alphaSale = await sale(alpha.id);
    expect(alphaSale.key).toBe(shared);

    // Beta's sale passes the key over (it is Alpha's buyer's) and owes its buyer one instead.
    const betaSale = await sale(beta.id);
    expect(betaSale.key).toBeNull();
    expect((await db.doc(`licensePools/${beta.id}/keys/${hashLicenseKey(shared)}`).get()).get('usedBy')).toBe(
      `demo_${alphaSale.reference}`,
    );
    expect((await db.doc(`licenseKeys/${hashLicenseKey(shared)}`).get()).get('transactionId')).toBe(
      `demo_${alphaSale.reference}`,
    );
    const added = await postJson(beta.poolUrl, { keys: `SHARED-${beta.id}-own` }, auth);
    expect(await added.json()).toMatchObject({ added: 1, left: 0, sent: 1 });
    expect((await db.doc(`transactions/demo_${betaSale.reference}`).get()).get('licenseKey')).toBe(
      `SHARED-${beta.id}-own`,
    );
  });
});
