// POST /api/contact through HTTP, with firebase-admin and the SMTP transport replaced by recording
// fakes so the failure paths (store down, mail down) can be shown. The same route runs against the
// real local cloud in tests/integration/api/contact.test.ts.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { SendMailOptions } from 'nodemailer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../../server/app';
import { parseServerConfig } from '../../../../server/config';

const config = parseServerConfig({
  FIREBASE_PROJECT_ID: 'demo-digital-store',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: '1025',
  MAIL_FROM: 'Digital Store <orders@store.test>',
  SELLER_EMAIL: 'seller@store.test',
  STORE_NAME: 'Digital Store',
  PUBLIC_STORE_URL: 'http://127.0.0.1:5173',
  CONTACT_RATE_LIMIT: '2',
  CONTACT_RATE_WINDOW_MS: '60000',
  // The test's own socket stands for the one proxy in front of the API.
  TRUST_PROXY_HOPS: '1',
});

function buildMessage(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ada Obi',
    email: 'ada@example.com',
    phone: '+234 803 123 4567',
    message: 'Where is my ebook?',
    ...overrides,
  };
}

interface Harness {
  url: string;
  stored: Array<{ collection: string; data: Record<string, unknown> }>;
  mails: SendMailOptions[];
  logged: string[];
  advance(ms: number): void;
}

const servers: Server[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function startApi({ storeFails = false, mailFails = false } = {}): Promise<Harness> {
  const stored: Harness['stored'] = [];
  const mails: SendMailOptions[] = [];
  const logged: string[] = [];
  // express-rate-limit reads the clock through Date.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.parse('2025-01-01T12:00:00Z'));
  const db = {
    collection: (collection: string) => ({
      add: async (data: Record<string, unknown>) => {
        if (storeFails) throw new Error('14 UNAVAILABLE: no connection');
        stored.push({ collection, data });
        return { id: `msg-${stored.length}` };
      },
    }),
  } as unknown as Firestore;
  const mailer = {
    sendMail: async (options: SendMailOptions) => {
      if (mailFails) throw new Error('connect ECONNREFUSED 127.0.0.1:1025');
      mails.push(options);
      return {};
    },
  };
  const app = createApp({
    config,
    db,
    mailer: mailer as never,
    logError: (message) => logged.push(message),
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/contact`,
    stored,
    mails,
    logged,
    advance: (ms) => {
      vi.setSystemTime(Date.now() + ms);
    },
  };
}

function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('POST /api/contact', () => {
  it('stores the message, e-mails the seller and answers 201', async () => {
    const api = await startApi();
    const response = await post(api.url, buildMessage({ name: '  Ada Obi ', extra: 'ignored' }));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });

    expect(api.stored).toHaveLength(1);
    const [{ collection, data }] = api.stored as [Harness['stored'][number]];
    expect(collection).toBe('contactMessages');
    const { createdAt, ...fields } = data;
    expect(fields).toEqual({ ...buildMessage(), handled: false });
    expect(FieldValue.serverTimestamp().isEqual(createdAt as FieldValue)).toBe(true);

    expect(api.mails).toEqual([
      expect.objectContaining({
        from: 'Digital Store <orders@store.test>',
        to: 'seller@store.test',
        replyTo: { name: 'Ada Obi', address: 'ada@example.com' },
        subject: 'New message from Ada Obi — Digital Store',
      }),
    ]);
    const text = api.mails[0]?.text;
    if (typeof text !== 'string') throw new Error('the seller mail has no text body');
    for (const line of ['Name: Ada Obi', 'Email: ada@example.com', 'Phone: +234 803 123 4567', 'Where is my ebook?']) {
      expect(text).toContain(line);
    }
  });

  it('still answers 201 when only the e-mail fails, and logs it', async () => {
    const api = await startApi({ mailFails: true });
    const response = await post(api.url, buildMessage());
    expect(response.status).toBe(201);
    // The message, then the failed e-mail as Store health counts it (server/health/healthRecords.ts).
    expect(api.stored.map((entry) => entry.collection)).toEqual(['contactMessages', 'mailFailures']);
    expect(api.stored[1]?.data).toMatchObject({
      subject: 'New message from Ada Obi — Digital Store',
      reason: 'ECONNREFUSED',
    });
    expect(api.logged).toEqual(['Contact message msg-1 was stored but the seller e-mail failed']);
  });

  it("answers 500 'Something went wrong. Please try again.' when the message cannot be stored", async () => {
    const api = await startApi({ storeFails: true });
    const response = await post(api.url, buildMessage());
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'Something went wrong. Please try again.' });
    expect(api.mails).toEqual([]);
    expect(api.logged).toEqual(['Contact message could not be stored']);
  });

  it('answers 400 naming the field, and stores and sends nothing', async () => {
    const api = await startApi();
    const response = await post(api.url, buildMessage({ email: 'not-an-email' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Please enter a valid email address.', field: 'email' });
    expect(api.stored).toEqual([]);
    expect(api.mails).toEqual([]);
  });

  it('answers 400 JSON for a body that is not JSON', async () => {
    const api = await startApi();
    const broken = await post(api.url, '{"name": "Ada",');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ message: 'The request body is not valid JSON.' });

    const array = await post(api.url, '["Ada"]');
    expect(array.status).toBe(400);
    expect(await array.json()).toEqual({ message: expect.stringMatching(/JSON object/) });
  });

  it('answers 429 with Retry-After past the limit, per client, until the window has passed', async () => {
    const api = await startApi();
    const client = { 'x-forwarded-for': '41.58.1.1' };
    expect((await post(api.url, buildMessage(), client)).status).toBe(201);
    api.advance(15_000);
    expect((await post(api.url, buildMessage(), client)).status).toBe(201);

    const refused = await post(api.url, buildMessage(), client);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('45');
    expect(await refused.json()).toEqual({ message: 'Too many messages. Please try again in a minute.' });
    expect(api.stored).toHaveLength(2);

    expect((await post(api.url, buildMessage(), { 'x-forwarded-for': '41.58.2.2' })).status).toBe(201);
    // A forged address left of the real one does not open a fresh window.
    expect((await post(api.url, buildMessage(), { 'x-forwarded-for': '10.9.9.9, 41.58.1.1' })).status).toBe(429);

    api.advance(45_000);
    expect((await post(api.url, buildMessage(), client)).status).toBe(201);
  });
});
