// The whole API app over HTTP with recording fakes for Firestore and SMTP: response headers,
// JSON-only bodies, the size limit (also when a Functions-Framework-like host has parsed the body
// first) and rate limits keyed on the right proxy hop. The built bundle is checked the same way
// in tests/integration/api/function.test.ts.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../../server/app';
import { parseServerConfig } from '../../../../server/config';
import { jsonBodies } from '../../../../server/lib/httpSecurity';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

function buildApp(env: Record<string, string> = {}) {
  const stored: unknown[] = [];
  const config = parseServerConfig({
    FIREBASE_PROJECT_ID: 'demo-digital-store',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: '1025',
    MAIL_FROM: 'Digital Store <orders@store.test>',
    SELLER_EMAIL: 'seller@store.test',
    PUBLIC_STORE_URL: 'https://store.example.com',
    ...env,
  });
  const db = {
    collection: () => ({
      add: async (data: unknown) => {
        stored.push(data);
        return { id: `m${stored.length}` };
      },
    }),
  } as unknown as Firestore;
  const app = createApp({ config, db, mailer: { sendMail: async () => ({}) } as never, logError: () => {} });
  return { app, stored };
}

async function listen(handler: express.Express): Promise<string> {
  const server = await new Promise<Server>((resolve) => {
    const s = handler.listen(0, '127.0.0.1', () => resolve(s));
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Hosts the app as the Functions Framework does: bodies of every type parsed first, bytes kept in rawBody. */
function frameworkHost(app: express.Express): express.Express {
  const host = express();
  const keepRaw = (req: express.Request, _res: express.Response, buf: Buffer) => {
    (req as express.Request & { rawBody?: Buffer }).rawBody = buf;
  };
  host.use(express.json({ limit: '1024mb', verify: keepRaw }));
  host.use(express.text({ limit: '1024mb', verify: keepRaw }));
  host.use(express.urlencoded({ limit: '1024mb', extended: true, verify: keepRaw }));
  host.use(express.raw({ limit: '1024mb', type: '*/*', verify: keepRaw }));
  host.use((req, res) => app(req, res));
  return host;
}

function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 8192) controller.enqueue(bytes.slice(at, at + 8192));
      controller.close();
    },
  });
}

const message = { name: 'Ada Obi', email: 'ada@example.com', phone: '+234 803 123 4567', message: 'Hello' };
const json = { 'content-type': 'application/json' };

describe('API response headers', () => {
  it('forbid sniffing, framing and referrers, and do not name the framework', async () => {
    const url = await listen(buildApp().app);
    const res = await fetch(`${url}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});

describe('JSON-only bodies', () => {
  it('answer 415 JSON to what an HTML form can post, and nothing is stored', async () => {
    const { app, stored } = buildApp();
    const url = await listen(app);
    const bodies: Array<[string, string]> = [
      ['application/x-www-form-urlencoded', 'name=Ada&email=ada%40example.com&phone=0803123&message=hi'],
      ['text/plain', JSON.stringify(message)],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda\r\n--x--\r\n'],
    ];
    for (const [type, body] of bodies) {
      const res = await fetch(`${url}/api/contact`, { method: 'POST', headers: { 'content-type': type }, body });
      expect(res.status, type).toBe(415);
      expect(await res.json()).toEqual({ message: 'Send the request as JSON (Content-Type: application/json).' });
    }
    const missing = await fetch(`${url}/api/contact`, { method: 'POST', body: new Uint8Array([123, 125]) });
    expect(missing.status).toBe(415);
    expect(stored).toEqual([]);
  });

  it('leave the Paystack webhook route to read its own body', async () => {
    const url = await listen(buildApp().app);
    const res = await fetch(`${url}/api/webhooks/paystack`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'event',
    });
    // The JSON rule let it through: the webhook itself answers (no Paystack key in this app).
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: 'Card payments are not configured.' });
  });

  it('leave the webhook body unread for its own raw parser, and parse every other JSON body', async () => {
    const app = express();
    app.use(jsonBodies());
    app.post('/api/webhooks/paystack', express.raw({ type: '*/*' }), (req, res) => {
      res.json({ raw: Buffer.isBuffer(req.body) ? req.body.toString('utf8') : null });
    });
    app.post('/api/other', (req, res) => void res.json({ parsed: req.body as unknown }));
    const url = await listen(app);
    const signed = '{"event":"charge.success","data":{"reference":"r1"}}';
    const hook = await fetch(`${url}/api/webhooks/paystack`, { method: 'POST', headers: json, body: signed });
    expect(await hook.json()).toEqual({ raw: signed });
    const other = await fetch(`${url}/api/other`, { method: 'POST', headers: json, body: '{"a":1}' });
    expect(await other.json()).toEqual({ parsed: { a: 1 } });
  });

  it('accept application/json with a charset', async () => {
    const { app, stored } = buildApp();
    const url = await listen(app);
    const res = await fetch(`${url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(message),
    });
    expect(res.status).toBe(201);
    expect(stored).toHaveLength(1);
  });
});

