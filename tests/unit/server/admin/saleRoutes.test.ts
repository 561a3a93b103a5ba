// The sale routes through HTTP with the admin check and the actions replaced by recording fakes, for
// the paths the local cloud cannot easily produce (a database that fails). The real thing runs
// against the local cloud in tests/integration/api/adminSaleActions.test.ts.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import type { SaleActions } from '../../../../server/admin/saleActions';
import { createSaleRouter } from '../../../../server/admin/saleRoutes';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function start(actions: Partial<SaleActions>) {
  const calls: unknown[][] = [];
  const logged: string[] = [];
  const requireAdmin: RequestHandler = (_req, res, next) => {
    res.locals.adminUid = 'uid-admin';
    next();
  };
  const app = express();
  app.use(express.json());
  app.use(
    '/api/admin/transactions',
    createSaleRouter({
      requireAdmin,
      actions: {
        resendAccess: async (...args) => {
          calls.push(['resend', ...args]);
          return actions.resendAccess ? actions.resendAccess(...args) : 'sent';
        },
        setAccess: async (...args) => {
          calls.push(['access', ...args]);
          return actions.setAccess ? actions.setAccess(...args) : { accessRevoked: args[1] };
        },
        resetDownloads: async (...args) => {
          calls.push(['reset', ...args]);
          return actions.resetDownloads ? actions.resetDownloads(...args) : true;
        },
      },
      // The rate limit itself is tested in the integration test; here it lets everything through.
      limiter: (_req, _res, next) => next(),
      logError: (message) => logged.push(message),
    }),
  );
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  servers.push(server);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/admin/transactions`;
  const post = (path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return { post, calls, logged };
}

describe('POST /api/admin/transactions/{id}/resend', () => {
  it('passes the trimmed corrected address and the admin to the action', async () => {
    const api = await start({});
    const response = await api.post('/paystack_T1/resend', { email: ' Ada@Example.com ', extra: 'dropped' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Access e-mail sent.' });
    expect(api.calls).toEqual([['resend', 'paystack_T1', 'uid-admin', 'Ada@Example.com']]);
  });

  it.each([
    ['notFound', 404, 'This sale could not be found.'],
    ['revoked', 409, 'Access to this sale is revoked. Restore it before sending the e-mail again.'],
    ['mailFailed', 502, 'The e-mail could not be sent. Please try again.'],
  ] as const)('answers %s with %i and a sentence', async (outcome, status, message) => {
    const api = await start({ resendAccess: async () => outcome });
    const response = await api.post('/paystack_T1/resend', {});
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ message });
  });

  it('answers 500 with a sentence, never the error, when the database fails', async () => {
    const api = await start({
      resendAccess: async () => {
        throw new Error('14 UNAVAILABLE: connect ECONNREFUSED 10.0.0.1:443');
      },
    });
    const response = await api.post('/paystack_T1/resend', {});
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: 'Something went wrong. Please try again.' });
    expect(text).not.toContain('UNAVAILABLE');
    expect(api.logged).toEqual(['Resend of paystack_T1 failed']);
  });

  it('refuses a malformed id or body before any action runs', async () => {
    const api = await start({});
    const badId = await api.post('/__reserved__/resend', {});
    expect(badId.status).toBe(404);
    const badBody = await api.post('/paystack_T1/resend', ['ada@example.com']);
    expect(badBody.status).toBe(400);
    expect(await badBody.json()).toEqual({ message: 'The request body must be a JSON object.' });
    expect(api.calls).toEqual([]);
  });
});

describe('POST /api/admin/transactions/{id}/access', () => {
  it('passes the wanted state and the admin to the action', async () => {
    const api = await start({});
    const response = await api.post('/demo_R1/access', { revoked: true });
    expect(await response.json()).toEqual({ accessRevoked: true });
    expect(api.calls).toEqual([['access', 'demo_R1', true, 'uid-admin']]);
  });

  it('refuses a missing body and answers 500 with a sentence when the database fails', async () => {
    const api = await start({
      setAccess: async () => {
        throw new Error('14 UNAVAILABLE');
      },
    });
    const missing = await api.post('/demo_R1/access');
    expect(missing.status).toBe(400);
    const failed = await api.post('/demo_R1/access', { revoked: false });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ message: 'Something went wrong. Please try again.' });
  });
});
