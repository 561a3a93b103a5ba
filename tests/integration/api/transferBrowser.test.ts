// The browser that started a transfer is trusted for its purchase (docs/files.md, 'New devices'): the
// browser that reports a transfer is bound to its checkout by its device cookie, and opens the files
// without confirming the e-mail once the transfer is paid; a browser with only the waiting link, another
// device's cookie, a replayed report or a forged cookie confirms the e-mail as any new device does.
// Transfers are in naira only. On the local cloud, through the demo bank's signed webhook.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoWebhookKey } from '../../../server/webhooks/demoWebhook';
import {
  buildCustomer,
  cloud,
  db,
  postJson,
  removeSeededProducts,
  seedProduct,
  startPurchaseApi,
  transactionsFor,
  type Customer,
  type PurchaseApi,
  type SeededProduct,
} from '../../support/purchaseHarness';

const confirmPrompt = 'Please confirm the e-mail address you used when paying';
const filesList = '<ul aria-label="Your files">';
let api: PurchaseApi;

beforeAll(async () => {
  api = await startPurchaseApi();
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

/** A product with a file, so a new device must confirm the purchase e-mail before it downloads. */
async function productWithFile(): Promise<SeededProduct> {
  const product = await seedProduct({ title: 'Freelance Writing Playbook' });
  await db.doc(`productDeliverables/${product.id}`).set({
    files: [
      {
        id: 'playbook',
        name: 'Playbook.pdf',
        size: 2048,
        contentType: 'application/pdf',
        storagePath: `products/${product.id}/files/playbook/Playbook.pdf`,
        order: 0,
      },
    ],
  });
  return product;
}

interface Transfer {
  checkoutId: string;
  reference: string;
  waitToken: string;
  /** The Set-Cookie the pending report answered (null: the browser's own cookie was kept). */
  setCookie: string | null;
}

/** Opens a demo checkout and reports its transfer sent, from a browser holding `cookie` (or none). */
async function startTransfer(product: SeededProduct, customer: Customer, cookie?: string): Promise<Transfer> {
  const opened = await postJson(`${api.url}/api/checkouts`, {
    productId: product.id,
    currency: 'NGN',
    customer,
    provider: 'demo',
  });
  expect(opened.status).toBe(201);
  const { checkoutId, reference } = (await opened.json()) as { checkoutId: string; reference: string };
  const reported = await reportPending({ checkoutId, reference }, product, customer, cookie);
  expect(reported.status).toBe(202);
  const { waitToken } = (await reported.json()) as { waitToken: string };
  return { checkoutId, reference, waitToken, setCookie: reported.headers.get('set-cookie') };
}

function reportPending(
  opened: { checkoutId: string; reference: string },
  product: SeededProduct,
  customer: Customer,
  cookie?: string,
) {
  return postJson(
    `${api.url}/api/checkouts/${opened.checkoutId}/pending`,
    { reference: opened.reference, productId: product.id, customer },
    cookie ? { cookie } : {},
  );
}

/** The demo bank's signed confirmation: the transfer arrived. */
async function bankConfirms(reference: string): Promise<void> {
  const raw = JSON.stringify({ event: 'charge.success', data: { reference } });
  const key = demoWebhookKey(cloud.apiEnv.ACCESS_LINK_SECRET ?? '');
  const response = await fetch(`${api.url}/api/webhooks/demo`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-paystack-signature': createHmac('sha512', key).update(raw).digest('hex'),
    },
    body: raw,
  });
  expect(response.status).toBe(200);
}

/** The access link as the waiting page shows it once the transfer is paid. */
async function accessUrlOf(transfer: Transfer): Promise<string> {
  const status = await fetch(`${api.url}/api/checkouts/${transfer.checkoutId}/status?t=${transfer.waitToken}`);
  const body = (await status.json()) as { state: string; accessUrl?: string };
  expect(body.state).toBe('paid');
  return body.accessUrl ?? '';
}

/** The download page as a browser holding `cookie` (or none) sees it. */
async function pageFor(accessUrl: string, cookie?: string): Promise<string> {
  const response = await fetch(accessUrl, { headers: cookie ? { cookie } : {} });
  expect(response.status).toBe(200);
  return response.text();
}

const cookiePair = (setCookie: string | null) => (setCookie ?? '').split(';')[0] ?? '';