describe('bodies that are JSON in name only', () => {
  const post = (url: string, body: NonNullable<RequestInit['body']>, headers: Record<string, string> = json) =>
    fetch(`${url}/api/contact`, { method: 'POST', headers, body });

  it('refuse JSON declared in a charset other than UTF-8 with 415', async () => {
    const { app, stored } = buildApp();
    const url = await listen(app);
    for (const charset of ['utf-16', 'latin1', 'UTF-7']) {
      const res = await post(url, JSON.stringify(message), { 'content-type': `application/json; charset=${charset}` });
      expect(res.status, charset).toBe(415);
      expect(await res.json()).toEqual({ message: 'Send the request as JSON (Content-Type: application/json).' });
    }
    expect(stored).toEqual([]);
  });

  it('refuse bytes that are not UTF-8 before they are decoded, an overlong "<" among them', async () => {
    const { app, stored } = buildApp();
    const url = await listen(app);
    const text = JSON.stringify(message);
    for (const bad of [
      [0xff, 0xfe],
      [0xc0, 0xbc],
      [0xed, 0xa0, 0x80],
    ]) {
      const body = new Uint8Array(
        Buffer.concat([Buffer.from(text.slice(0, 10)), Buffer.from(bad), Buffer.from(text.slice(10))]),
      );
      const res = await post(url, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'The request body is not valid UTF-8 text.' });
    }
    expect(stored).toEqual([]);
  });

  it('refuse bytes that are not UTF-8 when the host decoded the body first, in a message that may hold any text', async () => {
    const { app, stored } = buildApp();
    const url = await listen(frameworkHost(app));
    const { message: _text, ...rest } = message;
    const body = new Uint8Array(
      Buffer.concat([
        Buffer.from(`${JSON.stringify(rest).slice(0, -1)},"message":"Hello `),
        Buffer.from([0xff]),
        Buffer.from('"}'),
      ]),
    );
    const res = await post(url, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'The request body is not valid UTF-8 text.' });
    expect(stored).toEqual([]);
  });

  it('say that null, a number or a string is JSON but not an object, and that broken JSON is not JSON', async () => {
    const { app } = buildApp();
    const url = await listen(app);
    for (const body of ['null', '42', '"Ada"', 'true']) {
      const res = await post(url, body);
      expect(res.status, body).toBe(400);
      expect(await res.json()).toEqual({ message: 'The request body must be a JSON object.' });
    }
    for (const body of ['{"name":', "{'name':'Ada'}", 'nul']) {
      const res = await post(url, body);
      expect(res.status, body).toBe(400);
      expect(await res.json()).toEqual({ message: 'The request body is not valid JSON.' });
    }
  });

  it('answer a path that does not decode with 400 and a sentence, not a parser message', async () => {
    const { app } = buildApp();
    const url = await listen(app);
    const res = await fetch(`${url}/api/access/%C0%AF`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'The request is not valid.' });
  });

  it('hold the webhook to the same 32 KB when its body is streamed without a length', async () => {
    const { app } = buildApp({ PAYSTACK_SECRET_KEY: 'sk_test_x' });
    const url = await listen(app);
    const res = await fetch(`${url}/api/webhooks/paystack`, {
      method: 'POST',
      headers: json,
      body: chunked(`{"pad":"${'x'.repeat(40 * 1024)}"}`),
      duplex: 'half',
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'The request is too large.' });
  });
});

describe('the 32 KB body limit', () => {
  const big = { ...message, message: 'x'.repeat(40 * 1024) };

  it('answers 413 when the app reads the body itself', async () => {
    const url = await listen(buildApp().app);
    const res = await fetch(`${url}/api/contact`, { method: 'POST', headers: json, body: JSON.stringify(big) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'The request is too large.' });
  });

  it('answers 413 when the host parsed the body first, and still serves bodies under the limit', async () => {
    const { app, stored } = buildApp();
    const url = await listen(frameworkHost(app));
    // Streamed, so no Content-Length: only the bytes the host kept in rawBody tell the size.
    const res = await fetch(`${url}/api/contact`, {
      method: 'POST',
      headers: json,
      body: chunked(JSON.stringify(big)),
      duplex: 'half',
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'The request is too large.' });
    const form = await fetch(`${url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=Ada',
    });
    expect(form.status).toBe(415);
    const ok = await fetch(`${url}/api/contact`, { method: 'POST', headers: json, body: JSON.stringify(message) });
    expect(ok.status).toBe(201);
    expect(stored).toHaveLength(1);
  });
});

describe('rate limits behind proxies', () => {
  it('key on the client the last trusted proxy saw, whatever the client forged left of it', async () => {
    // Two hops: this test's socket is the nearest proxy, the rightmost X-Forwarded-For entry the next.
    const url = await listen(buildApp({ TRUST_PROXY_HOPS: '2', CONTACT_RATE_LIMIT: '5' }).app);
    const statuses: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      const res = await fetch(`${url}/api/contact`, {
        method: 'POST',
        headers: { ...json, 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7, 10.0.0.2` },
        body: JSON.stringify(message),
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.slice(5)).toEqual(Array(10).fill(429));

    // Another real client behind the same proxies has its own window.
    const other = await fetch(`${url}/api/contact`, {
      method: 'POST',
      headers: { ...json, 'x-forwarded-for': '198.51.100.1, 203.0.113.8, 10.0.0.2' },
      body: JSON.stringify(message),
    });
    expect(other.status).toBe(201);
  });
});
