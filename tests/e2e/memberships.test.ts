// Memberships in a real Chromium against the production build and the local cloud (docs/memberships.md):
// the seeded admin prices a product as a monthly membership on its page's Pricing tab; a shopper in
// Nigeria sees '₦5,000 / month' on the storefront; a demo purchase (made through the API, as the demo
// payment makes it) starts a plan, which Members lists and whose demo buttons renew it and fail it. A
// buyer's whole plan: bought from the storefront by the demo payment, shown in the library, renewed and
// failed from Members, its access page after the grace (the cloud's clock cannot move, so the test
// writes the plan's graceEndsAt and openUntil in the past through the admin SDK), renewed by its
// transfer link (the cloud's API has the Paystack stand-in, so the link opens its checkout page, paid
// as Paystack reports it) and open again, cancelled from the library; axe on the library at 360 px.
import { createHmac } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAdminFirestore } from '../../server/lib/firestoreAdmin';
import { productSection, seedE2eCourse, signInAsDemoAdmin } from '../support/adminE2e';
import { accessibilityViolations } from '../support/axeE2e';
import { buildBuyer, fillPaymentForm, mailsTo, paymentComplete, uniqueTag } from '../support/checkoutE2e';
import { connectE2eBrowser, openPage } from '../support/e2ePage';
import { fakeProviderKeys } from '../support/fakeProviders';

const { baseUrl, firestoreHost, projectId, providersUrl } = inject('e2e');
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

/** Pays the stand-in's checkout page by bank transfer: the charge Paystack then knows, and its signed charge.success. */
async function payStandInCheckout(reference: string): Promise<void> {
  const asked = await fetch(`${providersUrl}/__test/paystack/initialized/${encodeURIComponent(reference)}`);
  expect(asked.status).toBe(200);
  const started = (await asked.json()) as { email: string; amount: number; metadata: Record<string, string> };
  expect(started.amount).toBe(500000);
  const charge = { reference, amount: 500000, currency: 'NGN', email: started.email };
  const registered = await fetch(`${providersUrl}/__test/paystack/charges`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...charge, metadata: JSON.stringify(started.metadata) }),
  });
  expect(registered.status).toBe(201);
  const data = { ...charge, status: 'success', channel: 'bank_transfer', metadata: started.metadata };
  const raw = JSON.stringify({ event: 'charge.success', data: { ...data, customer: { email: charge.email } } });
  const answer = await fetch(`${baseUrl}/api/webhooks/paystack`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-paystack-signature': createHmac('sha512', fakeProviderKeys.paystackSecret).update(raw).digest('hex'),
    },
    body: raw,
  });
  expect(answer.status).toBe(200);
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

  it('is bought from the storefront, run from Members, ended after the grace, renewed by its link and cancelled from the library', async () => {
    // The pricing the test above saves on the Pricing tab, written again so this test stands alone.
    await db
      .doc(`products/${productId}`)
      .set({ pricing: { kind: 'membership', interval: 'monthly' } }, { merge: true });
    const buyer = buildBuyer(`${tag}b`);
    const page = await openPage(browser, 'NG');
    pages.push(page);
    await page.goto(`${baseUrl}/productdetail/${productId}`);
    await page.getByText('₦5,000 / month', { exact: true }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Buy Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Payment' });
    await fillPaymentForm(dialog, buyer);
    await dialog.getByRole('button', { name: 'Complete demo payment of ₦5,000' }).click();
    const done = await paymentComplete(page, buyer.email);
    const accessUrl = (await done.getByRole('link', { name: 'Open your product' }).getAttribute('href')) ?? '';
    const sales = await db.collection('transactions').where('customerEmail', '==', buyer.email).get();
    const planId = sales.docs[0]?.id ?? '';
    expect((await db.doc(`memberships/${planId}`).get()).get('status')).toBe('active');

    await page.goto(`${baseUrl}/library`);
    await page.getByLabel('Email', { exact: true }).fill(buyer.email);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.getByText('a 6-digit code and a sign-in link are on their way').waitFor();
    const codeMail = (await mailsTo(buyer.email, 2)).find((mail) => mail.subject.startsWith('Your sign-in code'));
    await page.keyboard.type(/: (\d{6})$/m.exec(codeMail?.text ?? '')?.[1] ?? '');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const plans = page.getByRole('region', { name: 'Memberships and instalment plans' });
    await plans.getByText(/^₦5,000 \/ month · Active, renews on /).waitFor({ timeout: 20_000 });

    const admin = await openPage(browser, 'NG');
    pages.push(admin);
    await signInAsDemoAdmin(admin, baseUrl);
    await admin.goto(`${baseUrl}/admindashboard?panel=members`);
    await admin.getByLabel('Buyer or product').fill(buyer.email);
    const row = admin.getByRole('listitem').filter({ hasText: buyer.email });
    await row.getByRole('button', { name: `Renew now (demo): ${buyer.name}, ${title}` }).click();
    await row.getByText('Renewed by a demo payment: one more period is paid.').waitFor({ timeout: 20_000 });
    await row.getByRole('button', { name: `Fail next renewal (demo): ${buyer.name}, ${title}` }).click();
    await row.getByText(/· Past due, access until /).waitFor({ timeout: 20_000 });

    // The grace over: its end moved to the past, as the sweep's clock would find it days later.
    const past = Timestamp.fromDate(new Date('2026-01-05T10:00:00.000Z'));
    await db.doc(`memberships/${planId}`).update({ graceEndsAt: past, openUntil: past });
    await page.goto(accessUrl);
    await page.getByText('Your membership ended on 5 January 2026.').waitFor({ timeout: 20_000 });
    // The e2e cloud's API has Paystack (the loopback stand-in): the link opens Paystack's checkout page
    // for one period (served here), and the test pays it as Paystack would report it.
    await page.route('https://checkout.paystack.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Paystack</title>' }),
    );
    await page.getByRole('link', { name: 'Renew and pay for the next period' }).click();
    await page.waitForURL('https://checkout.paystack.com/**');
    await payStandInCheckout(decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? ''));
    await page.goto(`${baseUrl}/library`);
    await plans.getByText(/^₦5,000 \/ month · Active, renews on /).waitFor({ timeout: 20_000 });
    expect((await db.doc(`memberships/${planId}`).get()).get('status')).toBe('active');
    const reopened = await page.request.get(accessUrl);
    expect(reopened.status()).toBe(200);

    await plans.getByRole('button', { name: `Cancel membership: ${title}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel your membership?' });
    await confirm.getByText(/^No more payments will be taken\. You keep access until \d{1,2} \w+ 20\d\d\.$/).waitFor();
    await confirm.getByRole('button', { name: 'Yes, cancel' }).click();
    await plans.getByText(/^Your membership is cancelled\. You keep access until /).waitFor({ timeout: 20_000 });
    await plans.getByRole('button', { name: `Resume membership: ${title}` }).waitFor();
    expect((await db.doc(`memberships/${planId}`).get()).get('status')).toBe('cancelled');

    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await plans.getByText(/^₦5,000 \/ month · Cancelled, ending on /).waitFor({ timeout: 20_000 });
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