describe('the browser that started a transfer', () => {
  it('gets a device cookie with the report, and opens the files without confirming once the transfer is paid', async () => {
    const product = await productWithFile();
    const customer = buildCustomer();
    const transfer = await startTransfer(product, customer);
    expect(transfer.setCookie).toMatch(
      /^__session=1\.[A-Za-z0-9_-]{22}\.\.[A-Za-z0-9_-]{43}; Path=\/api; Max-Age=34560000; HttpOnly; SameSite=Lax$/,
    );
    const starter = cookiePair(transfer.setCookie);
    expect((await db.doc(`checkouts/${transfer.checkoutId}`).get()).get('startedBy')).toMatch(/^[0-9a-f]{64}$/);

    await bankConfirms(transfer.reference);
    const accessUrl = await accessUrlOf(transfer);
    const page = await pageFor(accessUrl, starter);
    expect(page).toContain(filesList);
    expect(page).toContain('Playbook.pdf');
    expect(page).not.toContain(confirmPrompt);
    const [sale] = await transactionsFor(transfer.reference);
    expect(sale?.downloads).toEqual({ devices: 1 });

    // The waiting link shared to another browser: that one confirms the e-mail, then sees the files.
    expect(await pageFor(accessUrl)).toContain(confirmPrompt);
    const confirmed = await fetch(`${accessUrl}/confirm`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: customer.email }).toString(),
    });
    expect(confirmed.status).toBe(303);
    const other = cookiePair(confirmed.headers.get('set-cookie'));
    expect(other).not.toBe(starter);
    expect(await pageFor(accessUrl, other)).toContain(filesList);
    expect((await transactionsFor(transfer.reference))[0]?.downloads).toEqual({ devices: 2 });
  });

  it('keeps the cookie a browser already has: its device is the one bound', async () => {
    const product = await productWithFile();
    const first = await startTransfer(product, buildCustomer());
    const browser = cookiePair(first.setCookie);
    const customer = buildCustomer();
    const second = await startTransfer(product, customer, browser);
    expect(second.setCookie).toBeNull();
    const bound = async (checkoutId: string) =>
      (await db.doc(`checkouts/${checkoutId}`).get()).get('startedBy') as string | undefined;
    expect(await bound(second.checkoutId)).toBe(await bound(first.checkoutId));
    await bankConfirms(second.reference);
    expect(await pageFor(await accessUrlOf(second), browser)).toContain(filesList);
  });
});

describe('refusals', () => {
  it('another device, a replayed report from it, and a forged cookie all confirm the e-mail', async () => {
    const product = await productWithFile();
    const customer = buildCustomer();
    const transfer = await startTransfer(product, customer);
    const starter = cookiePair(transfer.setCookie);
    const startedBy = (await db.doc(`checkouts/${transfer.checkoutId}`).get()).get('startedBy') as string;
    // Another browser with a cookie of its own (from a transfer of its own) replays the report.
    const elsewhere = cookiePair((await startTransfer(product, buildCustomer())).setCookie);
    const replayed = await reportPending(transfer, product, customer, elsewhere);
    expect(replayed.status).toBe(202);
    expect(replayed.headers.get('set-cookie')).toBeNull();
    expect((await db.doc(`checkouts/${transfer.checkoutId}`).get()).get('startedBy')).toBe(startedBy);
    // A cookie naming the starter's device under a signature the store never made is no cookie: the
    // report binds nothing to it and answers a fresh one.
    const forged = `${starter.slice(0, starter.lastIndexOf('.'))}.${'A'.repeat(43)}`;
    const forgedReport = await reportPending(transfer, product, customer, forged);
    expect(forgedReport.status).toBe(202);
    expect(cookiePair(forgedReport.headers.get('set-cookie'))).not.toBe(starter);
    expect((await db.doc(`checkouts/${transfer.checkoutId}`).get()).get('startedBy')).toBe(startedBy);

    await bankConfirms(transfer.reference);
    const accessUrl = await accessUrlOf(transfer);
    expect(await pageFor(accessUrl, elsewhere)).toContain(confirmPrompt);
    expect(await pageFor(accessUrl, forged)).toContain(confirmPrompt);
    // A cookie edited to name the starter's device with another browser's signature is refused too.
    const spliced = `__session=1.${starter.split('.')[1] ?? ''}..${elsewhere.slice(elsewhere.lastIndexOf('.') + 1)}`;
    expect(await pageFor(accessUrl, spliced)).toContain(confirmPrompt);
    expect(await pageFor(accessUrl, starter)).toContain(filesList);
    expect((await transactionsFor(transfer.reference))[0]?.downloads).toEqual({ devices: 1 });
  });

  it('refuses a transfer in dollars, and binds nothing', async () => {
    const product = await productWithFile();
    const customer = buildCustomer();
    const opened = await postJson(`${api.url}/api/checkouts`, {
      productId: product.id,
      currency: 'USD',
      customer,
      provider: 'demo',
    });
    expect(opened.status).toBe(201);
    const usd = (await opened.json()) as { checkoutId: string; reference: string };
    const refused = await reportPending(usd, product, customer);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: 'Bank transfers are in naira (NGN) only.' });
    expect(refused.headers.get('set-cookie')).toBeNull();
    const checkout = (await db.doc(`checkouts/${usd.checkoutId}`).get()).data();
    expect(checkout?.status).toBe('open');
    expect(checkout?.startedBy).toBeUndefined();
  });
});
