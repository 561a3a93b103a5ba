// The hardening pieces of the API one by one (docs/security.md): loopback detection, provider base URLs,
// the deployed function's refusal of emulator hosts, the SMTP transport options and the named
// rate limits. The HTTP behaviour of the whole app is in httpSecurity.test.ts.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { parseServerConfig, ServerConfigError } from '../../../../server/config';
import { assertDeployedEnvironment, UnsafeDeploymentError } from '../../../../server/lib/deployGuards';
import { isLoopbackHost } from '../../../../server/lib/loopback';
import { clientKey, createRateLimits, rateLimitSettings } from '../../../../server/lib/rateLimits';
import { mailTransportOptions } from '../../../../server/mailer';

const base = {
  FIREBASE_PROJECT_ID: 'demo-digital-store',
  SMTP_HOST: 'smtp.example.com',
  SMTP_PORT: '587',
  MAIL_FROM: 'Store <orders@store.test>',
  SELLER_EMAIL: 'seller@store.test',
  PUBLIC_STORE_URL: 'https://store.example.com',
};

describe('isLoopbackHost', () => {
  it('knows this machine by name and address', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]', 'LOCALHOST', 'app.localhost']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
  });

  it('does not take other hosts for it', () => {
    for (const host of ['smtp.example.com', '10.0.0.1', '0.0.0.0', '127.example.com', 'localhost.evil.com', '::2']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});

describe('provider base URLs', () => {
  it('accepts the https defaults', () => {
    expect(parseServerConfig(base).PAYSTACK_BASE_URL).toBe('https://api.paystack.co');
  });

  it('refuses plain http outside the local stack, naming the variable', () => {
    const attempt = () => parseServerConfig({ ...base, PAYSTACK_BASE_URL: 'http://api.paystack.co' });
    expect(attempt).toThrowError(ServerConfigError);
    expect(attempt).toThrowError(/PAYSTACK_BASE_URL: must be an https URL/);
  });

  it('refuses http to loopback when neither demo payments nor the emulator is on', () => {
    expect(() => parseServerConfig({ ...base, CLOUDINARY_API_BASE: 'http://127.0.0.1:9400' })).toThrowError(
      /CLOUDINARY_API_BASE/,
    );
  });

  it('allows http to loopback stand-ins in the local stack, and nowhere else', () => {
    const local = { ...base, FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' };
    expect(parseServerConfig({ ...local, CLOUDINARY_API_BASE: 'http://127.0.0.1:9400' }).CLOUDINARY_API_BASE).toBe(
      'http://127.0.0.1:9400',
    );
    expect(
      parseServerConfig({ ...base, DEMO_PAYMENTS: '1', PAYPAL_BASE_URL: 'http://localhost:4010' }).PAYPAL_BASE_URL,
    ).toBe('http://localhost:4010');
    expect(() => parseServerConfig({ ...local, PAYPAL_BASE_URL: 'http://paypal.example.com' })).toThrowError(
      /PAYPAL_BASE_URL/,
    );
  });
});

describe('assertDeployedEnvironment', () => {
  it('refuses an emulator host on the deployed function', () => {
    expect(() => assertDeployedEnvironment({ FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' })).toThrowError(
      UnsafeDeploymentError,
    );
    expect(() => assertDeployedEnvironment({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrowError(
      /FIREBASE_AUTH_EMULATOR_HOST must never be set/,
    );
  });

  it('lets an emulated function (FUNCTIONS_EMULATOR=true) use emulators, and a clean environment run', () => {
    expect(() =>
      assertDeployedEnvironment({ FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080', FUNCTIONS_EMULATOR: 'true' }),
    ).not.toThrow();
    expect(() => assertDeployedEnvironment({ FIRESTORE_EMULATOR_HOST: '', GCLOUD_PROJECT: 'shop' })).not.toThrow();
    expect(() =>
      assertDeployedEnvironment({ FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080', FUNCTIONS_EMULATOR: '1' }),
    ).toThrowError(UnsafeDeploymentError);
  });
});

describe('mailTransportOptions', () => {
  const smtp = { SMTP_HOST: 'smtp.example.com', SMTP_PORT: 587, SMTP_SECURE: false, SMTP_USER: 'u', SMTP_PASS: 'p' };

  it('requires STARTTLS for a mail server elsewhere', () => {
    expect(mailTransportOptions(smtp)).toMatchObject({ requireTLS: true, ignoreTLS: false, secure: false });
    expect(mailTransportOptions({ ...smtp, SMTP_USER: undefined, SMTP_PASS: undefined })).toMatchObject({
      requireTLS: true,
      ignoreTLS: false,
      auth: undefined,
    });
  });

  it('uses TLS from the first byte when SMTP_SECURE is on', () => {
    expect(mailTransportOptions({ ...smtp, SMTP_PORT: 465, SMTP_SECURE: true })).toMatchObject({
      secure: true,
      requireTLS: false,
      ignoreTLS: false,
    });
  });

  it('speaks plain SMTP only to a mail catcher on this machine', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1']) {
      expect(mailTransportOptions({ ...smtp, SMTP_HOST: host }), host).toMatchObject({
        requireTLS: false,
        ignoreTLS: true,
      });
    }
  });
});

describe('named rate limits', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  });

  it('reads each limit and window from the configuration, with defaults', () => {
    const settings = rateLimitSettings(
      parseServerConfig({ ...base, ORDER_RATE_LIMIT: '7', RESEND_RATE_WINDOW_MS: '5000' }),
    );
    expect(settings.contact).toMatchObject({ limit: 5, windowMs: 60_000 });
    expect(settings.orders).toMatchObject({ limit: 7, windowMs: 60_000 });
    expect(settings.resend).toMatchObject({ limit: 3, windowMs: 5000 });
    expect(settings.access).toMatchObject({ limit: 30, windowMs: 60_000 });
    expect(settings.admin).toMatchObject({ limit: 60, windowMs: 60_000 });
    expect(parseServerConfig(base).TRUST_PROXY_HOPS).toBe(3);
  });

  it('counts a client by its address, an IPv6 one by its /56, and clients already gone together', () => {
    expect(clientKey({ ip: '203.0.113.5' })).toBe('203.0.113.5');
    expect(clientKey({ ip: '2001:db8:abcd:12ff:1:2:3:4' })).toBe(clientKey({ ip: '2001:db8:abcd:1200::9' }));
    expect(clientKey({ ip: '2001:db8:abcd:12ff::1' })).not.toBe(clientKey({ ip: '2001:db8:abcd:1300::1' }));
    expect(clientKey({ ip: undefined })).toBe('client-gone');
  });

  it('refuses requests whose client has gone with the same counter, never a server error', async () => {
    const config = parseServerConfig({ ...base, ORDER_RATE_LIMIT: '1', TRUST_PROXY_HOPS: '0' });
    const limits = createRateLimits(config);
    const app = express();
    app.set('trust proxy', 0);
    // What Express gives a request once its socket is gone: no address.
    app.use((req, _res, next) => {
      Object.defineProperty(req, 'ip', { value: undefined });
      next();
    });
    app.post('/orders', limits.orders, (_req, res) => void res.json({ ok: true }));
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    servers.push(server);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    expect((await fetch(`${url}/orders`, { method: 'POST' })).status).toBe(200);
    expect((await fetch(`${url}/orders`, { method: 'POST' })).status).toBe(429);
  });

  it('keeps separate counters per limiter, refuses with JSON, and an HTML page for a browser GET', async () => {
    const config = parseServerConfig({ ...base, ORDER_RATE_LIMIT: '1', ACCESS_RATE_LIMIT: '1', TRUST_PROXY_HOPS: '0' });
    const limits = createRateLimits(config);
    const app = express();
    app.set('trust proxy', 0);
    app.post('/orders', limits.orders, (_req, res) => void res.json({ ok: true }));
    app.post('/resend', limits.resend, (_req, res) => void res.json({ ok: true }));
    app.get('/access', limits.access, (_req, res) => void res.redirect('https://files.example.com/x'));
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    servers.push(server);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    expect((await fetch(`${url}/orders`, { method: 'POST' })).status).toBe(200);
    const refused = await fetch(`${url}/orders`, { method: 'POST' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toEqual({ message: 'Too many payment attempts. Please wait a minute and try again.' });
    expect((await fetch(`${url}/resend`, { method: 'POST' })).status).toBe(200);

    expect((await fetch(`${url}/access`, { redirect: 'manual' })).status).toBe(302);
    const page = await fetch(`${url}/access`, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(page.status).toBe(429);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('Too many download attempts. Please wait a minute and try again.');
  });
});
