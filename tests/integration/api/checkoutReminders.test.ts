// One reminder for a checkout left unpaid (docs/payments.md, 'Checkout reminders'): the sweep the
// scheduled function and the local cloud's timer run, against its own local cloud (real Firestore
// emulator with the project's rules and indexes, real SMTP into the mail catcher). Checkouts are
// written as the API writes them; the clock is the sweep's own, so nothing waits an hour.
import type { Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCloud, type Cloud } from '../../../local/cloud';
import { closeServer } from '../../../local/http';
import { freePort } from '../../../local/ports';
import type { CaughtMail } from '../../../local/mail/mailCatcher';
import { createApp, createReminders } from '../../../server/app';
import { parseServerConfig } from '../../../server/config';
import { addressKey, legacyAddressKey } from '../../../server/lib/addressKey';
import { createMailer } from '../../../server/mailer';
import { buildCheckoutRecord } from '../../support/records';
import { uniqueTag } from '../../support/purchaseHarness';

let cloud: Cloud;
let dataDir: string;
let apiUrl = '';
let server: Server;
const logged: string[] = [];
const productId = `reminder-product-${uniqueTag()}`;
// 'Now' for the sweeps: checkouts are made relative to it.
const now = new Date('2026-11-23T12:00:00Z');
const minutesBefore = (minutes: number) => Timestamp.fromMillis(now.getTime() - minutes * 60_000);

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'store-reminders-'));
  cloud = await startCloud({ dataDir, withApi: false, withAuth: false, seed: false });
  const port = await freePort();
  apiUrl = `http://127.0.0.1:${port}`;
  const app = createApp({
    config: apiConfig(),
    db: cloud.db,
    mailer: createMailer(apiConfig()),
    logError: (message) => logged.push(message),
  });
  server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(port, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
}, 60_000);
afterAll(async () => {
  if (server) await closeServer(server);
  await cloud?.stop();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  cloud.mail.clear();
  const stale = await cloud.db.collection('checkouts').get();
  await Promise.all(stale.docs.map((d) => d.ref.delete()));
  await cloud.db.doc('settings/store').delete();
});

function apiConfig() {
  return parseServerConfig({ ...cloud.apiEnv, PUBLIC_STORE_URL: apiUrl });
}

function sweep() {
  return sweepAt(now);
}

function sweepAt(at: Date) {
  const config = apiConfig();
  return createReminders({
    config,
    db: cloud.db,
    mailer: createMailer(config),
    logError: (message) => logged.push(message),
    now: () => at,
  })();
}

/** A checkout as POST /api/checkouts stores it, `minutesOld` before now. */
async function checkout(email: string, minutesOld: number, overrides: Record<string, unknown> = {}) {
  const ref = cloud.db.collection('checkouts').doc();
  const fields = { reference: `ck-${uniqueTag()}`, productId, email, createdAt: minutesBefore(minutesOld).toDate() };
  await ref.set(
    buildCheckoutRecord(fields, {
      listPrice: 4500,
      discountCode: 'SPRING',
      discountAmount: 675,
      amount: 3825,
      ...overrides,
    }),
  );
  return ref;
}

/** `weeks` weeks and a day after now: past the one-reminder-a-week limit. */
const weekLater = (weeks: number) => new Date(now.getTime() + (weeks * 7 + 1) * 24 * 3_600_000);

/** A checkout made 65 minutes before `at`. */
function checkoutAt(email: string, at: Date) {
  return checkout(email, 65, { createdAt: Timestamp.fromMillis(at.getTime() - 65 * 60_000) });
}

async function mailsTo(address: string, settleMs = 300): Promise<CaughtMail[]> {
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  return cloud.mail.messages().filter((mail) => mail.to.includes(address));
}

