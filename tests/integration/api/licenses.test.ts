// License keys (docs/licenses.md) against the local cloud: keys issued at fulfilment, the public
// license API, and keys following their sale (refund, dispute, revoke and restore), through HTTP on
// our API with the Firestore emulator, real admin ID tokens from the Auth emulator and real SMTP into
// the mail catcher. Only Paystack's REST API is faked (msw), for the sale a dispute is opened on.
import { describe, expect, it } from 'vitest';
import {
  buildCustomer,
  db,
  mailsMatching,
  openCheckout,
  paidCharge,
  postJson,
  saleNoticeFor,
  seedProduct,
  signPaystack,
  startPurchaseApi,
  toAddress,
} from '../../support/purchaseHarness';
import { useLicenseApi } from '../../support/licenseHarness';
import { shownText } from '../../support/xssCorpus';

const { paystack, api, call, adminHeaders, adminPost } = useLicenseApi();

/** A product selling keys (generated unless a pool is given), and a demo purchase of it. */
async function keyedProduct(activationLimit: number | null) {
  const product = await seedProduct({ title: 'Invoice Toolkit' });
  await db.doc(`productDeliverables/${product.id}`).update({
    licenseKeys: { on: true, activationLimit, source: 'generated' },
  });
  return product;
}

async function demoPurchase(productId: string) {
  const customer = buildCustomer();
  const { reference } = await openCheckout(api().url, { id: productId }, customer, { provider: 'demo' });
  const order = { provider: 'demo', reference, productId, currency: 'NGN', customer };
  const response = await postJson(`${api().url}/api/orders`, order);
  expect(response.status).toBe(200);
  const answer = (await response.json()) as { transactionId: string; accessUrl: string };
  const key = String((await db.doc(`transactions/${answer.transactionId}`).get()).get('licenseKey'));
  return { ...answer, customer, order, key };
}

/**
 * A key (groups split by single hyphens) as the page's and the e-mails' HTML show it (docs/licenses.md,
 * 'Showing a key'): each group in a span that does not wrap, a break opportunity between groups.
 */
function groupedKey(key: string): string {
  const parts = key.split('-');
  return parts
    .map((part, index) => `<span style="white-space:nowrap">${part}${index < parts.length - 1 ? '-' : ''}</span>`)
    .join('<wbr>');
}

async function keysOfSale(transactionId: string) {
  return (await db.collection('licenseKeys').where('transactionId', '==', transactionId).get()).docs;
}

describe('keys issued at fulfilment', () => {
  it('issues one generated 128-bit key per sale, mails it, and a replayed fulfilment issues none', async () => {
    const product = await keyedProduct(3);
    const sale = await demoPurchase(product.id);
    expect(sale.key).toMatch(/^[0-9A-F]{8}-[0-9A-F]{8}-[0-9A-F]{8}-[0-9A-F]{8}$/);
    const [mail, ...others] = await mailsMatching(toAddress(sale.customer.email));
    expect(others).toEqual([]);
    expect(mail?.text).toContain(`Your license key (keep it private):\n${sale.key}`);
    expect(shownText(mail?.html ?? '')).toContain(`Your license key (keep it private):${sale.key}`);
    expect(mail?.html).toContain(groupedKey(sale.key));

    const replay = await postJson(`${api().url}/api/orders`, sale.order);
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { transactionId: string }).transactionId).toBe(sale.transactionId);
    const keys = await keysOfSale(sale.transactionId);
    expect(keys.map((doc) => doc.get('key') as string)).toEqual([sale.key]);
    expect(keys[0]?.id).toMatch(/^[0-9a-f]{64}$/);
    expect(keys[0]?.data()).toMatchObject({ productId: product.id, status: 'active', activationLimit: 3 });
    expect(await mailsMatching(toAddress(sale.customer.email))).toHaveLength(1);
  });

  it('issues nothing for a product without keys', async () => {
    const product = await seedProduct();
    const sale = await demoPurchase(product.id);
    expect(await keysOfSale(sale.transactionId)).toEqual([]);
    expect((await db.doc(`transactions/${sale.transactionId}`).get()).get('licenseKey')).toBeUndefined();
  });
});

