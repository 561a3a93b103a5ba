// Memberships in a real Chromium against the production build and the local cloud (docs/memberships.md):
// the seeded admin prices a product as a monthly membership on its page's Pricing tab; a shopper in
// Nigeria sees '₦5,000 / month' on the storefront; a demo purchase (made through the API, as the demo
// payment makes it) starts a plan, which Members lists and whose demo buttons renew it and fail it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAdminFirestore } from '../../server/lib/firestoreAdmin';
import { productSection, seedE2eCourse, signInAsDemoAdmin } from '../support/adminE2e';
import { buildBuyer, uniqueTag } from '../support/checkoutE2e';
import { connectE2eBrowser, openPage } from '../support/e2ePage';

const { baseUrl, firestoreHost, projectId } = inject('e2e');
const db = createAdminFirestore({ projectId, emulatorHost: firestoreHost });
const tag = uniqueTag();
const productId = `e2e-signals-${tag}`;
const title = `Signals Club ${tag}`;
let browser: Browser;
let seeded: { remove: () => Promise<void> };
const pages: Page[] = [];

beforeAll(async () => {
  browser = await connectE2eBrowser();
  seeded = await seedE2eCourse(db, {
    productId,
    title,
    description: 'Daily trading signals, every month.',
    priceInNgn: 5000,
    priceInUsd: 4,
    url: 'https://drive.example.com/signals',
  });
});
afterAll(async () => {
  await Promise.all(pages.map((page) => page.context().close()));
  await seeded.remove();
  await db.terminate();
  await browser.close();
});

/** A demo purchase through the API, as the payment dialog makes it: the plan's id (the sale's). */
async function demoMember(buyer: ReturnType<typeof buildBuyer>): Promise<string> {
  const checkout = await fetch(`${baseUrl}/api/checkouts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ productId, currency: 'NGN', customer: buyer, provider: 'demo' }),
  });
  expect(checkout.status).toBe(201);
  const { reference } = (await checkout.json()) as { reference: string };
  const order = await fetch(`${baseUrl}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'demo', reference, productId, currency: 'NGN', customer: buyer }),
  });
  expect(order.status).toBe(200);
  return ((await order.json()) as { transactionId: string }).transactionId;
}

describe('a membership priced, sold and run from the dashboard', () => {
  it("is priced per month, shown so on the storefront, and renewed and failed by Members' demo buttons", async () => {
    const admin = await openPage(browser, 'NG');
    pages.push(admin);
    await signInAsDemoAdmin(admin, baseUrl);
    await admin.goto(`${baseUrl}/admindashboard/products/${productId}`);
    const pricing = await productSection(admin, 'Pricing');
    await pricing.getByRole('radio', { name: 'Membership' }).check();
    await pricing.getByText('Shown to buyers as ₦5,000 / month and $4 / month.').waitFor();
    await pricing.getByRole('button', { name: 'Save pricing' }).click();
    await pricing.getByText('Pricing saved.').waitFor({ timeout: 20_000 });
    expect((await db.doc(`products/${productId}`).get()).get('pricing')).toEqual({
      kind: 'membership',
      interval: 'monthly',
    });

    const shopper = await openPage(browser, 'NG');
    pages.push(shopper);
    await shopper.goto(`${baseUrl}/productdetail/${productId}`);
    await shopper.getByRole('heading', { level: 1, name: title.toUpperCase() }).waitFor({ timeout: 20_000 });
    await shopper.getByText('₦5,000 / month', { exact: true }).waitFor({ timeout: 20_000 });

    const buyer = buildBuyer(tag);
    const planId = await demoMember(buyer);
    expect((await db.doc(`memberships/${planId}`).get()).get('status')).toBe('active');

    await admin.goto(`${baseUrl}/admindashboard?panel=members`);
    await admin.getByRole('heading', { name: 'Members' }).waitFor({ timeout: 20_000 });
    await admin.getByLabel('Buyer or product').fill(buyer.email);
    const row = admin.getByRole('listitem').filter({ hasText: buyer.email });
    await row.getByText(/· ₦5,000 \/ month · Active, renews on /).waitFor({ timeout: 20_000 });

    await row.getByRole('button', { name: `Renew now (demo): ${buyer.name}, ${title}` }).click();
    await row.getByText('Renewed by a demo payment: one more period is paid.').waitFor({ timeout: 20_000 });
    expect((await db.doc(`memberships/${planId}`).get()).get('payments')).toBe(2);

    await row.getByRole('button', { name: `Fail next renewal (demo): ${buyer.name}, ${title}` }).click();
    await row
      .getByText('The next renewal failed: the plan is past due, with 5 days of access left.')
      .waitFor({ timeout: 20_000 });
    await row.getByText(/· Past due, access until /).waitFor({ timeout: 20_000 });
    expect((await db.doc(`memberships/${planId}`).get()).get('status')).toBe('pastDue');
  });
});