describe('the reminder sweep', () => {
  it('sends one reminder for a checkout unpaid for 60 minutes, with the price, a way back and a way out', async () => {
    const email = `ada.${uniqueTag()}@example.com`;
    const ref = await checkout(email, 61);
    const young = await checkout(`young.${uniqueTag()}@example.com`, 59);

    expect(await sweep()).toEqual({ sent: 1, skipped: 0, failed: 0 });
    const [mail, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Your Freelance Writing Playbook is waiting');
    // Nothing the buyer typed: no name in the greeting.
    expect(mail?.text.startsWith('Hello,\n')).toBe(true);
    expect(mail?.html).toContain('<p>Hello,</p>');
    expect(mail?.text).toContain(
      'You started buying Freelance Writing Playbook on Digital Store (₦3,825 with the code SPRING) but did not finish.',
    );
    expect(mail?.text).toContain(`${apiUrl}/productdetail/${productId}?checkout=${ref.id}&code=SPRING`);
    expect(mail?.text).toMatch(new RegExp(`${apiUrl}/api/reminders/unsubscribe/${ref.id}/[A-Za-z0-9_-]{32}`));
    expect((await ref.get()).get('reminder')).toBe('sent');
    expect((await young.get()).get('reminder')).toBeNull();

    // Swept again: nothing more.
    expect(await sweep()).toEqual({ sent: 0, skipped: 0, failed: 0 });
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('sends none when the address bought the product meanwhile, or the checkout was paid', async () => {
    const buyer = `bola.${uniqueTag()}@example.com`;
    const bought = await checkout(buyer, 90);
    await cloud.db.doc(`transactions/demo_${uniqueTag()}`).set({
      productId,
      customerEmail: buyer,
      createdAt: minutesBefore(30),
    });
    const paid = await checkout(`chi.${uniqueTag()}@example.com`, 90, { status: 'paid' });

    expect(await sweep()).toEqual({ sent: 0, skipped: 2, failed: 0 });
    expect(await mailsTo(buyer)).toEqual([]);
    expect((await bought.get()).get('reminder')).toBe('skipped');
    expect((await paid.get()).get('reminder')).toBe('skipped');
  });

  it('sends none when the store turned reminders off', async () => {
    await cloud.db.doc('settings/store').set({ remindersOn: false, keepAccessOnPartialRefund: true });
    const email = `dayo.${uniqueTag()}@example.com`;
    const ref = await checkout(email, 70);
    expect(await sweep()).toEqual({ sent: 0, skipped: 1, failed: 0 });
    expect(await mailsTo(email)).toEqual([]);
    expect((await ref.get()).get('reminder')).toBe('skipped');
  });

  it('sends one reminder per mailbox a week, however many checkouts and spellings name it, racing sweeps included', async () => {
    const tag = uniqueTag();
    const email = `ngozi.${tag}@example.com`;
    const spellings = [
      email,
      email,
      `ngozi.${tag}+shop@example.com`,
      `NGOZI.${tag}@EXAMPLE.COM`,
      `Ngozi.${tag}+2@Example.com`,
      email,
      `ngozi.${tag}+x@example.com`,
      email,
    ];
    // The oldest checkout names the plain address: it is the one reminded.
    for (const [i, spelling] of spellings.entries()) await checkout(spelling, 200 - i);
    const [a, b] = await Promise.all([sweep(), sweep()]);
    expect((a?.sent ?? 0) + (b?.sent ?? 0)).toBe(1);
    expect((a?.skipped ?? 0) + (b?.skipped ?? 0)).toBe(7);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mails = cloud.mail.messages().filter((mail) => mail.to.some((to) => to.toLowerCase().includes(tag)));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toEqual([email]);
    expect((await cloud.db.doc(`reminderSends/${addressKey(email)}`).get()).get('lastSentAt')).toEqual(
      Timestamp.fromDate(now),
    );

    // Six days and 23 hours on, a new checkout still gets none; seven days on, one.
    const later = (days: number, hours: number) => new Date(now.getTime() + (days * 24 + hours) * 3_600_000);
    const inSixDays = await checkoutAt(`ngozi.${tag}+again@example.com`, later(6, 23));
    expect(await sweepAt(later(6, 23))).toEqual({ sent: 0, skipped: 1, failed: 0 });
    expect((await inSixDays.get()).get('reminder')).toBe('skipped');
    const inSevenDays = await checkoutAt(email, later(7, 0));
    expect(await sweepAt(later(7, 0))).toEqual({ sent: 1, skipped: 0, failed: 0 });
    expect((await inSevenDays.get()).get('reminder')).toBe('sent');
  });

  it('puts nothing the buyer typed into a reminder: no name, no phone, no link hidden in a name', async () => {
    const email = `hostile.${uniqueTag()}@example.com`;
    const name = 'Ada <a href="https://evil.example/login">Verify your card</a> https://evil.example';
    await checkout(email, 65, { customer: { name, email, phone: '+2348099990000' } });
    expect(await sweep()).toEqual({ sent: 1, skipped: 0, failed: 0 });
    const [mail, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    const whole = JSON.stringify(mail);
    for (const typed of ['Ada', 'evil.example', 'Verify your card', '8099990000', 'href="https']) {
      expect(whole).not.toContain(typed);
    }
    expect(mail?.to).toEqual([email]);
    expect(mail?.text.split('\n')[0]).toBe('Hello,');
  });

  it('two sweeps racing send one e-mail per checkout', async () => {
    const emails = Array.from({ length: 5 }, (_, i) => `race${i}.${uniqueTag()}@example.com`);
    for (const email of emails) await checkout(email, 75);
    const [a, b] = await Promise.all([sweep(), sweep()]);
    expect((a?.sent ?? 0) + (b?.sent ?? 0)).toBe(5);
    for (const email of emails) expect(await mailsTo(email, 0)).toHaveLength(1);
  });
});

describe('unsubscribing from reminders', () => {
  it('the link shows a button and changes nothing; pressing it stops every later reminder to that address', async () => {
    const email = `eko.${uniqueTag()}@example.com`;
    await checkout(email, 65);
    await sweep();
    const [mail] = await mailsTo(email);
    const url = /http:\/\/\S+\/api\/reminders\/unsubscribe\/\S+/.exec(mail?.text ?? '')?.[0] ?? '';
    expect(url).not.toBe('');

    // A mail scanner opening the link unsubscribes nobody: a week on (one reminder a week per
    // address), the next checkout is reminded.
    const page = await fetch(url);
    expect(page.status).toBe(200);
    // Not 'no-referrer': under it the browser posts the button's form with `Origin: null`.
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect(await page.text()).toContain('<button type="submit">Never send me reminders</button>');
    await checkoutAt(email, weekLater(1));
    expect(await sweepAt(weekLater(1))).toEqual({ sent: 1, skipped: 0, failed: 0 });

    // The button (a form POST, as a mail client's one-click also sends).
    const done = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('This address will never get a reminder from us again.');
    const later = await checkoutAt(email.toUpperCase(), weekLater(2));
    expect(await sweepAt(weekLater(2))).toEqual({ sent: 0, skipped: 1, failed: 0 });
    expect((await later.get()).get('reminder')).toBe('skipped');
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it('keys opt-outs by mailbox, and still honours one stored under the old key', async () => {
    const tag = uniqueTag();
    const oldSpelling = `Old.Opt.${tag}+News@Example.com`;
    // Before mailboxes were folded, the key kept the plus-tag.
    expect(legacyAddressKey(oldSpelling)).not.toBe(addressKey(oldSpelling));
    await cloud.db.doc(`reminderOptOuts/${legacyAddressKey(oldSpelling)}`).set({ createdAt: minutesBefore(100_000) });
    const old = await checkout(`old.opt.${tag}+news@example.com`, 65);
    await cloud.db
      .doc(`reminderOptOuts/${addressKey(`new.opt.${tag}@example.com`)}`)
      .set({ createdAt: minutesBefore(5) });
    const tagged = await checkout(`new.opt.${tag}+promo@example.com`, 65);
    expect(await sweep()).toEqual({ sent: 0, skipped: 2, failed: 0 });
    expect((await old.get()).get('reminder')).toBe('skipped');
    expect((await tagged.get()).get('reminder')).toBe('skipped');
  });

  it('refuses a link whose token is not the checkout’s', async () => {
    const email = `femi.${uniqueTag()}@example.com`;
    const ref = await checkout(email, 65);
    await sweep();
    const forged = `${apiUrl}/api/reminders/unsubscribe/${ref.id}/${'A'.repeat(32)}`;
    expect((await fetch(forged)).status).toBe(404);
    const refused = await fetch(forged, { method: 'POST' });
    expect(refused.status).toBe(404);
    expect((await cloud.db.doc(`reminderOptOuts/${addressKey(email)}`).get()).exists).toBe(false);
  });
});
