// Ids Firestore reserves (`__.*__`) in the path of the API's routes that put path ids into Firestore
// paths: each answers 404 in the route's own words, never the 500 the Firestore SDK's refusal would
// make, and logs nothing (server/lib/reservedIds.ts, docs/security.md 'Reserved ids').
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAdmin, seedDemoAdmin } from '../../../local/seed/seed';
import { createAdminAuth } from '../../../server/admin/adminAuth';
import { signInWithPassword } from '../../support/authEmulatorUsers';
import { cloud, db, startPurchaseApi, type PurchaseApi } from '../../support/purchaseHarness';

let api: PurchaseApi;
let adminToken = '';

beforeAll(async () => {
  await seedDemoAdmin(db, cloud.authUrl);
  adminToken = (await signInWithPassword(cloud.authUrl, demoAdmin.email, demoAdmin.password)).idToken;
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
  await api?.close();
});

const token = 'A'.repeat(32);

describe('a reserved Firestore id in the path', () => {
  it('the reminder unsubscribe link, GET and POST, plain or percent-encoded: 404, the link-not-valid page', async () => {
    for (const checkoutId of ['__x__', '__name__', '%5F%5Fx%5F%5F']) {
      const url = `${api.url}/api/reminders/unsubscribe/${checkoutId}/${token}`;
      const shown = await fetch(url);
      expect(shown.status).toBe(404);
      expect(shown.headers.get('cache-control')).toBe('no-store');
      expect(await shown.text()).toContain(
        '<h1>This link is not valid</h1><p>The link you opened does not exist or has been changed.</p>',
      );
      const pressed = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(pressed.status).toBe(404);
      expect(await pressed.text()).toContain('<h1>This link is not valid</h1>');
    }
    // The token's segment too.
    const reservedToken = await fetch(`${api.url}/api/reminders/unsubscribe/abc/__${'A'.repeat(28)}__`);
    expect(reservedToken.status).toBe(404);
    expect(api.logged).toEqual([]);
  });

  it('the access link and the admin routes that take an id: 404 in their words', async () => {
    const access = await fetch(`${api.url}/api/access/__x__`, { headers: { accept: 'text/html' } });
    expect(access.status).toBe(404);
    expect(await access.text()).toContain('<h1>This link is not valid</h1>');

    const asAdmin = { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` };
    const rows: Array<[string, string, unknown, string]> = [
      ['POST', '/api/admin/transactions/__x__/refund', { reason: 'Test' }, 'This sale could not be found.'],
      ['POST', '/api/admin/transactions/__x__/downloads/reset', {}, 'This sale could not be found.'],
      ['POST', '/api/admin/transactions/__x__/resend', {}, 'This sale could not be found.'],
      [
        'POST',
        '/api/admin/products/__x__/files',
        { name: 'Book.pdf', size: 10, contentType: 'application/pdf' },
        'This product could not be found.',
      ],
      ['PATCH', '/api/admin/products/__x__/files/__y__', { name: 'Book.pdf' }, 'This product could not be found.'],
    ];
    for (const [method, path, body, message] of rows) {
      const response = await fetch(`${api.url}${path}`, { method, headers: asAdmin, body: JSON.stringify(body) });
      expect([path, response.status, await response.json()]).toEqual([path, 404, { message }]);
    }
    expect(api.logged).toEqual([]);
  });
});
