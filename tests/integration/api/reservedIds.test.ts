// Ids Firestore reserves (`__.*__`) in the path of any API route (server/lib/reservedIds.ts): each
// answers 404 in words, never the 500 the Firestore SDK's refusal would make, and logs nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPurchaseApi, type PurchaseApi } from './purchaseHarness';

let api: PurchaseApi;

beforeAll(async () => {
  api = await startPurchaseApi();
});
afterAll(async () => {
  await api?.close();
});

const token = 'A'.repeat(32);

describe('a reserved Firestore id in the path', () => {
  it('answers 404 in words for the reminder unsubscribe link, GET and POST, spelled plainly or percent-encoded', async () => {
    for (const checkoutId of ['__x__', '__name__', '%5F%5Fx%5F%5F']) {
      const url = `${api.url}/api/reminders/unsubscribe/${checkoutId}/${token}`;
      const shown = await fetch(url);
      expect(shown.status).toBe(404);
      expect(await shown.json()).toEqual({ message: 'This address does not exist.' });
      const pressed = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(pressed.status).toBe(404);
      expect(await pressed.json()).toEqual({ message: 'This address does not exist.' });
    }
    // A browser gets a page saying so.
    const page = await fetch(`${api.url}/api/reminders/unsubscribe/__x__/${token}`, {
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<h1>This page does not exist</h1><p>This address does not exist.');
  });

  it('answers 404 in words wherever a route takes an id from the path', async () => {
    const routes: Array<[string, string]> = [
      ['GET', '/api/access/__x__'],
      ['POST', `/api/access/${'B'.repeat(43)}/files/__x__`],
      ['POST', '/api/paypal/orders/__x__/capture'],
      ['POST', '/api/admin/products/__x__/files'],
      ['POST', '/api/admin/products/p1/files/__x__/attach'],
      ['PATCH', '/api/admin/products/p1/files/__x__'],
      ['POST', '/api/admin/transactions/__x__/refund'],
      ['POST', '/api/admin/transactions/__x__/downloads/reset'],
    ];
    for (const [method, path] of routes) {
      const response = await fetch(`${api.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(method === 'GET' ? {} : { body: '{}' }),
      });
      expect([path, response.status]).toEqual([path, 404]);
      expect(await response.json()).toEqual({ message: 'This address does not exist.' });
    }
    expect(api.logged).toEqual([]);
  });
});
