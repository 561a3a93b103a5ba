// The affiliate program (docs/affiliates.md) against the local cloud: our API with real admin ID tokens
// from the Auth emulator, our Firestore emulator, real SMTP into the mail catcher; only Paystack's REST
// API (banks, account resolution, subaccounts, verification) is faked, by msw at its base URL
// (affiliateHarness.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdminAuth } from '../../../server/admin/adminAuth';
import type { AffiliatePageAnswer } from '../../../domain/affiliates';
import { signIn } from '../../support/libraryHarness';
import {
  buildCustomer,
  cloud,
  db,
  mailsMatching,
  postJson,
  seedDiscountCode,
  seedProduct,
  startPurchaseApi,
  toAddress,
  uniqueTag,
  type PurchaseApi,
} from '../../support/purchaseHarness';
import {
  application,
  bearer,
  checkoutDoc,
  commissionDoc,
  disputeEvent,
  programOn,
  refundProcessed,
  useAffiliateApi,
} from '../../support/affiliateHarness';

const harness = useAffiliateApi();
const {
  subaccountBodies,
  admin,
  applyAs,
  approvedAffiliate,
  checkout,
  payWithPaystack,
  paystackEvent,
  attributedSale,
} = harness;
let api: PurchaseApi;
let adminToken: string;
let strangerToken: string;
beforeAll(() => {
  api = harness.api();
  adminToken = harness.adminToken();
  strangerToken = harness.strangerToken();
});

