// A missed webhook loses nothing (docs/payments.md, 'A missed webhook'): before a checkout is reminded or
// expires, the sweeps ask Paystack about it (Verify Transaction by its reference, faked by msw) and fulfil
// the paid ones through the one fulfilment. Against a local cloud of its own (real Firestore emulator,
// real SMTP into the mail catcher), so the sweeps see only this file's checkouts; the sweeps' clock is
// their own, so nothing waits an hour.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCloud, type Cloud } from '../../../local/cloud';
import type { CaughtMail } from '../../../local/mail/mailCatcher';
import type { Server } from 'node:http';
import { closeServer } from '../../../local/http';
import { freePort } from '../../../local/ports';
import { createApp, createCheckoutExpiry, createReminders } from '../../../server/app';
import { parseServerConfig } from '../../../server/config';
import { createMailer } from '../../../server/mailer';
import { buildCheckoutRecord } from '../../support/records';
import { useMsw } from '../../support/msw';
import {
  createFakePaystack,
  paystackBase,
  paystackSecret,
  uniqueTag,
  type PaystackCharge,
} from '../../support/purchaseHarness';

let cloud: Cloud;
let dataDir: string;
const logged: string[] = [];
const paystack = createFakePaystack();
const msw = useMsw(setupServer(...paystack.handlers));
const now = new Date('2026-11-23T12:00:00Z');
const minutesBefore = (minutes: number) => Timestamp.fromMillis(now.getTime() - minutes * 60_000);
const productId = `missed-product-${uniqueTag()}`;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'store-missed-webhooks-'));
  cloud = await startCloud({ dataDir, withApi: false, withAuth: false, seed: false });
  await cloud.db.doc(`productDeliverables/${productId}`).set({ url: 'https://drive.example.com/playbook' });
}, 60_000);
afterAll(async () => {
  await cloud?.stop();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  cloud.mail.clear();
  paystack.charges.clear();
  paystack.verifyCalls.length = 0;
  const stale = await cloud.db.collection('checkouts').get();
  await Promise.all(stale.docs.map((d) => d.ref.delete()));
});

function config() {
  return parseServerConfig({
    ...cloud.apiEnv,
    PUBLIC_STORE_URL: 'http://127.0.0.1:9',
    PAYSTACK_SECRET_KEY: paystackSecret,
    PAYSTACK_BASE_URL: paystackBase,
    PROVIDER_TIMEOUT_MS: '3000',
  });
}

const deps = () => ({
  config: config(),
  db: cloud.db,
  mailer: createMailer(config()),
  logError: (message: string) => logged.push(message),
  now: () => now,
});
const remind = () => createReminders(deps())();
const expire = () => createCheckoutExpiry(deps())();

/** A Paystack checkout as POST /api/checkouts stores it, `minutesOld` before now (₦7,500). */
async function checkout(minutesOld: number, overrides: Record<string, unknown> = {}) {
  const id = randomBytes(10).toString('hex');
  const email = `ada.${uniqueTag()}@example.com`;
  const reference = `ds-${id}`;
  await cloud.db
    .doc(`checkouts/${id}`)
    .set(
      buildCheckoutRecord({ reference, productId, email, createdAt: minutesBefore(minutesOld).toDate() }, overrides),
    );
  return { id, email, reference };
}

function paid(reference: string, email: string, overrides: Partial<PaystackCharge> = {}) {
  paystack.charges.set(reference, {
    reference,
    status: 'success',
    amount: 750_000,
    currency: 'NGN',
    metadata: { productId },
    customerEmail: email,
    paidAt: new Date(now.getTime() - 55 * 60_000).toISOString(),
    ...overrides,
  });
}

async function mailsTo(address: string, settleMs = 400): Promise<CaughtMail[]> {
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  return cloud.mail.messages().filter((mail) => mail.to.includes(address));
}

async function stored(id: string) {
  return (await cloud.db.doc(`checkouts/${id}`).get()).data() ?? {};
}

