// The store built with public provider keys (docs/payments.md) in a real Chromium:
// Paystack's checkout frame and PayPal's SDK script are served by the test (no internet here), and
// the API verifies each payment against the loopback provider stand-in (tests/support/fakeProviders.ts).
import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  acknowledge,
  buildBuyer,
  expectOrderMail,
  fillPaymentForm,
  openProductDialog,
  openProductThroughAccessLink,
  product,
  paymentComplete,
  serveDeliverables,
  uniqueTag,
  watchPaymentRequests,
} from '../support/checkoutE2e';
import { connectE2eBrowser, openPage } from '../support/e2ePage';
import { fakeProviderKeys } from '../support/fakeProviders';

const { providersBaseUrl, providersDistDir, providersUrl, publicKeys, buildSecrets } = inject('e2e');
let browser: Browser;

beforeAll(async () => {
  browser = await connectE2eBrowser();
});
afterAll(async () => {
  await browser.close();
});

/**
 * Stands in for https://checkout.paystack.com/popup, the frame react-paystack's inline script opens:
 * it announces itself, records the transaction parameters the store sends it, and on 'Pay' charges
 * (the test tells the Paystack stand-in) and reports success to the page, as Paystack's frame does.
 */
const paystackFrame = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Paystack (test)</title></head>
<body><p id="state">Waiting for the transaction</p><button id="pay" type="button" disabled>Pay</button>
<button id="close" type="button">Close checkout</button><button id="transfer" type="button">I've sent the money</button>
<script>
  let params = null;
  window.addEventListener('message', (event) => {
    const data = event.data;
    if (data && data.type === 'inline:url' && data.params) {
      params = data.params;
      const pay = document.getElementById('pay');
      pay.textContent = 'Pay ' + params.currency + ' ' + params.amount / 100;
      pay.disabled = false;
    }
  });
  document.getElementById('pay').addEventListener('click', async () => {
    await fetch('/test-charge', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(params) });
    parent.postMessage({ event: 'success', data: { reference: params.ref, trxref: params.ref, status: 'success', message: 'Approved', transaction: '4099260516' } }, '*');
  });
  document.getElementById('close').addEventListener('click', () => {
    parent.postMessage({ event: 'close', data: { status: 'abandoned' } }, '*');
  });
  // Pay with Transfer, the money sent but not yet seen by Paystack: the frame reports it pending.
  document.getElementById('transfer').addEventListener('click', () => {
    parent.postMessage({ event: 'transfer:pending', data: { status: 'pending' } }, '*');
  });
  parent.postMessage({ event: 'loaded:checkout' }, '*');