describe('joining: Paystack banks, account resolution and subaccounts', () => {
  it('lists Paystack’s active Nigerian banks and resolves an account to its holder’s name', async () => {
    const banks = await fetch(`${api.url}/api/affiliates/banks`);
    expect(await banks.json()).toEqual({
      banks: [
        { code: '044', name: 'Access Bank' },
        { code: '058', name: 'Guaranty Trust Bank' },
      ],
    });
    // Resolving needs the applicant's sign-in (affiliateSignUp.test.ts has the refusal).
    const cookie = { cookie: await signIn(api.url, `applicant.${uniqueTag()}@example.com`) };
    const resolved = await postJson(
      `${api.url}/api/affiliates/resolve-account`,
      { bankCode: '058', accountNumber: '0123456789' },
      cookie,
    );
    expect(await resolved.json()).toEqual({ accountName: 'CHIOMA NWOSU' });
    const unknown = await postJson(
      `${api.url}/api/affiliates/resolve-account`,
      { bankCode: '058', accountNumber: '0000000000' },
      cookie,
    );
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      message: 'Paystack could not find this account. Please check the bank and the account number.',
    });
    const short = await postJson(
      `${api.url}/api/affiliates/resolve-account`,
      { bankCode: '058', accountNumber: '123' },
      cookie,
    );
    expect(await short.json()).toEqual({ message: 'The account number has 10 digits.' });
  });

  it('saves an application with the resolved account, e-mails the applicant and the seller, and creates the subaccount on approval', async () => {
    const tag = uniqueTag();
    const body = application(tag, { kind: 'bank', bankCode: '058', accountNumber: '0123456789' });
    const { answer: applied } = await applyAs(body);
    expect(applied.status).toBe(201);
    const { code, status } = (await applied.json()) as { code: string; status: string };
    expect(status).toBe('pending');
    expect(code).toMatch(/^CHIOMA[0-9]{2,3}$/);
    const stored = (await db.doc(`affiliates/${code}`).get()).data();
    expect(stored).toMatchObject({
      name: `Chioma Nwosu ${tag}`,
      status: 'pending',
      commissionPercent: null,
      subaccountCode: null,
      paypalEmail: null,
      bank: {
        code: '058',
        name: 'Guaranty Trust Bank',
        accountName: 'CHIOMA NWOSU',
        accountNumber: '0123456789',
        last4: '6789',
      },
    });
    const received = await mailsMatching(
      (mail) => toAddress(body.email)(mail) && !mail.subject.startsWith('Your sign-in code'),
    );
    expect(received.map((mail) => mail.subject)).toEqual(['We received your affiliate application — Digital Store']);
    const notice = await mailsMatching(
      (mail) => mail.subject.startsWith('New affiliate application') && mail.text.includes(code),
    );
    expect(notice).toHaveLength(1);

    expect((await admin(`/${code}/approve`, {}, strangerToken)).status).toBe(403);
    expect((await db.doc(`affiliates/${code}`).get()).get('status')).toBe('pending');
    const approved = await admin(`/${code}/approve`);
    expect(await approved.json()).toEqual({ message: 'Affiliate approved and e-mailed.' });
    expect(subaccountBodies.at(-1)).toEqual({
      business_name: `Chioma Nwosu ${tag} (${code})`,
      settlement_bank: '058',
      account_number: '0123456789',
      percentage_charge: 70,
      primary_contact_email: body.email,
    });
    expect((await db.doc(`affiliates/${code}`).get()).data()).toMatchObject({
      status: 'approved',
      subaccountCode: 'ACCT_0123456789',
    });
    const mails = await mailsMatching(toAddress(body.email), 2);
    expect(mails.map((mail) => mail.subject)).toContain('You are approved as an affiliate — Digital Store');
  });

  it('refuses the seller’s actions to non-admins, an unknown affiliate and a commission out of range', async () => {
    const { code } = await approvedAffiliate('paypal');
    expect((await admin(`/${code}/pause`, {}, strangerToken)).status).toBe(403);
    expect((await admin(`/${code}/commission`, { percent: 50 }, strangerToken)).status).toBe(403);
    expect((await db.doc(`affiliates/${code}`).get()).data()).toMatchObject({
      status: 'approved',
      commissionPercent: 30,
    });
    const unknown = await admin('/NOSUCH99/approve');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'No such affiliate.' });
    const tooHigh = await admin(`/${code}/commission`, { percent: 91 });
    expect(tooHigh.status).toBe(400);
    expect(await tooHigh.json()).toEqual({ message: 'The commission is a whole percentage from 1 to 90.' });
    expect((await admin(`/${code}/remove`)).status).toBe(200);
    expect((await admin(`/${code}/approve`)).status).toBe(404);
    expect((await db.doc(`affiliates/${code}`).get()).get('status')).toBe('removed');
  });

  it('creates one subaccount and sends one approval e-mail when two admins approve at once', async () => {
    const tag = uniqueTag();
    const accountNumber = `7${Date.now()}`.slice(-10);
    const body = application(tag, { kind: 'bank', bankCode: '044', accountNumber });
    const { code } = (await (await applyAs(body)).answer.json()) as { code: string };
    const before = subaccountBodies.length;
    const answers = await Promise.all([
      admin(`/${code}/approve`),
      admin(`/${code}/approve`),
      admin(`/${code}/approve`),
    ]);
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(subaccountBodies.slice(before).map((each) => each.account_number)).toEqual([accountNumber]);
    expect((await db.doc(`affiliates/${code}`).get()).data()).toMatchObject({
      status: 'approved',
      subaccountCode: `ACCT_${accountNumber}`,
    });
    const approvals = await mailsMatching(
      (mail) => toAddress(body.email)(mail) && mail.subject.startsWith('You are approved'),
    );
    expect(approvals).toHaveLength(1);
  });

  // The program turned off is affiliateProgramOff.test.ts's, on a cloud of its own.
  it('refuses a second application from the same mailbox', async () => {
    const tag = uniqueTag();
    const first = application(tag, { kind: 'paypal', paypalEmail: `pp.${tag}@example.com` });
    const cookie = await signIn(api.url, first.email);
    await programOn();
    expect((await postJson(`${api.url}/api/affiliates/apply`, first, { cookie })).status).toBe(201);
    // The same mailbox, spelled otherwise and signed in as such (the session's address is lower case).
    const { answer: again } = await applyAs(first, first.email.replace('@', '+again@'));
    expect(again.status).toBe(409);

    // Two applications from one new mailbox at once: one affiliate.
    const twinTag = uniqueTag();
    const twin = application(twinTag, { kind: 'paypal', paypalEmail: `pp.${twinTag}@example.com` });
    const twinCookie = { cookie: await signIn(api.url, twin.email) };
    await programOn();
    const both = await Promise.all([
      postJson(`${api.url}/api/affiliates/apply`, twin, twinCookie),
      postJson(`${api.url}/api/affiliates/apply`, twin, twinCookie),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const stored = await db.collection('affiliates').where('email', '==', twin.email).get();
    expect(stored.size).toBe(1);
  });
});

