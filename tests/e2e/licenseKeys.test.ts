// License keys end to end (docs/licenses.md) in Chromium on the local stack: the seller turns keys on for
// a tool on its page in the dashboard; a demo purchase of it (and of the seeded tool, Excel Mastery, which issues
// generated keys, limit 3) shows the key in the order e-mail (mail catcher) and on the download page; an
// activation a tool makes with a plain fetch appears there, and Deactivate frees it.
import { Timestamp } from 'firebase-admin/firestore';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAdminFirestore } from '../../server/lib/firestoreAdmin';
import { productSection, signInAsDemoAdmin } from '../support/adminE2e';
import { buildBuyer, fillPaymentForm, mailsTo, paymentComplete, uniqueTag } from '../support/checkoutE2e';
import { connectE2eBrowser, openPage } from '../support/e2ePage';

const { baseUrl, firestoreHost, projectId } = inject('e2e');
const db = createAdminFirestore({ projectId, emulatorHost: firestoreHost });
const tag = uniqueTag();
const title = `Invoice Tool ${tag}`;
const productId = `e2e-keys-${tag}`;
const poolTitle = `Plugin Pack ${tag}`;
const poolProductId = `e2e-pool-${tag}`;
const keyShape = /Your license key \(keep it private\):\n([0-9A-F]{8}(?:-[0-9A-F]{8}){3})/;
let browser: Browser;

beforeAll(async () => {
  browser = await connectE2eBrowser();
  // Dated in 2020, so it never counts among the newest products other e2e files look for; no keys yet.
  await db.doc(`products/${productId}`).set({
    title,
    description: 'A spreadsheet tool that asks the store whether its key is genuine.',
    priceInNgn: 5000,
    priceInUsd: 6,
    categoryId: 2,
    coverImageUrl: String((await db.doc('products/demo-excel-mastery').get()).get('coverImageUrl')),
    author: 'Digital Store Content Team',
    createdAt: Timestamp.fromMillis(Date.UTC(2020, 0, 1)),
  });
  await db.doc(`productDeliverables/${productId}`).set({ url: 'https://drive.example.com/invoice-tool' });
  await db.doc(`products/${poolProductId}`).set({
    ...(await db.doc(`products/${productId}`).get()).data(),
    title: poolTitle,
  });
  await db.doc(`productDeliverables/${poolProductId}`).set({
    url: 'https://drive.example.com/plugin-pack',
    licenseKeys: { on: true, activationLimit: null, source: 'generated' },
  });
});
afterAll(async () => {
  await browser.close();
  // Written straight to the database (never to the catalog index): taken out the same way.
  const batch = db.batch();
  batch.delete(db.doc(`products/${productId}`));
  batch.delete(db.doc(`productDeliverables/${productId}`));
  batch.delete(db.doc(`products/${poolProductId}`));
  batch.delete(db.doc(`productDeliverables/${poolProductId}`));
  await batch.commit();
  await db.recursiveDelete(db.doc(`licensePools/${poolProductId}`));
  await db.terminate();
});

/** The License keys section of the demo admin's page of a product in Courses. */
async function editDialog(admin: Page, productTitle: string) {
  await signInAsDemoAdmin(admin, baseUrl);
  await admin.goto(`${baseUrl}/admindashboard?panel=manage`);
  await admin.getByRole('heading', { name: 'Manage Products' }).waitFor({ timeout: 20_000 });
  await admin.getByLabel('Category').selectOption({ label: '🎓 Courses' });
  await admin.getByRole('button', { name: 'Get Products' }).click();
  const card = admin.getByRole('article', { name: productTitle.toUpperCase() });
  await card.waitFor({ timeout: 20_000 });
  await card.getByRole('button', { name: 'Expand' }).click();
  await card.getByRole('button', { name: 'Edit', exact: true }).click();
  return productSection(admin, 'License keys');
}