</script></body></html>`;

interface PopupParams {
  key: string;
  email: string;
  amount: number;
  currency: string;
  firstname?: string;
  lastname?: string;
  phone?: string;
  ref: string;
  metadata: string;
}

async function servePaystack(page: Page): Promise<PopupParams[]> {
  const charges: PopupParams[] = [];
  await page.route('https://checkout.paystack.com/**', async (route: Route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/popup') {
      await route.fulfill({ status: 200, contentType: 'text/html', body: paystackFrame });
      return;
    }
    if (url.pathname === '/test-charge') {
      const params = route.request().postDataJSON() as PopupParams;
      charges.push(params);
      // Paystack now holds a successful charge made with exactly what the popup was given.
      await fetch(`${providersUrl}/__test/paystack/charges`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          reference: params.ref,
          amount: params.amount,
          currency: params.currency,
          email: params.email,
          metadata: params.metadata,
        }),
      });
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{"status":true}' });
      return;
    }
    await route.abort();
  });
  return charges;
}

/**
 * Stands in for PayPal's JS SDK (https://www.paypal.com/sdk/js): window.paypal.Buttons renders a
 * button that runs the merchant's onClick, createOrder (our API creates the order at PayPal), the
 * buyer's approval (told to the PayPal stand-in) and onApprove (our API captures), as the SDK does.
 */
const paypalSdk = `window.paypal = {
  version: 'e2e-stub',
  Buttons(options) {
    return {
      isEligible: () => true,
      close: async () => {},
      async render(container) {
        const target = typeof container === 'string' ? document.querySelector(container) : container;
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'Pay with PayPal';
        button.addEventListener('click', async () => {
          let allowed = true;
          if (options.onClick) await options.onClick({ fundingSource: 'paypal' }, { resolve: async () => {}, reject: async () => { allowed = false; } });
          if (!allowed) return;
          let orderID;
          try {
            orderID = await options.createOrder({ paymentSource: 'paypal' }, {});
          } catch (error) {
            if (options.onError) options.onError(error);
            return;
          }
          await fetch('https://www.paypal.com/test-approve/' + encodeURIComponent(orderID), { method: 'POST' });
          await options.onApprove({ orderID, payerID: 'E2EPAYER' }, {});
        });
        target.appendChild(button);
      },
    };
  },
};`;

async function servePayPal(page: Page): Promise<{ sdkUrls: string[]; approved: string[] }> {
  const sdkUrls: string[] = [];
  const approved: string[] = [];
  await page.route('https://www.paypal.com/**', async (route: Route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/sdk/js') {
      sdkUrls.push(url.toString());
      await route.fulfill({ status: 200, contentType: 'application/javascript', body: paypalSdk });
      return;
    }
    const approval = /^\/test-approve\/(.+)$/.exec(url.pathname);
    if (approval?.[1]) {
      const id = decodeURIComponent(approval[1]);
      approved.push(id);
      const answer = await fetch(`${providersUrl}/__test/paypal/orders/${encodeURIComponent(id)}/approve`, {
        method: 'POST',
      });
      await route.fulfill({
        status: answer.status,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: '{}',
      });
      return;
    }
    await route.abort();
  });
  return { sdkUrls, approved };
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

describe('the build with provider keys', () => {
  const assets = join(providersDistDir, 'assets');
  const read = (file: string) => readFileSync(join(providersDistDir, file), 'utf8');
  const scriptsOf = (html: string) =>
    [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? '');
  const providerMarks = ['checkout.paystack.com', 'paypal.com/sdk/js', 'data-react-paypal-script-id'];

  it('keeps each payment library in its own lazily loaded chunk, out of what every page loads', () => {
    const files = readdirSync(assets);
    const paystackChunk = files.find((file) => /^PaystackPayButton-.*\.js$/.test(file));
    const paypalChunk = files.find((file) => /^PayPalPayButtons-.*\.js$/.test(file));
    expect(paystackChunk && read(`assets/${paystackChunk}`)).toContain('checkout.paystack.com');
    expect(paypalChunk && read(`assets/${paypalChunk}`)).toContain('paypal.com/sdk/js');

    // The entry script and everything index.html preloads: none of it may carry provider code.
    const critical = scriptsOf(read('index.html'));
    expect(critical.length).toBeGreaterThan(0);
    for (const file of critical) {
      for (const mark of providerMarks) expect(read(file).includes(mark), `${mark} in ${file}`).toBe(false);
    }
  });

  it('carries the public keys and none of the server secrets', () => {
    const bundle = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .map((file) => read(`assets/${file}`))
      .join('\n');
    expect(bundle).toContain(publicKeys.paystack);
    expect(bundle).toContain(publicKeys.paypal);
    for (const [name, value] of Object.entries(buildSecrets)) {
      expect(bundle.includes(value), `${name} in the bundle`).toBe(false);
    }
  });
});

describe('nothing of the payment providers loads before Buy Now', () => {
  it.each([
    { currency: 'NGN', country: 'NG', chunk: /PaystackPayButton/ },
    { currency: 'USD', country: 'US', chunk: /PayPalPayButtons/ },
  ])('$currency: no provider script, host or library chunk until the dialog opens', async ({ country, chunk }) => {
    const page = await openPage(browser, country);
    await servePaystack(page);
    await servePayPal(page);
    const requests = watchPaymentRequests(page);
    await page.goto(`${providersBaseUrl}/`);
    await settle(page);
    await page.goto(`${providersBaseUrl}/productdetail/${product.id}`);
    await page.getByRole('heading', { level: 1, name: product.title.toUpperCase() }).waitFor();
    await settle(page);
    expect(requests).toEqual([]);

    await page.getByRole('button', { name: 'Buy Now' }).click();
    await page.getByRole('dialog', { name: 'Complete Payment' }).waitFor();
    await settle(page);
    // Only this currency's provider library is fetched, and only now.
    expect(requests.some((url) => chunk.test(url))).toBe(true);
    const other = country === 'NG' ? /paypal/i : /paystack/i;
    expect(requests.filter((url) => other.test(url))).toEqual([]);
    await page.context().close();
  });
});

describe('Paystack (NGN)', () => {
  it('opens the Paystack checkout with amount × 100 in NGN and the buyer, then the API verifies and fulfils', async () => {
    const page = await openPage(browser, 'NG');
    await serveDeliverables(page.context());
    const charges = await servePaystack(page);
    const buyer = buildBuyer(uniqueTag());

    const dialog = await openProductDialog(page, providersBaseUrl);
    expect(await dialog.getByText('Demo payment: no money is taken').count()).toBe(0);
    await fillPaymentForm(dialog, buyer);
    await dialog.getByRole('button', { name: 'Pay ₦7,500' }).click();

    const frame = page.frameLocator('iframe[id^="inline-checkout-"]');
    await frame.getByRole('button', { name: 'Pay NGN 7500' }).click();

    const done = await paymentComplete(page, buyer.email);

    expect(charges).toHaveLength(1);
    const [charge] = charges;
    expect(charge).toMatchObject({
      key: publicKeys.paystack,
      amount: 750000,
      currency: 'NGN',
      email: buyer.email,
      firstname: 'Ada',
      lastname: 'Chioma Obi',
      phone: buyer.phone,
      ref: expect.stringMatching(/^ds-/),
    });
    expect(JSON.parse(charge!.metadata)).toMatchObject({
      productId: product.id,
      customer: { name: buyer.name, email: buyer.email, confirmEmail: buyer.email, phone: buyer.phone },
    });

    const accessUrl = await openProductThroughAccessLink(page, done);
    const notice = await expectOrderMail(buyer, accessUrl);
    expect(notice.text).toContain('Paid with: Paystack');
    expect(notice.text).toContain(`Reference: ${charge!.ref}`);
    await page.context().close();
  });

  it('waits for a transfer Paystack has not yet seen, never says it was cancelled, and completes when the webhook fulfils it', async () => {
    const page = await openPage(browser, 'NG');
    await servePaystack(page);
    const buyer = buildBuyer(uniqueTag());
    const pendingReports: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/checkouts\/[0-9a-f]{20}\/pending$/.test(request.url())) pendingReports.push(request.url());
    });
    const dialog = await openProductDialog(page, providersBaseUrl);
    await fillPaymentForm(dialog, buyer);
    await dialog.getByRole('button', { name: 'Pay ₦7,500' }).click();
    // react-paystack's own inline library gets the frame's report: it closes (onClose), then calls
    // onBankTransferConfirmationPending, in that order.
    await page
      .frameLocator('iframe[id^="inline-checkout-"]')
      .getByRole('button', { name: "I've sent the money" })
      .click();

    const waiting = page.getByRole('dialog', { name: "We're waiting for your transfer" });
    await waiting.waitFor({ timeout: 10_000 });
    expect(await waiting.innerText()).toContain(`Your transfer of ₦7,500 for ${product.title} is on its way.`);
    expect(await page.getByRole('dialog', { name: 'Payment cancelled.' }).count()).toBe(0);
    expect(pendingReports).toHaveLength(1);
    const checkoutId = /\/api\/checkouts\/([0-9a-f]{20})\/pending$/.exec(pendingReports[0] ?? '')?.[1] ?? '';

    // Paystack sees the money and sends charge.success, signed with the secret key.
    const reference = `ds-${checkoutId}`;
    await fetch(`${providersUrl}/__test/paystack/charges`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        reference,
        amount: 750000,
        currency: 'NGN',
        email: buyer.email,
        metadata: JSON.stringify({ productId: product.id, checkoutId }),
      }),
    });
    const raw = JSON.stringify({ event: 'charge.success', data: { reference } });
    const hook = await fetch(`${providersBaseUrl}/api/webhooks/paystack`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': createHmac('sha512', fakeProviderKeys.paystackSecret).update(raw).digest('hex'),
      },
      body: raw,
    });
    expect(hook.status).toBe(200);
    const done = await paymentComplete(page, buyer.email, 20_000);
    expect(await done.getByRole('link', { name: 'Open your product' }).getAttribute('href')).toMatch(
      /\/api\/access\/[A-Za-z0-9_-]{43}$/,
    );
    expect(await page.getByRole('dialog', { name: 'Payment cancelled.' }).count()).toBe(0);
    await page.context().close();
  });

  it("says 'Payment cancelled.' when the buyer closes the checkout, keeps the form and records nothing", async () => {
    const page = await openPage(browser, 'NG');
    const charges = await servePaystack(page);
    const buyer = buildBuyer(uniqueTag());
    const orderCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/orders')) orderCalls.push(request.url());
    });

    const dialog = await openProductDialog(page, providersBaseUrl);
    await fillPaymentForm(dialog, buyer);
    await dialog.getByRole('button', { name: 'Pay ₦7,500' }).click();
    await page.frameLocator('iframe[id^="inline-checkout-"]').getByRole('button', { name: 'Close checkout' }).click();

    await acknowledge(page, 'Payment cancelled.');
    expect(await dialog.getByLabel('Full Name').inputValue()).toBe(buyer.name);
    expect(await dialog.getByLabel('Phone Number').inputValue()).toBe(buyer.phone);
    expect(await dialog.getByRole('button', { name: 'Pay ₦7,500' }).isEnabled()).toBe(true);
    expect(charges).toEqual([]);
    expect(orderCalls).toEqual([]);
    await page.context().close();
  });
});

describe('PayPal (USD)', () => {
  it('renders the PayPal buttons from the SDK with the client id in USD; createOrder and onApprove go through the API', async () => {
    const page = await openPage(browser, 'US');
    await serveDeliverables(page.context());
    const paypal = await servePayPal(page);
    const buyer = buildBuyer(uniqueTag());

    const dialog = await openProductDialog(page, providersBaseUrl);
    await fillPaymentForm(dialog, buyer);
    await dialog.getByRole('button', { name: 'Pay with PayPal' }).click();
    const done = await paymentComplete(page, buyer.email);

    expect(paypal.sdkUrls).toHaveLength(1);
    const sdk = new URL(paypal.sdkUrls[0]!);
    expect(sdk.searchParams.get('client-id')).toBe(publicKeys.paypal);
    expect(sdk.searchParams.get('currency')).toBe('USD');

    expect(paypal.approved).toHaveLength(1);
    const order = (await (
      await fetch(`${providersUrl}/__test/paypal/orders/${encodeURIComponent(paypal.approved[0]!)}`)
    ).json()) as { status: string; body: { purchase_units: unknown[] } };
    expect(order.status).toBe('COMPLETED');
    expect(order.body.purchase_units).toEqual([
      { description: product.title, custom_id: product.id, amount: { currency_code: 'USD', value: '9.00' } },
    ]);

    const accessUrl = await openProductThroughAccessLink(page, done);
    const notice = await expectOrderMail(buyer, accessUrl);
    expect(notice.text).toContain('Paid with: PayPal');
    expect(notice.text).toContain('Amount: $9');
    await page.context().close();
  });
});