describe('links: clicks and attribution', () => {
  it('counts a click per visitor and day for an approved affiliate only, with nothing personal', async () => {
    const { code } = await approvedAffiliate('paypal');
    // Two visitors (two browsers); affiliateClicks.test.ts has one visitor's repeated clicks.
    for (const browser of ['Chrome/131', 'Firefox/133']) {
      const clicked = await postJson(
        `${api.url}/api/affiliates/${code.toLowerCase()}/click`,
        {},
        {
          'user-agent': browser,
        },
      );
      expect(await clicked.json()).toEqual({ accepted: true, windowDays: 30 });
    }
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
    expect((await db.doc(`affiliateClicks/${code}_${day}`).get()).data()).toEqual({ code, day, count: 2 });
    expect(await (await postJson(`${api.url}/api/affiliates/NOSUCH1/click`, {})).json()).toEqual({
      accepted: false,
      windowDays: 30,
    });
    expect((await db.doc(`affiliateClicks/NOSUCH1_${day}`).get()).exists).toBe(false);
  });

  it('fixes nothing for a pending or paused affiliate, or when the buyer is the affiliate', async () => {
    const product = await seedProduct({ priceInNgn: 7500 });
    const pendingTag = uniqueTag();
    const { answer: pending } = await applyAs(
      application(pendingTag, { kind: 'paypal', paypalEmail: `pp.${pendingTag}@example.com` }),
    );
    const pendingCode = ((await pending.json()) as { code: string }).code;
    const toPending = await checkout(product, buildCustomer(), { ref: pendingCode });
    expect(await checkoutDoc(toPending.checkoutId)).not.toHaveProperty('affiliateCode');

    const paused = await approvedAffiliate('paypal');
    expect((await admin(`/${paused.code}/pause`)).status).toBe(200);
    const toPaused = await checkout(product, buildCustomer(), { ref: paused.code });
    expect(await checkoutDoc(toPaused.checkoutId)).not.toHaveProperty('affiliateCode');

    const self = await approvedAffiliate('paypal');
    const buyer = { ...buildCustomer(), email: self.email.replace('@', '+shop@').toUpperCase() };
    const own = await checkout(product, { ...buyer, confirmEmail: buyer.email }, { ref: self.code });
    expect(await checkoutDoc(own.checkoutId)).not.toHaveProperty('affiliateCode');

    const other = await checkout(product, buildCustomer(), { ref: self.code.toLowerCase() });
    expect(await checkoutDoc(other.checkoutId)).toMatchObject({ affiliateCode: self.code, commissionMinor: 225_000 });
  });
});

