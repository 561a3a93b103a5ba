// Store health in a real Chromium against the production build and the local cloud (docs/admin.md,
// 'Store health'): the seller's PayPal webhook misses an event the store handles, so 'Run checks now'
// shows that check critical with its fix and the dashboard's header shows its red mark; once the
// seller subscribes the event (at the PayPal stand-in) and Paystack's webhook has delivered, the
// checks run again, nothing is critical and the mark is gone. The panel passes Lighthouse's
// accessibility rules.
import { createHmac } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInAsDemoAdmin } from '../support/adminE2e';
import { accessibilityViolations } from '../support/axeE2e';
import { connectE2eBrowser, openPage } from '../support/e2ePage';
import { fakeProviderKeys } from '../support/fakeProviders';

const { baseUrl, providersUrl } = inject('e2e');
const webhookUrl = `${baseUrl}/api/webhooks/paypal`;
let browser: Browser;
let admin: Page;

beforeAll(async () => {
  browser = await connectE2eBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** What the seller subscribes in PayPal's dashboard. */
async function subscribePaypalWebhook(events: string[]) {
  const answer = await fetch(`${providersUrl}/__test/paypal/webhooks/${fakeProviderKeys.paypalWebhookId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: webhookUrl, events }),
  });
  expect(answer.status).toBe(200);
}

/** An event Paystack delivers to the store's webhook, signed with the secret key. */
async function paystackDelivers(event: string) {
  const raw = JSON.stringify({ event, data: { id: 7001, domain: 'test', status: 'success', reference: 'TRF_e2e' } });
  const signature = createHmac('sha512', fakeProviderKeys.paystackSecret).update(raw).digest('hex');
  const answer = await fetch(`${baseUrl}/api/webhooks/paystack`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    body: raw,
  });
  expect(answer.status).toBe(200);
}

function checkRow(title: string) {
  return admin
    .getByRole('region', { name: 'Store health' })
    .getByRole('listitem')
    .filter({ has: admin.getByRole('heading', { level: 3, name: title, exact: true }) });
}

describe('Store health', () => {
  it('shows a critical check with its fix and the header mark, then neither once it is fixed', async () => {
    await subscribePaypalWebhook([
      'PAYMENT.CAPTURE.COMPLETED',
      'PAYMENT.CAPTURE.REFUNDED',
      'PAYMENT.CAPTURE.REVERSED',
      'CUSTOMER.DISPUTE.CREATED',
      'CUSTOMER.DISPUTE.RESOLVED',
      'BILLING.SUBSCRIPTION.ACTIVATED',
      'PAYMENT.SALE.COMPLETED',
      'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      'BILLING.SUBSCRIPTION.CANCELLED',
      'BILLING.SUBSCRIPTION.SUSPENDED',
      'BILLING.SUBSCRIPTION.EXPIRED',
    ]);
    await paystackDelivers('transfer.success');

    admin = await openPage(browser);
    await signInAsDemoAdmin(admin, baseUrl);
    await admin.goto(`${baseUrl}/admindashboard`);
    await admin.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Store health' }).click();
    await admin.getByRole('heading', { level: 2, name: 'Store health' }).waitFor({ timeout: 20_000 });
    await admin.getByRole('button', { name: 'Run checks now' }).click();

    await admin.getByText('Last run', { exact: false }).waitFor({ timeout: 20_000 });
    const paypal = checkRow('PayPal webhook');
    expect(await paypal.textContent()).toContain('Critical');
    expect(await paypal.getByText('Critical', { exact: true }).count()).toBe(1);
    expect(await paypal.getByText('The webhook is not subscribed to PAYMENT.CAPTURE.DENIED.').count()).toBe(1);
    expect(await paypal.locator('code').textContent()).toBe(
      'npm run setup (it subscribes the webhook with every event), or in https://developer.paypal.com/dashboard/applications',
    );
    const mark = admin.locator('header').getByRole('link', { name: 'Store health: critical problem' });
    await mark.waitFor({ timeout: 20_000 });
    expect(await admin.getByText('1 critical problem.').count()).toBe(1);
    // Under the local cloud the mail domain's records do not apply, and the panel says so in words.
    expect(await checkRow('SPF record').getByText('Does not apply', { exact: true }).count()).toBe(1);
    expect(await accessibilityViolations(admin)).toEqual([]);

    await subscribePaypalWebhook([
      'PAYMENT.CAPTURE.COMPLETED',
      'PAYMENT.CAPTURE.DENIED',
      'PAYMENT.CAPTURE.REFUNDED',
      'PAYMENT.CAPTURE.REVERSED',
      'CUSTOMER.DISPUTE.CREATED',
      'CUSTOMER.DISPUTE.RESOLVED',
      'BILLING.SUBSCRIPTION.ACTIVATED',
      'PAYMENT.SALE.COMPLETED',
      'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      'BILLING.SUBSCRIPTION.CANCELLED',
      'BILLING.SUBSCRIPTION.SUSPENDED',
      'BILLING.SUBSCRIPTION.EXPIRED',
    ]);
    await admin.getByRole('button', { name: 'Run checks now' }).click();
    await admin.getByText('No critical problem.').waitFor({ timeout: 20_000 });
    expect(await paypal.getByText('Good', { exact: true }).count()).toBe(1);
    expect(await paypal.getByText('Critical', { exact: true }).count()).toBe(0);
    expect(await paypal.getByText(`Subscribed to all 12 events the store handles at ${webhookUrl}.`).count()).toBe(1);
    expect(await mark.count()).toBe(0);
    await admin.context().close();
  });
});