describe('the public license API', () => {
  it('activates up to the limit (409 past it), validates with and without an instance, and deactivate frees the seat', async () => {
    const product = await keyedProduct(2);
    const { key } = await demoPurchase(product.id);
    const base = { license_key: key, product_id: product.id };
    const first = await call('activate', { ...base, instance_name: 'Office laptop' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      activated: true,
      instance_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      license: { status: 'active', activation_limit: 2, activation_usage: 1, product_id: product.id, expires_at: null },
    });
    expect((await call('activate', { ...base, instance_name: 'Home PC' })).status).toBe(200);
    const third = await call('activate', { ...base, instance_name: 'Third machine' });
    expect(third.status).toBe(409);
    expect(third.body).toEqual({
      activated: false,
      instance_id: null,
      license: { status: 'active', activation_limit: 2, activation_usage: 2, product_id: product.id, expires_at: null },
      message: 'This license key is already activated on 2 machines, its limit. Deactivate one first.',
    });

    const instance = String(first.body.instance_id);
    expect((await call('validate', base)).body).toMatchObject({ valid: true, license: { activation_usage: 2 } });
    expect((await call('validate', { ...base, instance_id: instance })).body.valid).toBe(true);
    const stranger = await call('validate', { ...base, instance_id: 'no-such-instance' });
    expect(stranger.status).toBe(200);
    expect(stranger.body).toMatchObject({
      valid: false,
      message: 'This activation could not be found for this license key.',
    });

    const freed = await call('deactivate', { ...base, instance_id: instance });
    expect(freed.status).toBe(200);
    expect(freed.body).toMatchObject({ deactivated: true, license: { activation_usage: 1 } });
    expect((await call('validate', { ...base, instance_id: instance })).body.valid).toBe(false);
    expect((await call('deactivate', { ...base, instance_id: instance })).status).toBe(404);
    expect((await call('activate', { ...base, instance_name: 'Third machine' })).status).toBe(200);
  });

  it('answers a key of another product exactly as a key that does not exist', async () => {
    const product = await keyedProduct(null);
    const other = await keyedProduct(null);
    const { key } = await demoPurchase(product.id);
    for (const path of ['activate', 'validate', 'deactivate'] as const) {
      const fields = { instance_name: 'Laptop', instance_id: 'x' };
      const wrongProduct = await call(path, { license_key: key, product_id: other.id, ...fields });
      const unknown = await call(path, {
        license_key: 'AAAAAAAA-BBBBBBBB-CCCCCCCC-DDDDDDDD',
        product_id: other.id,
        ...fields,
      });
      expect(wrongProduct.status).toBe(404);
      expect(unknown.status).toBe(404);
      expect(wrongProduct.body).toEqual(unknown.body);
      expect(wrongProduct.body.message).toBe('This license key is not valid for this product.');
    }
    expect((await call('validate', { license_key: key, product_id: product.id })).body).toMatchObject({
      valid: true,
      license: { activation_limit: null, activation_usage: 0 },
    });
  });

  it('refuses a body without the key in words (400)', async () => {
    const response = await call('validate', { product_id: 'p' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Give the license_key.' });
  });

  it('lets exactly 3 of 10 racing activations through with a limit of 3', async () => {
    const product = await keyedProduct(3);
    const { key } = await demoPurchase(product.id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('activate', { license_key: key, product_id: product.id, instance_name: `Machine ${i}` }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(7);
    const stored = (await keysOfSale((await demoTransactionOf(key)) ?? ''))[0]?.data();
    expect((stored?.activations as unknown[]).length).toBe(3);
  });
});

async function demoTransactionOf(key: string): Promise<string | undefined> {
  const docs = (await db.collection('licenseKeys').where('key', '==', key).get()).docs;
  return docs[0]?.data().transactionId as string | undefined;
}

describe('keys follow their sale', () => {
  it('a revoke disables the key at once and a restore enables it again', async () => {
    const product = await keyedProduct(3);
    const sale = await demoPurchase(product.id);
    const base = { license_key: sale.key, product_id: product.id };
    expect((await adminPost(`${sale.transactionId}/access`, { revoked: true })).status).toBe(200);
    expect((await call('validate', base)).body).toMatchObject({
      valid: false,
      license: { status: 'disabled' },
      message: 'This license key is disabled.',
    });
    const refused = await call('activate', { ...base, instance_name: 'Laptop' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ activated: false, license: { status: 'disabled' } });
    expect((await adminPost(`${sale.transactionId}/access`, { revoked: false })).status).toBe(200);
    expect((await call('validate', base)).body).toMatchObject({ valid: true, license: { status: 'active' } });
  });

  it('a full refund disables the key', async () => {
    const product = await keyedProduct(3);
    const sale = await demoPurchase(product.id);
    const refunded = await adminPost(`${sale.transactionId}/refund`, { reason: 'Bought twice' });
    expect(refunded.status).toBe(200);
    expect((await call('validate', { license_key: sale.key, product_id: product.id })).body).toMatchObject({
      valid: false,
      license: { status: 'disabled' },
    });
  });

  it('an open dispute disables the key', async () => {
    const product = await keyedProduct(3);
    const customer = buildCustomer();
    const charge = await paidCharge(api().url, product, customer);
    paystack.charges.set(charge.reference, charge);
    const order = {
      provider: 'paystack',
      reference: charge.reference,
      productId: product.id,
      currency: 'NGN',
      customer,
    };
    const sold = await postJson(`${api().url}/api/orders`, order);
    expect(sold.status).toBe(200);
    const { transactionId } = (await sold.json()) as { transactionId: string };
    const key = String((await db.doc(`transactions/${transactionId}`).get()).get('licenseKey'));
    const event = JSON.stringify({
      event: 'charge.dispute.create',
      data: {
        id: 7001,
        refund_amount: 750000,
        currency: 'NGN',
        status: 'awaiting-merchant-feedback',
        resolution: null,
        domain: 'test',
        category: 'chargeback',
        note: null,
        due_at: '2026-12-01T10:00:00.000Z',
        transaction: { id: 4099260516, reference: charge.reference, amount: 750000, currency: 'NGN' },
      },
    });
    const hook = await fetch(`${api().url}/api/webhooks/paystack`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystack(event) },
      body: event,
    });
    expect(hook.status).toBe(200);
    expect((await call('validate', { license_key: key, product_id: product.id })).body).toMatchObject({
      valid: false,
      license: { status: 'disabled' },
    });
  });
});

describe('rate limits and CORS', () => {
  it('answers 429 in words past the per-client limit, and past the per-key limit for that key only', async () => {
    const product = await keyedProduct(null);
    const { key } = await demoPurchase(product.id);
    const perClient = await startPurchaseApi({ LICENSE_RATE_LIMIT: '2', LICENSE_KEY_RATE_LIMIT: '1000' });
    const perKey = await startPurchaseApi({ LICENSE_RATE_LIMIT: '1000', LICENSE_KEY_RATE_LIMIT: '2' });
    try {
      const body = { license_key: key, product_id: product.id };
      const other = { license_key: 'AAAAAAAA-BBBBBBBB-CCCCCCCC-DDDDDDDD', product_id: product.id };
      expect((await call('validate', body, perClient.url)).status).toBe(200);
      expect((await call('validate', other, perClient.url)).status).toBe(404);
      const limited = await call('validate', other, perClient.url);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        message: 'Too many license requests from this connection. Please wait a minute and try again.',
      });
      expect(limited.headers.get('access-control-allow-origin')).toBe('*');

      expect((await call('validate', body, perKey.url)).status).toBe(200);
      expect((await call('validate', body, perKey.url)).status).toBe(200);
      const keyLimited = await call('validate', body, perKey.url);
      expect(keyLimited.status).toBe(429);
      expect(keyLimited.body).toEqual({
        message: 'Too many requests for this license key. Please wait a minute and try again.',
      });
      expect((await call('validate', other, perKey.url)).status).toBe(404);
    } finally {
      await perClient.close();
      await perKey.close();
    }
  });

  it('opens CORS on the three license routes and on no other', async () => {
    for (const path of ['activate', 'validate', 'deactivate']) {
      const preflight = await fetch(`${api().url}/api/licenses/${path}`, {
        method: 'OPTIONS',
        headers: { origin: 'https://tool.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
      expect(preflight.headers.get('access-control-allow-headers')).toBe('Content-Type');
    }
    const answer = await call('validate', { license_key: 'X', product_id: 'p' });
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    for (const url of ['/api/health', '/api/orders', '/api/checkouts', '/api/library/session']) {
      const other = await fetch(`${api().url}${url}`, {
        method: 'OPTIONS',
        headers: { origin: 'https://tool.example', 'access-control-request-method': 'POST' },
      });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    }
    const health = await fetch(`${api().url}/api/health`, { headers: { origin: 'https://tool.example' } });
    expect(health.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the buyer sees the key on the download page', () => {
  it('shows the key and its machines behind the device confirmation, and Deactivate frees the seat', async () => {
    const product = await keyedProduct(3);
    // A hosted file puts the page behind the device confirmation (docs/files.md); it is never downloaded here.
    const file = { id: 'f1', name: 'Toolkit.zip', size: 2048, contentType: 'application/zip', order: 0 };
    await db.doc(`productDeliverables/${product.id}`).update({
      files: [{ ...file, storagePath: `deliverables/${product.id}/f1` }],
    });
    const sale = await demoPurchase(product.id);
    const base = { license_key: sale.key, product_id: product.id };
    const activated = await call('activate', { ...base, instance_name: 'Studio <iMac>' });
    const instance = String(activated.body.instance_id);

    // A new device sees the e-mail confirmation, not the key: neither in the page's text nor any of
    // its groups in the HTML.
    const unconfirmed = await (await fetch(sale.accessUrl)).text();
    expect(shownText(unconfirmed)).toContain('Please confirm the e-mail address you used when paying');
    expect(shownText(unconfirmed)).not.toContain(sale.key);
    for (const group of sale.key.split('-')) expect(unconfirmed).not.toContain(group);
    const stranger = await fetch(`${sale.accessUrl}/licenses/${instance}/deactivate`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(stranger.status).toBe(303);
    expect((await call('validate', { ...base, instance_id: instance })).body.valid).toBe(true);

    const confirmed = await fetch(`${sale.accessUrl}/confirm`, {
      method: 'POST',
      body: new URLSearchParams({ email: sale.customer.email }),
      redirect: 'manual',
    });
    expect(confirmed.status).toBe(303);
    const cookie = String(confirmed.headers.get('set-cookie')).split(';')[0] ?? '';
    const page = await (await fetch(sale.accessUrl, { headers: { cookie } })).text();
    expect(page).toContain('<h2>Your license key</h2>');
    expect(shownText(page)).toContain(`Your license key${sale.key}Machines using this key: 1 of 3`);
    expect(page).toContain(
      `<code id="license-key" style="font-size:1.05rem;overflow-wrap:break-word">${groupedKey(sale.key)}</code>`,
    );
    expect(page).toContain('Machines using this key: 1 of 3');
    expect(page).toContain('<div class="name">Studio &lt;iMac&gt;</div>');
    expect(page).toContain('aria-label="Deactivate Studio &lt;iMac&gt;"');

    const freed = await fetch(`${sale.accessUrl}/licenses/${instance}/deactivate`, {
      method: 'POST',
      headers: { cookie },
      redirect: 'manual',
    });
    expect(freed.status).toBe(303);
    expect(freed.headers.get('location')).toBe(new URL(sale.accessUrl).pathname);
    expect((await call('validate', { ...base, instance_id: instance })).body).toMatchObject({
      valid: false,
      license: { activation_usage: 0 },
    });
    const after = await (await fetch(sale.accessUrl, { headers: { cookie } })).text();
    expect(after).toContain('Machines using this key: 0 of 3');
    expect(after).not.toContain('Studio &lt;iMac&gt;');
  });
});

describe("the seller's key actions", () => {
  it('resets activations, disables and enables, and replaces the key (the buyer is e-mailed the new one)', async () => {
    const product = await keyedProduct(2);
    const sale = await demoPurchase(product.id);
    const base = { license_key: sale.key, product_id: product.id };
    await call('activate', { ...base, instance_name: 'Laptop' });
    await call('activate', { ...base, instance_name: 'Desktop' });

    const reset = await adminPost(`${sale.transactionId}/license/reset`, {});
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ message: 'Activations reset: the key has all its seats free.' });
    expect((await call('validate', base)).body.license?.activation_usage).toBe(0);

    expect((await adminPost(`${sale.transactionId}/license/status`, { disabled: true })).status).toBe(200);
    expect((await call('validate', base)).body).toMatchObject({ valid: false, license: { status: 'disabled' } });
    expect((await adminPost(`${sale.transactionId}/license/status`, { disabled: false })).status).toBe(200);
    expect((await call('validate', base)).body).toMatchObject({ valid: true, license: { status: 'active' } });

    const replaced = await adminPost(`${sale.transactionId}/license/replace`, {});
    expect(replaced.status).toBe(200);
    const { key, message } = (await replaced.json()) as { key: string; message: string };
    expect(message).toBe('Key replaced; the buyer has been e-mailed the new one.');
    expect(key).toMatch(/^[0-9A-F]{8}(-[0-9A-F]{8}){3}$/);
    expect(key).not.toBe(sale.key);
    expect((await call('validate', base)).status).toBe(404);
    expect((await call('validate', { license_key: key, product_id: product.id })).body.valid).toBe(true);
    const mails = await mailsMatching((m) => toAddress(sale.customer.email)(m) && m.subject.startsWith('Your license'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your license key: Invoice Toolkit — Digital Store');
    expect(mails[0]?.text).toContain(`The earlier key no longer works; use this one:\n${key}`);
    expect(shownText(mails[0]?.html ?? '')).toContain(`The earlier key no longer works; use this one:${key}`);
    expect(mails[0]?.html).toContain(groupedKey(key));
    expect(mails[0]?.html).not.toContain(sale.key.split('-')[0]);
    expect((await db.doc(`transactions/${sale.transactionId}`).get()).get('licenseKey')).toBe(key);
  });

  it('refuses the actions without an admin token, and for a sale without a key', async () => {
    const product = await seedProduct();
    const sale = await demoPurchase(product.id);
    const anonymous = await postJson(`${api().url}/api/admin/transactions/${sale.transactionId}/license/reset`, {});
    expect(anonymous.status).toBe(401);
    const none = await adminPost(`${sale.transactionId}/license/reset`, {});
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ message: 'This sale has no license key to change.' });
  });
});

describe("the seller's pool of keys", () => {
  it('refuses duplicates with their count, fulfils with the pool empty, and e-mails the key once keys are added', async () => {
    const product = await seedProduct({ title: 'Plugin Pro' });
    await db.doc(`productDeliverables/${product.id}`).update({
      licenseKeys: { on: true, activationLimit: null, source: 'pool' },
    });
    const poolUrl = `${api().url}/api/admin/products/${product.id}/license-pool`;
    const auth = adminHeaders();
    const first = await postJson(poolUrl, { keys: `POOL-${product.id}-1\n\nPOOL-${product.id}-1\n` }, auth);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      message: '1 key added; 1 left in the pool. 1 key refused as a duplicate.',
      added: 1,
      duplicates: 1,
      refused: [{ key: `POOL-${product.id}-1`, reason: 'Repeated in this list.' }],
      left: 1,
      sent: 0,
    });

    const tooLong = await postJson(poolUrl, { keys: 'X'.repeat(201) }, auth);
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual({ message: 'A key has at most 200 characters.' });

    const pooled = await demoPurchase(product.id);
    expect(pooled.key).toBe(`POOL-${product.id}-1`);
    const owed = await demoPurchase(product.id);
    expect((await db.doc(`transactions/${owed.transactionId}`).get()).get('licenseKey')).toBeNull();
    const [orderMail] = await mailsMatching(toAddress(owed.customer.email));
    expect(orderMail?.text).toContain('Your license key will be sent to you by e-mail shortly.');
    // The download page says so too until the key is sent, then shows it.
    const owedPage = await (await fetch(owed.accessUrl)).text();
    expect(owedPage).toContain(
      '<h2>Your license key</h2><p>Your license key will be sent to you by e-mail shortly.</p>',
    );
    // The seller is told once that the pool runs low, and of the sale whose key is owed.
    const [lowNotice] = await mailsMatching(saleNoticeFor(pooled.order.reference));
    expect(lowNotice?.text).toContain(
      "Only 0 license keys are left in this product's pool. Add more in the dashboard.",
    );
    const [owedNotice] = await mailsMatching(saleNoticeFor(owed.order.reference));
    expect(owedNotice?.text).toContain(
      'License key: to be sent. The pool of keys for this product is empty; add keys in the dashboard and the buyer is e-mailed one at once.',
    );
    expect(owedNotice?.text).not.toContain('license keys are left');

    const again = await postJson(
      poolUrl,
      { keys: `POOL-${product.id}-1\nPOOL-${product.id}-2\nPOOL-${product.id}-3` },
      auth,
    );
    expect(await again.json()).toEqual({
      message: '2 keys added; 1 left in the pool. 1 key refused as a duplicate.',
      added: 2,
      duplicates: 1,
      refused: [{ key: `POOL-${product.id}-1`, reason: 'Already issued to a sale.' }],
      left: 1,
      sent: 1,
    });
    const sentKey = String((await db.doc(`transactions/${owed.transactionId}`).get()).get('licenseKey'));
    expect([`POOL-${product.id}-2`, `POOL-${product.id}-3`]).toContain(sentKey);
    const [keyMail, ...more] = await mailsMatching(
      (m) => toAddress(owed.customer.email)(m) && m.subject.startsWith('Your license key'),
    );
    expect(more).toEqual([]);
    expect(keyMail?.text).toContain(`Here is your license key for Plugin Pro:\n${sentKey}`);
    expect(shownText(keyMail?.html ?? '')).toContain(`Here is your license key for Plugin Pro:${sentKey}`);
    const sentPage = await (await fetch(owed.accessUrl)).text();
    expect(sentPage).toContain(`<code id="license-key"`);
    expect(shownText(sentPage)).toContain(`Your license key${sentKey}Machines using this key: 0 (no limit)`);
    // POOL-product-{tag}-2: four groups.
    expect(sentPage).toContain(
      `<span style="white-space:nowrap">POOL-</span><wbr><span style="white-space:nowrap">product-</span><wbr>`,
    );
    expect(sentPage).toContain(groupedKey(sentKey));
    expect((await call('validate', { license_key: sentKey, product_id: product.id })).body.valid).toBe(true);
  });
});