describe('commission and the Paystack split', () => {
  it('fixes 30% of the discounted amount in kobo, rounded down, with the split for the affiliate’s subaccount', async () => {
    const product = await seedProduct({ priceInNgn: 7500 });
    const affiliate = await approvedAffiliate('bank');
    const code = await seedDiscountCode('AFF', { percent: 15 });
    const answer = await checkout(product, buildCustomer(), { ref: affiliate.code, code });
    expect(answer.amount).toBe(6375);
    expect(answer.split).toEqual({
      subaccount: `ACCT_${affiliate.accountNumber}`,
      transactionCharge: 446_250,
      bearer: 'account',
    });
    expect(await checkoutDoc(answer.checkoutId)).toMatchObject({
      affiliateCode: affiliate.code,
      commissionMinor: 191_250,
      affiliatePercent: 30,
      split: { subaccount: `ACCT_${affiliate.accountNumber}`, transactionChargeMinor: 446_250, bearer: 'account' },
    });
  });

  it('records a verified split as paid by Paystack, and a charge without it as owed on the ledger', async () => {
    const product = await seedProduct({ priceInNgn: 7500 });
    const affiliate = await approvedAffiliate('bank');
    const subaccount = `ACCT_${affiliate.accountNumber}`;

    const splitBuyer = buildCustomer();
    const split = await checkout(product, splitBuyer, { ref: affiliate.code });
    const paid = await payWithPaystack(product, splitBuyer, split.reference, 750_000, {
      subaccount,
      transactionCharge: 525_000,
    });
    expect(paid.status).toBe(200);
    expect(await commissionDoc(`paystack_${split.reference}`)).toEqual({
      affiliateCode: affiliate.code,
      currency: 'NGN',
      baseMinor: 750_000,
      percent: 30,
      earnedMinor: 225_000,
      amountMinor: 225_000,
      status: 'split',
      productName: product.title,
      soldAt: '2026-11-22T09:00:05.000Z',
      payableAt: null,
      paidAt: '2026-11-22T09:00:05.000Z',
      batchId: null,
    });
    expect((await db.doc(`transactions/paystack_${split.reference}`).get()).data()).toMatchObject({
      affiliateCode: affiliate.code,
      commissionMinor: 225_000,
      commissionPaidBy: 'split',
    });

    const plainBuyer = buildCustomer();
    const plain = await checkout(product, plainBuyer, { ref: affiliate.code });
    expect((await payWithPaystack(product, plainBuyer, plain.reference, 750_000)).status).toBe(200);
    expect(await commissionDoc(`paystack_${plain.reference}`)).toMatchObject({
      amountMinor: 225_000,
      status: 'pending',
      payableAt: '2026-12-22T09:00:05.000Z',
      paidAt: null,
    });
    expect((await db.doc(`transactions/paystack_${plain.reference}`).get()).get('commissionPaidBy')).toBe('ledger');
  });

  it('holds for the seller a payment split with a subaccount or a share the checkout did not name', async () => {
    const product = await seedProduct({ priceInNgn: 7500 });
    const affiliate = await approvedAffiliate('bank');
    // The buyer's browser sets the split in the popup: a diverted one is paid, but not as asked.
    const diverted = [
      {
        ref: affiliate.code,
        split: { subaccount: 'ACCT_someoneelse', transactionCharge: 525_000 },
        reason: 'The payment was split with a Paystack subaccount this checkout did not name.',
      },
      {
        ref: affiliate.code,
        split: { subaccount: `ACCT_${affiliate.accountNumber}`, transactionCharge: 100_000 },
        reason: "The payment was split with a share other than this checkout's.",
      },
      {
        ref: undefined,
        split: { subaccount: `ACCT_${affiliate.accountNumber}`, transactionCharge: 100_000 },
        reason: 'The payment was split with a Paystack subaccount this checkout did not name.',
      },
    ];
    for (const { ref, split, reason } of diverted) {
      const buyer = buildCustomer();
      const started = await checkout(product, buyer, ref ? { ref } : {});
      const answer = await payWithPaystack(product, buyer, started.reference, 750_000, split);
      expect(answer.status).toBe(202);
      expect(await answer.json()).toMatchObject({ paymentIssue: true });
      const issue = (await db.doc(`paymentIssues/paystack_${started.reference}`).get()).data();
      expect(issue?.reason).toBe(reason);
      expect((await db.doc(`transactions/paystack_${started.reference}`).get()).exists).toBe(false);
      expect(await commissionDoc(`paystack_${started.reference}`)).toBeNull();
    }
  });

  it('holds for the seller a charge to the right subaccount whose answer does not show the split', async () => {
    const product = await seedProduct({ priceInNgn: 7500 });
    const affiliate = await approvedAffiliate('bank');
    const buyer = buildCustomer();
    const started = await checkout(product, buyer, { ref: affiliate.code });
    // Paystack names the affiliate's subaccount but gives no fees_split: the shares are not shown.
    const answer = await payWithPaystack(product, buyer, started.reference, 750_000, {
      subaccount: `ACCT_${affiliate.accountNumber}`,
      transactionCharge: null,
    });
    expect(answer.status).toBe(202);
    expect(await answer.json()).toMatchObject({ paymentIssue: true });
    const issue = (await db.doc(`paymentIssues/paystack_${started.reference}`).get()).data();
    expect(issue?.reason).toBe("Paystack's answer does not show how this payment was split.");
    expect((await db.doc(`transactions/paystack_${started.reference}`).get()).exists).toBe(false);
    expect(await commissionDoc(`paystack_${started.reference}`)).toBeNull();
  });

  it('records one commission when the buyer’s call and a retry fulfil the same payment at once', async () => {
    const product = await seedProduct({ priceInNgn: 7500 });
    const affiliate = await approvedAffiliate('paypal');
    const buyer = buildCustomer();
    const { reference } = await checkout(product, buyer, { ref: affiliate.code });
    const answers = await Promise.all([
      payWithPaystack(product, buyer, reference, 750_000),
      payWithPaystack(product, buyer, reference, 750_000),
      payWithPaystack(product, buyer, reference, 750_000),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const commissions = await db.collection('commissions').where('affiliateCode', '==', affiliate.code).get();
    expect(commissions.docs.map((doc) => [doc.id, doc.get('amountMinor') as number])).toEqual([
      [`paystack_${reference}`, 225_000],
    ]);
  });
});

describe('the ledger: pending, payable after the hold, paid in a batch', () => {
  it('shows a commission pending, payable once the hold has passed, then paid with its batch and CSV', async () => {
    const affiliate = await approvedAffiliate('paypal');
    const { transactionId } = await attributedSale(affiliate, false);
    const ledger = async (url: string) => {
      const response = await fetch(`${url}/api/admin/affiliates`, { headers: bearer(adminToken) });
      const body = (await response.json()) as { commissions: Array<{ transactionId: string; status: string }> };
      return body.commissions.find((commission) => commission.transactionId === transactionId)?.status;
    };
    expect(await ledger(api.url)).toBe('pending');
    expect((await fetch(`${api.url}/api/admin/affiliates`, { headers: bearer(strangerToken) })).status).toBe(403);

    const later = await startPurchaseApi(
      { ADMIN_RATE_LIMIT: '1000' },
      {
        auth: createAdminAuth({
          projectId: 'demo-digital-store',
          emulatorHost: cloud.apiEnv.FIREBASE_AUTH_EMULATOR_HOST,
        }),
        now: () => new Date('2026-12-23T00:00:00.000Z'),
      },
    );
    try {
      expect(await ledger(later.url)).toBe('payable');
      const strangerBatch = await postJson(
        `${later.url}/api/admin/affiliates/commissions/batch`,
        { affiliateCode: affiliate.code },
        bearer(strangerToken),
      );
      expect(strangerBatch.status).toBe(403);
      expect(await ledger(later.url)).toBe('payable');
      // Two admins press the button at once: the commission goes into one batch only.
      const batches = await Promise.all(
        [1, 2].map(async () => {
          const response = await postJson(
            `${later.url}/api/admin/affiliates/commissions/batch`,
            { affiliateCode: affiliate.code },
            bearer(adminToken),
          );
          return (await response.json()) as { batchId: string; count: number; csv: string; message: string };
        }),
      );
      expect(batches.map((each) => each.count).sort()).toEqual([0, 1]);
      const answer = batches.find((each) => each.count === 1);
      if (!answer) throw new Error('no batch paid the commission');
      expect(answer.message).toBe('1 commission marked paid.');
      expect(answer.csv).toBe(
        [
          'affiliate,code,pay to,amount,currency,sales',
          `Chioma Nwosu ${affiliate.tag},${affiliate.code},PayPal pp.${affiliate.tag}@example.com,2250.00,NGN,1`,
          '',
        ].join('\n'),
      );
      expect(await commissionDoc(transactionId)).toMatchObject({
        status: 'paid',
        batchId: answer.batchId,
        paidAt: '2026-12-23T00:00:00.000Z',
      });
      const again = await postJson(
        `${later.url}/api/admin/affiliates/commissions/batch`,
        { affiliateCode: affiliate.code },
        bearer(adminToken),
      );
      expect(await again.json()).toMatchObject({ count: 0, message: 'No commission is payable yet.' });
    } finally {
      await later.close();
    }
  });
});

describe('refunds and disputes', () => {
  it('reverses a ledger commission on a full refund, and halves it on a half refund', async () => {
    const affiliate = await approvedAffiliate('bank');
    const full = await attributedSale(affiliate, false);
    expect(await paystackEvent(refundProcessed(full.reference, 750_000))).toBe('applied');
    expect(await commissionDoc(full.transactionId)).toMatchObject({ status: 'reversed', amountMinor: 0 });
    expect((await db.doc(`transactions/${full.transactionId}`).get()).get('commissionMinor')).toBe(0);

    const half = await attributedSale(affiliate, false);
    expect(await paystackEvent(refundProcessed(half.reference, 375_000))).toBe('applied');
    expect(await commissionDoc(half.transactionId)).toMatchObject({
      status: 'pending',
      earnedMinor: 225_000,
      amountMinor: 112_500,
    });
  });

  it('records a refunded split commission as owed back by the affiliate, and reverses one whose dispute was lost', async () => {
    const affiliate = await approvedAffiliate('bank');
    const split = await attributedSale(affiliate, true);
    await paystackEvent(refundProcessed(split.reference, 750_000));
    expect(await commissionDoc(split.transactionId)).toMatchObject({ status: 'owedBack', amountMinor: 225_000 });

    const disputed = await attributedSale(affiliate, false);
    const id = 90_000 + Math.floor(Math.random() * 9_000);
    expect(await paystackEvent(disputeEvent('charge.dispute.create', disputed.reference, id))).toBe('applied');
    expect((await commissionDoc(disputed.transactionId))?.status).toBe('pending');
    expect(await paystackEvent(disputeEvent('charge.dispute.resolve', disputed.reference, id))).toBe('applied');
    expect(await commissionDoc(disputed.transactionId)).toMatchObject({ status: 'reversed', amountMinor: 0 });
  });
});

describe('the affiliate’s own page', () => {
  it('answers the signed-in affiliate their clicks, sales, totals per currency and state, and products; nobody else', async () => {
    const affiliate = await approvedAffiliate('paypal');
    await postJson(`${api.url}/api/affiliates/${affiliate.code}/click`, {});
    const sale = await attributedSale(affiliate, false);

    const anonymous = await fetch(`${api.url}/api/affiliates/me`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Please sign in with the e-mail address you applied with.' });
    const stranger = await signIn(api.url, `stranger.${uniqueTag()}@example.com`);
    const notOne = await fetch(`${api.url}/api/affiliates/me`, { headers: { cookie: stranger } });
    expect(notOne.status).toBe(404);

    const cookie = await signIn(api.url, affiliate.email);
    const page = await fetch(`${api.url}/api/affiliates/me`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const answer = (await page.json()) as AffiliatePageAnswer;
    expect(answer).toMatchObject({
      code: affiliate.code,
      name: `Chioma Nwosu ${affiliate.tag}`,
      status: 'approved',
      percent: 30,
      clicks: 1,
      totals: { NGN: { pending: 225_000 } },
    });
    expect(answer.sales).toEqual([
      {
        transactionId: sale.transactionId,
        productName: expect.stringMatching(/^Practical Guide /),
        paidAt: '2026-11-22T09:00:05.000Z',
        currency: 'NGN',
        amountMinor: 750_000,
        commissionMinor: 225_000,
        status: 'pending',
      },
    ]);
    expect(answer.products.length).toBeGreaterThan(0);
  });
});
