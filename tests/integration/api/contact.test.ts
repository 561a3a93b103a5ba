// POST /api/contact against the real local cloud: our Firestore emulator, the SMTP mail catcher and
// the API as `npm start` runs it. Nothing of ours is mocked.
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Timestamp } from 'firebase-admin/firestore';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { CaughtMail } from '../../../local/mail/mailCatcher';
import { freePort } from '../../../local/ports';
import { createApp } from '../../../server/app';
import { parseServerConfig } from '../../../server/config';
import { createAdminFirestore } from '../../../server/lib/firestoreAdmin';
import { createMailer } from '../../../server/mailer';

const cloud = inject('cloud');
const db = createAdminFirestore({ projectId: 'demo-digital-store', emulatorHost: cloud.firestoreHost });
const contactUrl = `${cloud.apiUrl}/api/contact`;

/** A message no other test sends, so it can be found again in the shared database and inbox. */
function buildMessage(overrides: Record<string, unknown> = {}) {
  const tag = randomUUID().slice(0, 8);
  return {
    name: `Ada Obi ${tag}`,
    email: `ada.${tag}@example.com`,
    phone: '+234 803 123 4567',
    message: `I paid for the ebook but have not received it. (${tag})`,
    ...overrides,
  };
}

type ContactBody = ReturnType<typeof buildMessage>;

function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function storedMessages(field: 'email' | 'message', value: string) {
  const snapshot = await db.collection('contactMessages').where(field, '==', value).get();
  return snapshot.docs.map((doc) => doc.data());
}

// The API answers only after the catcher has accepted the mail, so one look is enough to say
// "none"; polling for a mail that should be there only guards slow machines.
async function findMail(matches: (mail: CaughtMail) => boolean, attempts = 20): Promise<CaughtMail | undefined> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const inbox = (await (await fetch(`${cloud.mailUrl}/api/messages`)).json()) as CaughtMail[];
    const found = inbox.find(matches);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}

const extraServers: Server[] = [];
afterEach(async () => {
  await Promise.all(extraServers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A second API on the same cloud with its own settings (a low rate limit, a dead mail server...). */
async function startExtraApi(env: Record<string, string>, logError?: (message: string, error: unknown) => void) {
  const config = parseServerConfig({ ...cloud.apiEnv, ...env });
  const app = createApp({ config, db, mailer: createMailer(config), logError });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  extraServers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/contact`;
}

describe('POST /api/contact on the local cloud', () => {
  it('answers 201, stores the message in contactMessages and e-mails the seller', async () => {
    const message = buildMessage();
    const response = await post(contactUrl, message);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });

    const stored = await storedMessages('email', message.email);
    expect(stored).toHaveLength(1);
    const [{ createdAt, ...fields }] = stored as [Record<string, unknown>];
    expect(fields).toEqual({ ...message, handled: false });
    expect(createdAt).toBeInstanceOf(Timestamp);
    expect(Math.abs((createdAt as Timestamp).toMillis() - Date.now())).toBeLessThan(60_000);

    const mail = await findMail((m) => m.text.includes(message.message));
    expect(mail).toBeDefined();
    expect(mail?.to).toEqual([cloud.apiEnv.SELLER_EMAIL]);
    expect(mail?.replyTo).toBe(message.email);
    expect(mail?.from).toBe('orders@digitalstore.test');
    expect(mail?.subject).toBe(`New message from ${message.name} — Digital Store`);
    for (const line of [`Name: ${message.name}`, `Email: ${message.email}`, `Phone: ${message.phone}`]) {
      expect(mail?.text).toContain(line);
    }
  });

  it.each([
    ['a missing field', (m: ContactBody) => ({ ...m, phone: undefined }), 'phone', 'Please enter your phone number.'],
    [
      'a bad e-mail',
      (m: ContactBody) => ({ ...m, email: 'ada-at-example' }),
      'email',
      'Please enter a valid email address.',
    ],
    [
      'a line break in the name',
      (m: ContactBody) => ({ ...m, name: 'Ada\r\nBcc: victim@example.com' }),
      'name',
      'Your name must be on a single line.',
    ],
    [
      'a right-to-left override in the name',
      (m: ContactBody) => ({ ...m, name: 'Ada \u202Egnp.exe' }),
      'name',
      'Your Name contains invisible or control characters that are not allowed. Please retype it.',
    ],
    [
      'a terminal escape in the phone',
      (m: ContactBody) => ({ ...m, phone: '0803\u001b[2J1234567' }),
      'phone',
      'Your Phone Number contains invisible or control characters that are not allowed. Please retype it.',
    ],
  ])('answers 400 for %s, and stores and sends nothing', async (_case, change, field, expected) => {
    const message = buildMessage();
    const response = await post(contactUrl, change(message));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: expected, field });
    expect(await storedMessages('message', message.message)).toEqual([]);
    expect(await findMail((m) => m.text.includes(message.message), 1)).toBeUndefined();
  });

  it('answers 400 JSON for a body that is not JSON', async () => {
    const broken = await post(contactUrl, '{"name": "Ada", "email":');
    expect(broken.status).toBe(400);
    expect(broken.headers.get('content-type')).toMatch(/application\/json/);
    expect(await broken.json()).toEqual({ message: 'The request body is not valid JSON.' });

    const array = await post(contactUrl, '["Ada"]');
    expect(array.status).toBe(400);
    expect(await array.json()).toEqual({ message: expect.stringMatching(/JSON object/) });
  });

  it('answers 415 to what a cross-site HTML form can post, and stores nothing', async () => {
    const message = buildMessage();
    const form = await fetch(contactUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(message).toString(),
    });
    expect(form.status).toBe(415);
    expect(await form.json()).toEqual({ message: 'Send the request as JSON (Content-Type: application/json).' });
    const plain = await fetch(contactUrl, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(message),
    });
    expect(plain.status).toBe(415);
    expect(await storedMessages('email', message.email)).toEqual([]);
  });

  it('refuses 10 of 15 messages sent with a rotating forged X-Forwarded-For when the limit is 5', async () => {
    const limitedUrl = await startExtraApi({ CONTACT_RATE_LIMIT: '5' });
    const statuses: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      const response = await post(limitedUrl, buildMessage(), { 'x-forwarded-for': `203.0.113.${i + 1}` });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(10).fill(429)]);
  });

  it('answers 429 with Retry-After to the third message from one client when the limit is 2', async () => {
    const limitedUrl = await startExtraApi({ CONTACT_RATE_LIMIT: '2' });
    const messages = [buildMessage(), buildMessage(), buildMessage()];
    expect((await post(limitedUrl, messages[0])).status).toBe(201);
    expect((await post(limitedUrl, messages[1])).status).toBe(201);

    const refused = await post(limitedUrl, messages[2]);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({ message: 'Too many messages. Please try again in a minute.' });
    expect(await storedMessages('email', messages[2]!.email)).toEqual([]);

    // The shared API keeps its own window, so the same client is not refused there.
    expect((await post(contactUrl, buildMessage())).status).toBe(201);
  });

  it('still answers 201 and keeps the message when the mail server is down', async () => {
    const logged: string[] = [];
    const deadSmtpPort = await freePort();
    const url = await startExtraApi({ SMTP_PORT: String(deadSmtpPort) }, (message) => logged.push(message));
    const message = buildMessage();

    const response = await post(url, message);
    expect(response.status).toBe(201);
    expect(await storedMessages('email', message.email)).toHaveLength(1);
    expect(logged).toEqual([expect.stringMatching(/stored but the seller e-mail failed/)]);
  });
});