describe('the reminder sweep asks Paystack first', () => {
  it('fulfils a paid checkout whose webhook never came, and sends it no reminder', async () => {
    const { id, email, reference } = await checkout(61);
    paid(reference, email);
    const outcome = await remind();
    expect(outcome).toEqual({ sent: 0, skipped: 1, failed: 0 });
    expect(paystack.verifyCalls).toEqual([reference]);
    const sale = (await cloud.db.doc(`transactions/paystack_${reference}`).get()).data();
    expect(sale).toMatchObject({ amount: 7500, amountPaid: 7500, customerEmail: email, paymentMethod: 'Paystack' });
    expect(await stored(id)).toMatchObject({ status: 'paid', reminder: 'skipped' });
    const mails = await mailsTo(email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your purchase: Freelance Writing Playbook — Digital Store']);
  });

  it('records a paid charge that cannot be fulfilled for the seller, and reminds nobody', async () => {
    const { id, email, reference } = await checkout(61);
    paid(reference, email, { amount: 700_000 });
    expect(await remind()).toEqual({ sent: 0, skipped: 1, failed: 0 });
    const issue = (await cloud.db.doc(`paymentIssues/paystack_${reference}`).get()).data();
    expect(issue).toMatchObject({ reason: 'The amount paid is less than the price of this product.', resolved: false });
    expect(await stored(id)).toMatchObject({ reminder: 'skipped' });
    expect(await mailsTo(email)).toEqual([]);
  });

  it('records a paid charge whose sale could not be saved as a payment issue, not a failure, and reminds nobody', async () => {
    const { id, email, reference } = await checkout(61);
    paid(reference, email);
    // The checkout's record is deleted while Paystack answers: the sale's transaction cannot mark it paid.
    msw.use(
      http.get(`${paystackBase}/transaction/verify/${reference}`, async () => {
        await cloud.db.doc(`checkouts/${id}`).delete();
        return undefined;
      }),
    );
    const outcome = await remind();
    expect(outcome.sent).toBe(0);
    expect((await cloud.db.doc(`transactions/paystack_${reference}`).get()).exists).toBe(false);
    const issue = (await cloud.db.doc(`paymentIssues/paystack_${reference}`).get()).data();
    expect(issue).toMatchObject({
      reason:
        'The payment was verified, but the sale could not be recorded: the store failed while saving it (the server log has the details).',
      amount: 7500,
      customer: { name: 'Ada Chioma Obi', email, phone: '+2348031234567' },
      resolved: false,
      sellerNotified: true,
    });
    expect(await mailsTo(email)).toEqual([]);
    expect(logged).toContain(
      `paystack_${reference}: the verified payment could not be recorded as a sale; recorded for the seller`,
    );
  });

  it('still reminds a checkout Paystack has no payment for', async () => {
    const { id, email } = await checkout(61);
    expect(await remind()).toEqual({ sent: 1, skipped: 0, failed: 0 });
    expect(await stored(id)).toMatchObject({ status: 'open', reminder: 'sent' });
    expect((await mailsTo(email)).map((mail) => mail.subject)).toEqual(['Your Freelance Writing Playbook is waiting']);
  });

  it('sends no reminder for a checkout whose payment is pending', async () => {
    const { id, email, reference } = await checkout(61, {
      status: 'pending',
      pending: { kind: 'transfer', since: minutesBefore(50) },
    });
    paid(reference, email, { status: 'pending', paidAt: null, channel: 'bank_transfer' });
    expect(await remind()).toEqual({ sent: 0, skipped: 1, failed: 0 });
    expect(await stored(id)).toMatchObject({ status: 'pending', reminder: 'skipped' });
    expect(await mailsTo(email)).toEqual([]);
  });

  it('leaves a checkout for the next sweep when Paystack cannot be reached', async () => {
    msw.use(http.get(`${paystackBase}/transaction/verify/:reference`, () => HttpResponse.json({}, { status: 503 })));
    const { id, email } = await checkout(61);
    expect(await remind()).toEqual({ sent: 0, skipped: 0, failed: 0 });
    expect(await stored(id)).toMatchObject({ status: 'open', reminder: null });
    expect(await mailsTo(email)).toEqual([]);
  });
});

describe('the expiry sweep asks Paystack first', () => {
  it('fulfils a paid checkout instead of expiring it, and expires an unpaid one', async () => {
    const paidOne = await checkout(70, { reminder: 'sent' });
    paid(paidOne.reference, paidOne.email);
    const unpaid = await checkout(70, { reminder: 'sent' });
    const outcome = await expire();
    expect(outcome.expired).toBe(1);
    expect(await stored(paidOne.id)).toMatchObject({ status: 'paid' });
    expect(await stored(unpaid.id)).toMatchObject({ status: 'expired' });
    expect((await cloud.db.doc(`transactions/paystack_${paidOne.reference}`).get()).exists).toBe(true);
  });

  it('lets a checkout whose transfer Paystack reports under way wait, and e-mails its buyer the waiting page', async () => {
    const { id, email, reference } = await checkout(70, { reminder: 'sent' });
    paid(reference, email, { status: 'ongoing', paidAt: null, channel: 'bank_transfer' });
    expect((await expire()).expired).toBe(0);
    expect(await stored(id)).toMatchObject({ status: 'pending', pending: { kind: 'transfer' } });
    const mails = await mailsTo(email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      "We're waiting for your transfer for Freelance Writing Playbook",
    ]);
  });

  it('ends a pending transfer waited for a day after its hour, and a paid one is fulfilled instead', async () => {
    const since = { kind: 'transfer', since: minutesBefore(26 * 60) };
    const stale = await checkout(26 * 60, { status: 'pending', pending: since, reminder: 'skipped' });
    // Paystack confirmed this one's transfer under way while the checkout waited for it.
    const late = await checkout(26 * 60, {
      status: 'pending',
      pending: since,
      reminder: 'skipped',
      transferSeenAt: minutesBefore(25.5 * 60),
    });
    paid(late.reference, late.email, {
      channel: 'bank_transfer',
      createdAt: new Date(now.getTime() - 25.5 * 60 * 60_000).toISOString(),
      paidAt: new Date(now.getTime() - 60_000).toISOString(),
    });
    const young = await checkout(90, { status: 'pending', pending: { kind: 'transfer', since: minutesBefore(80) } });
    paid(young.reference, young.email, { status: 'ongoing', paidAt: null, channel: 'bank_transfer' });
    await expire();
    expect(await stored(stale.id)).toMatchObject({ status: 'expired', endedBy: 'expired' });
    expect(await stored(late.id)).toMatchObject({ status: 'paid' });
    expect(await stored(young.id)).toMatchObject({ status: 'pending', transferSeenAt: expect.anything() });
  });

  it('expires at its hour a transfer only the browser reported, Paystack knowing no transaction for it', async () => {
    const pending = { status: 'pending', pending: { kind: 'transfer', since: minutesBefore(80) } };
    const unknown = await checkout(90, pending);
    const abandoned = await checkout(90, { ...pending, transferSeenAt: minutesBefore(80) });
    paid(abandoned.reference, abandoned.email, { status: 'abandoned', paidAt: null, channel: 'bank_transfer' });
    const paypal = await checkout(90, {
      ...pending,
      provider: 'paypal',
      pending: { kind: 'paypal', since: minutesBefore(80) },
    });
    expect(await expire()).toEqual({ expired: 2, released: 0 });
    expect(await stored(unknown.id)).toMatchObject({ status: 'expired', endedBy: 'expired' });
    expect(await stored(abandoned.id)).toMatchObject({ status: 'expired', endedBy: 'expired' });
    // PayPal's own word that a capture is under review waits its lifetime.
    expect(await stored(paypal.id)).toMatchObject({ status: 'pending' });
    expect(paystack.verifyCalls.sort()).toEqual([unknown.reference, abandoned.reference].sort());
  });
});