/** A tool activates the key as the docs' curl example does, with a plain fetch from outside the browser. */
async function activate(key: string, product: string, instanceName: string) {
  const response = await fetch(`${baseUrl}/api/licenses/activate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ license_key: key, product_id: product, instance_name: instanceName }),
  });
  return { status: response.status, body: (await response.json()) as { activated: boolean; instance_id: string } };
}

/** Buys with the demo payment; the access link of the success screen, and the key of the order e-mail. */
async function buy(page: Page, path: string, heading: string, price: string) {
  const buyer = buildBuyer(uniqueTag());
  await page.goto(`${baseUrl}/productdetail/${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Buy Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete Payment' });
  await fillPaymentForm(dialog, buyer);
  await dialog.getByRole('button', { name: `Complete demo payment of ${price}` }).click();
  const done = await paymentComplete(page, buyer.email);
  const accessUrl = (await done.getByRole('link', { name: 'Open your product' }).getAttribute('href')) ?? '';
  const [mail] = await mailsTo(buyer.email, 1);
  return { accessUrl, key: keyShape.exec(mail?.text ?? '')?.[1] ?? '' };
}

describe('license keys', () => {
  it('the seller turns keys on for a tool; its buyer gets a key, a tool activates it, Deactivate frees the seat', async () => {
    const admin = await openPage(browser);
    const edit = await editDialog(admin, title);
    const on = edit.getByRole('checkbox', { name: 'Issue a license key with each sale' });
    await on.waitFor({ timeout: 20_000 });
    expect(await on.isChecked()).toBe(false);
    expect(await edit.getByRole('radio', { name: 'Generated by the store' }).isChecked()).toBe(true);
    await on.check();
    await edit.getByLabel('Activation limit per key (empty: unlimited)').fill('2');
    await edit.getByRole('button', { name: 'Save license key settings' }).click();
    await edit.getByText('License key settings saved.').waitFor();
    await admin.context().close();
    expect((await db.doc(`productDeliverables/${productId}`).get()).get('licenseKeys')).toEqual({
      on: true,
      activationLimit: 2,
      source: 'generated',
    });

    const page = await openPage(browser, 'NG');
    const { accessUrl, key } = await buy(page, productId, title.toUpperCase(), '₦5,000');
    expect(key).toMatch(/^[0-9A-F]{8}(-[0-9A-F]{8}){3}$/);
    await page.goto(accessUrl);
    await page.getByRole('heading', { name: 'Your license key' }).waitFor();
    expect(await page.locator('#license-key').innerText()).toBe(key);
    expect(await page.getByText('Machines using this key: 0 of 2').isVisible()).toBe(true);

    expect(await activate(key, productId, 'Accounts laptop')).toMatchObject({ status: 200, body: { activated: true } });
    await page.reload();
    const machines = page.getByRole('list', { name: 'Machines using your license key' });
    expect(await machines.getByText('Accounts laptop').isVisible()).toBe(true);
    expect(await page.getByText('Machines using this key: 1 of 2').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Deactivate Accounts laptop' }).click();
    await page.getByText('Machines using this key: 0 of 2').waitFor();
    expect(await page.getByRole('button', { name: 'Deactivate Accounts laptop' }).count()).toBe(0);
    await page.context().close();
  }, 180_000);

  it('the seller switches a tool to a pool and uploads 1,500 keys from a file, sent within the API body limit', async () => {
    const admin = await openPage(browser);
    const edit = await editDialog(admin, poolTitle);
    await edit.getByRole('radio', { name: 'From my pool' }).check({ timeout: 20_000 });
    await edit
      .getByText('The pool is empty: a sale gets its key once you add some (the buyer is e-mailed it).')
      .waitFor();
    await edit.getByRole('button', { name: 'Save license key settings' }).click();
    await edit.getByText('License key settings saved.').waitFor();

    // About 60 KB of keys, one repeated: more than one request of the API's 32 KB can carry.
    const keys = Array.from({ length: 1500 }, (_, i) => `PLUGIN-${tag}-${String(i).padStart(5, '0')}-KEY`);
    const posted: number[] = [];
    admin.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/api/admin/products/${poolProductId}/license-pool`)) {
        posted.push(Buffer.byteLength(request.postData() ?? ''));
      }
    });
    await edit
      .getByLabel('Or read them from a .txt or .csv file (one key per line, up to 10,000)')
      .setInputFiles({ name: 'keys.txt', mimeType: 'text/plain', buffer: Buffer.from([...keys, keys[7]].join('\n')) });
    await edit.getByText('keys.txt: 1,501 keys ready to add.').waitFor();
    await edit.getByRole('button', { name: 'Add keys to the pool' }).click();
    await edit
      .getByText('1,500 keys added; 1,500 left in the pool. 1 key refused as a duplicate.')
      .waitFor({ timeout: 30_000 });
    expect(await edit.getByText('1,500 keys left in the pool.').isVisible()).toBe(true);
    expect(posted.length).toBeGreaterThan(1);
    for (const bytes of posted) expect(bytes).toBeLessThan(32 * 1024);
    await admin.context().close();
    expect((await db.doc(`productDeliverables/${poolProductId}`).get()).get('licenseKeys')).toEqual({
      on: true,
      activationLimit: null,
      source: 'pool',
    });
    const pool = await db.collection(`licensePools/${poolProductId}/keys`).where('usedBy', '==', null).count().get();
    expect(pool.data().count).toBe(1500);
  }, 180_000);

  it('shows the key of a purchased tool in the e-mail and on the download page, with its machines', async () => {
    const page = await openPage(browser, 'NG');
    const buyer = buildBuyer(uniqueTag());
    await page.goto(`${baseUrl}/productdetail/demo-excel-mastery`);
    await page.getByRole('heading', { level: 1, name: 'EXCEL MASTERY FOR BUSINESS' }).waitFor();
    await page.getByRole('button', { name: 'Buy Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Payment' });
    await fillPaymentForm(dialog, buyer);
    await dialog.getByRole('button', { name: 'Complete demo payment of ₦12,000' }).click();
    const done = await paymentComplete(page, buyer.email);
    const accessUrl = (await done.getByRole('link', { name: 'Open your product' }).getAttribute('href')) ?? '';

    const [mail] = await mailsTo(buyer.email, 1);
    const key = /Your license key \(keep it private\):\n([0-9A-F]{8}(?:-[0-9A-F]{8}){3})/.exec(mail?.text ?? '')?.[1];
    expect(key).toMatch(/^[0-9A-F]{8}(-[0-9A-F]{8}){3}$/);

    await page.goto(accessUrl);
    await page.getByRole('heading', { name: 'Your license key' }).waitFor();
    expect(await page.locator('#license-key').innerText()).toBe(key);
    expect(await page.getByText('Machines using this key: 0 of 3').isVisible()).toBe(true);
    // On a 360 px phone the key takes two lines or more and breaks only between its groups.
    await page.setViewportSize({ width: 360, height: 740 });
    const groups = await page.locator('#license-key > span').evaluateAll((spans) =>
      spans.map((span) => ({
        text: span.textContent,
        lines: span.getClientRects().length,
        top: span.getBoundingClientRect().top,
      })),
    );
    expect(groups.map((group) => [group.text?.length, group.lines])).toEqual([
      [9, 1],
      [9, 1],
      [9, 1],
      [8, 1],
    ]);
    expect(new Set(groups.map((group) => group.top)).size).toBeGreaterThan(1);
    expect(await page.locator('#license-key').innerText()).toBe(key);

    // A tool activates the key as the docs' curl example does, with a plain fetch from outside the browser.
    const response = await fetch(`${baseUrl}/api/licenses/activate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ license_key: key, product_id: 'demo-excel-mastery', instance_name: 'Office PC' }),
    });
    const activated = { status: response.status, body: (await response.json()) as { activated: boolean } };
    expect(activated).toMatchObject({ status: 200, body: { activated: true } });

    await page.reload();
    const machines = page.getByRole('list', { name: 'Machines using your license key' });
    expect(await machines.getByText('Office PC').isVisible()).toBe(true);
    expect(await page.getByText('Machines using this key: 1 of 3').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Deactivate Office PC' }).click();
    await page.getByText('Machines using this key: 0 of 3').waitFor();
    expect(await page.getByRole('button', { name: 'Deactivate Office PC' }).count()).toBe(0);
    await page.context().close();
  });
});
