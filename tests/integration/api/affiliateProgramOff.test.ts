// The affiliate program turned off (docs/affiliates.md), on a local cloud of its own (real Firestore
// emulator, real SMTP into the mail catcher, our API): the program's switch is the one settings/store
// document, and turning it off on the shared cloud, however briefly, would refuse the applications and
// affiliate checkouts other files make at that moment.
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCloud, type Cloud } from '../../../local/cloud';
import { closeServer } from '../../../local/http';
import { freePort } from '../../../local/ports';
import { createApp } from '../../../server/app';
import { parseServerConfig } from '../../../server/config';
import { createMailer } from '../../../server/mailer';
import { application, program } from '../../support/affiliateHarness';
import type { CaughtMail } from '../../../local/mail/mailCatcher';
import { postJson, uniqueTag } from '../../support/purchaseHarness';

let cloud: Cloud;
let dataDir: string;
let server: Server;
let api: string;

const setProgram = (on: boolean) =>
  cloud.db.doc('settings/store').set({ affiliates: { ...program, on } }, { merge: true });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'store-affiliate-program-'));
  cloud = await startCloud({ dataDir, withApi: false, withAuth: false, seed: false });
  const config = parseServerConfig({ ...cloud.apiEnv, PUBLIC_STORE_URL: 'http://127.0.0.1:9' });
  const port = await freePort();
  server = await new Promise<Server>((resolve) => {
    const s = createApp({ config, db: cloud.db, mailer: createMailer(config), logError: () => {} }).listen(
      port,
      '127.0.0.1',
      () => resolve(s),
    );
  });
  api = `http://127.0.0.1:${port}`;
}, 60_000);
afterAll(async () => {
  if (server) await closeServer(server);
  await cloud?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** Asks for a sign-in code, reads it from this cloud's inbox and signs in: the session cookie. */
async function signIn(email: string): Promise<string> {
  expect((await postJson(`${api}/api/library/sign-in`, { email })).status).toBe(200);
  let code: string | undefined;
  for (let attempt = 0; attempt < 50 && !code; attempt += 1) {
    const mails = (await (await fetch(`${cloud.mail.webUrl}/api/messages`)).json()) as CaughtMail[];
    const mail = mails.find((m) => m.to.includes(email) && m.subject.startsWith('Your sign-in code'));
    code = /sign in to your library at .+: (\d{6})/.exec(mail?.text ?? '')?.[1];
    if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const signedIn = await postJson(`${api}/api/library/sign-in/code`, { email, code });
  expect(signedIn.status).toBe(200);
  return (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

describe('the affiliate program turned off', () => {
  it('refuses an application while the program is off, and takes it once the program is on', async () => {
    const tag = uniqueTag();
    const body = application(tag, { kind: 'paypal', paypalEmail: `pp.${tag}@example.com` });
    const cookie = await signIn(body.email);
    await setProgram(false);
    const closed = await postJson(`${api}/api/affiliates/apply`, body, { cookie });
    expect(closed.status).toBe(403);
    expect(await closed.json()).toEqual({ message: 'The affiliate program is not open right now.' });
    expect((await cloud.db.collection('affiliates').where('email', '==', body.email).get()).size).toBe(0);

    await setProgram(true);
    expect((await postJson(`${api}/api/affiliates/apply`, body, { cookie })).status).toBe(201);
  });

  it('answers the footer from one settings read a minute, cacheable by the browser', async () => {
    await setProgram(true);
    const first = await fetch(`${api}/api/affiliates/program`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await first.json()).toEqual({ on: true, percent: 30, windowDays: 30 });
    // Turned off within the minute: the summary read a moment ago still answers.
    await setProgram(false);
    expect(await (await fetch(`${api}/api/affiliates/program`)).json()).toEqual({
      on: true,
      percent: 30,
      windowDays: 30,
    });
  });
});
