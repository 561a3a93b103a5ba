// The course routes' limits come from the one registry (server/lib/rateLimits.ts, docs/security.md):
// the learn page with four times the access links' room, the previews and certificates with one
// counter between them, both refused in JSON even to a browser that asks for a page.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { parseServerConfig } from '../../../../server/config';
import { createRateLimits, rateLimitSettings } from '../../../../server/lib/rateLimits';

const base = {
  FIREBASE_PROJECT_ID: 'demo-digital-store',
  SMTP_HOST: 'smtp.example.com',
  SMTP_PORT: '587',
  MAIL_FROM: 'Store <orders@store.test>',
  SELLER_EMAIL: 'seller@store.test',
  PUBLIC_STORE_URL: 'https://store.example.com',
  TRUST_PROXY_HOPS: '0',
};

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function listen(app: express.Express): Promise<string> {
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the course limits in the registry', () => {
  it('sizes them from the access links: four times for the learn page, once for previews and certificates', () => {
    const settings = rateLimitSettings(
      parseServerConfig({ ...base, ACCESS_RATE_LIMIT: '5', ACCESS_RATE_WINDOW_MS: '9000' }),
    );
    expect(settings.learn).toMatchObject({ limit: 20, windowMs: 9000 });
    expect(settings.coursePages).toMatchObject({ limit: 5, windowMs: 9000 });
  });

  it('refuses the learn page past its limit in JSON, even when a browser asks for a page', async () => {
    const limits = createRateLimits(parseServerConfig({ ...base, ACCESS_RATE_LIMIT: '1' }));
    const app = express();
    app.set('trust proxy', 0);
    app.get('/learn', limits.learn, (_req, res) => void res.json({ ok: true }));
    const url = await listen(app);
    const html = { accept: 'text/html' };
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) statuses.push((await fetch(`${url}/learn`, { headers: html })).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    const refused = await fetch(`${url}/learn`, { headers: html });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/application\/json/);
    expect(await refused.json()).toEqual({
      message: 'Too many requests for this course. Please wait a minute and try again.',
    });
  });

  it('counts previews and certificates together, apart from the learn page', async () => {
    const limits = createRateLimits(parseServerConfig({ ...base, ACCESS_RATE_LIMIT: '2' }));
    const app = express();
    app.set('trust proxy', 0);
    app.get('/preview', limits.coursePages, (_req, res) => void res.json({ ok: true }));
    app.get('/certificate', limits.coursePages, (_req, res) => void res.json({ ok: true }));
    app.get('/learn', limits.learn, (_req, res) => void res.json({ ok: true }));
    const url = await listen(app);
    expect((await fetch(`${url}/preview`)).status).toBe(200);
    expect((await fetch(`${url}/certificate`)).status).toBe(200);
    const refused = await fetch(`${url}/preview`, { headers: { accept: 'text/html' } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: 'Too many requests. Please wait a minute and try again.' });
    expect((await fetch(`${url}/learn`)).status).toBe(200);
  });
});