describe('the store’s Paystack channels', () => {
  it('are the ones the seller chose in Store settings, on every Paystack checkout', async () => {
    await cloud.db.doc(`products/${productId}`).set({
      title: 'Freelance Writing Playbook',
      description: 'How to start.',
      priceInNgn: 7500,
      priceInUsd: 9,
      categoryId: 1,
      coverImageUrl: 'https://images.test/cover.png',
      author: 'Digital Store Content Team',
      createdAt: minutesBefore(60 * 24 * 365),
    });
    await cloud.db.doc('settings/store').set({
      keepAccessOnPartialRefund: true,
      remindersOn: true,
      paystackChannels: ['ussd', 'bank_transfer'],
    });
    const port = await freePort();
    const app = createApp(deps());
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(port, '127.0.0.1', () => resolve(s));
    });
    try {
      const customer = {
        name: 'Ada Obi',
        email: 'ada@example.com',
        confirmEmail: 'ada@example.com',
        phone: '+2348031234567',
      };
      const answer = async (currency: 'NGN' | 'USD', provider?: 'demo') => {
        const response = await fetch(`http://127.0.0.1:${port}/api/checkouts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ productId, currency, customer, ...(provider ? { provider } : {}) }),
        });
        return (await response.json()) as { channels?: string[]; provider: string };
      };
      expect(await answer('NGN')).toMatchObject({ provider: 'paystack', channels: ['ussd', 'bank_transfer'] });
      expect(await answer('NGN', 'demo')).not.toHaveProperty('channels');
    } finally {
      await closeServer(server);
      await cloud.db.doc('settings/store').delete();
    }
  });
});
