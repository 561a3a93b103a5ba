// The purchase endpoints against a hostile client (docs/security.md), on the local cloud: each has its own
// rate limit that a forged X-Forwarded-For does not reset, and none takes what an HTML form posts.
// The requests are refused before a provider would be asked, so no provider stand-in is needed.
import { afterAll, describe, expect, it } from 'vitest';
import { buildCustomer, postJson, startPurchaseApi, uniqueTag, type PurchaseApi } from '../../support/purchaseHarness';

const apis: PurchaseApi[] = [];
afterAll(async () => {
  await Promise.all(apis.map((api) => api.close()));
});

async function api(env: Record<string, string>): Promise<PurchaseApi> {
  const started = await startPurchaseApi(env);
  apis.push(started);
  return started;
}

describe('purchase endpoints', () => {
  it('limit order attempts per client across /api/orders and the PayPal routes, forged headers or not', async () => {
    const { url } = await api({ ORDER_RATE_LIMIT: '3' });
    const body = { provider: 'paystack', reference: '', productId: 'nope', currency: 'NGN', customer: buildCustomer() };
    const statuses: number[] = [];
    const paths = [
      '/api/orders',
      '/api/paypal/orders',
      '/api/paypal/orders/ABC/capture',
      '/api/paypal/subscriptions/I-ABC/confirm',
      '/api/orders',
    ];
    for (const [i, path] of paths.entries()) {
      const response = await postJson(`${url}${path}`, body, { 'x-forwarded-for': `198.51.100.${i}` });
      statuses.push(response.status);
    }
    // The first three reach the routes (refused there for the unknown product or bad body).
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses.slice(0, 3).every((status) => status >= 400 && status < 500)).toBe(true);
    expect(statuses.slice(3)).toEqual([429, 429]);
    const refused = await postJson(`${url}/api/orders`, body);
    expect(await refused.json()).toEqual({ message: 'Too many payment attempts. Please wait a minute and try again.' });
  });

  it('limit access-link attempts, answering a browser with a page', async () => {
    const { url } = await api({ ACCESS_RATE_LIMIT: '2' });
    const open = () =>
      fetch(`${url}/api/access/${uniqueTag()}`, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect((await open()).status).toBe(404);
    expect((await open()).status).toBe(404);
    const refused = await open();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/text\/html/);
    expect(await refused.text()).toContain('Too many download attempts. Please wait a minute and try again.');
  });

  it('refuse form and text bodies with 415 on every purchase route', async () => {
    const { url } = await api({});
    for (const path of [
      '/api/checkouts',
      '/api/orders',
      '/api/paypal/orders',
      '/api/paypal/orders/ABC/capture',
      '/api/paypal/subscriptions/I-ABC/confirm',
      '/api/purchases/resend',
    ]) {
      const response = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=ada%40example.com',
      });
      expect(response.status, path).toBe(415);
      expect(await response.json()).toEqual({ message: 'Send the request as JSON (Content-Type: application/json).' });
    }
  });

  it('refuse a customer name with a right-to-left override', async () => {
    const { url } = await api({});
    const customer = { ...buildCustomer(), name: 'Ada \u202Egnp.exe' };
    const response = await postJson(`${url}/api/checkouts`, { productId: 'any', currency: 'USD', customer });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      message: 'Full Name contains invisible or control characters that are not allowed. Please retype it.',
    });
  });
});
