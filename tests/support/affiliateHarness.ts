// What the affiliate program's tests share (docs/affiliates.md): our API on the local cloud with real
// admin ID tokens from the Auth emulator, real SMTP into the mail catcher, the applicant's mailed-code
// sign-in, and Paystack's REST API (banks, account resolution, subaccounts, verification) faked by msw
// at its base URL. Nothing of ours is faked.
import { randomInt } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { demoAdmin, seedDemoAdmin } from '../../local/seed/seed';
import { createAdminAuth } from '../../server/admin/adminAuth';
import { signInWithPassword, signUpStranger } from './authEmulatorUsers';
import { useMsw } from './msw';
import { signIn } from './libraryHarness';
import {
  buildCustomer,
  cloud,
  createFakePaystack,
  db,
  paystackBase,
  paystackSecret,
  postJson,
  removeSeededProducts,
  seedProduct,
  signPaystack,
  startPurchaseApi,
  uniqueTag,
  type Customer,
  type PurchaseApi,
  type SeededProduct,
} from './purchaseHarness';

export const program = { on: true, percent: 30, windowDays: 30, approvalRequired: true, holdDays: 30 };
/** Other files reset settings/store; the program is turned on again right before it matters. */
export const programOn = () => db.doc('settings/store').set({ affiliates: program }, { merge: true });

/** Paystack's bank list, account resolution (every number but 0000000000 is CHIOMA NWOSU's) and subaccounts. */
function accountHandlers(subaccountBodies: Array<Record<string, unknown>>, resolveCalls: string[]) {
  return [
    http.get(`${paystackBase}/bank`, ({ request }) => {
      if (request.headers.get('authorization') !== `Bearer ${paystackSecret}`) {
        return HttpResponse.json({ status: false, message: 'Invalid key' }, { status: 401 });
      }
      return HttpResponse.json({
        status: true,
        message: 'Banks retrieved',
        data: [
          { id: 1, name: 'Access Bank', code: '044', active: true, country: 'Nigeria', currency: 'NGN' },
          { id: 2, name: 'Guaranty Trust Bank', code: '058', active: true, country: 'Nigeria', currency: 'NGN' },
          { id: 3, name: 'Closed Bank', code: '999', active: false, country: 'Nigeria', currency: 'NGN' },
        ],
      });
    }),
    http.get(`${paystackBase}/bank/resolve`, ({ request }) => {
      const url = new URL(request.url);
      const number = url.searchParams.get('account_number') ?? '';
      resolveCalls.push(`${url.searchParams.get('bank_code')}:${number}`);
      if (number === '0000000000') {
        return HttpResponse.json({ status: false, message: 'Could not resolve account name' }, { status: 422 });
      }
      return HttpResponse.json({
        status: true,
        message: 'Account number resolved',
        data: { account_number: number, account_name: 'CHIOMA NWOSU', bank_id: 9 },
      });
    }),
    http.post(`${paystackBase}/subaccount`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      subaccountBodies.push(body);
      return HttpResponse.json(
        {
          status: true,
          message: 'Subaccount created',
          data: { subaccount_code: `ACCT_${String(body.account_number)}`, business_name: body.business_name },
        },
        { status: 201 },
      );
    }),
  ];
}

/** A 10-digit account number no other test uses. */
export const newAccountNumber = () => String(randomInt(1_000_000_000, 10_000_000_000));

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** An application's body (the address it is made under is the signed-in one). */
export function application(tag: string, payout: Record<string, unknown>) {
  return {
    name: `Chioma Nwosu ${tag}`,
    email: `chioma.${tag}@example.com`,
    phone: '+234 803 555 0101',
    promotion: 'A weekly newsletter for Lagos freelancers.',
    payout,
  };
}

/** An API with admin Auth on the cloud's Auth emulator, on the clock given (the real one by default). */
export function startAffiliateApi(now?: () => Date) {
  return startPurchaseApi(
    { ADMIN_RATE_LIMIT: '1000', SIGNIN_RATE_LIMIT: '1000' },
    {
      auth: createAdminAuth({
        projectId: 'demo-digital-store',
        emulatorHost: cloud.apiEnv.FIREBASE_AUTH_EMULATOR_HOST,
      }),
      ...(now ? { now } : {}),
    },
  );
}

/**
 * Call at the top of a test file: starts the API, Paystack's stand-in and the admin's and a
 * stranger's ID tokens before the file's tests, turns the program on before each, stops all after.
 */
export function useAffiliateApi() {
  const paystack = createFakePaystack();
  const subaccountBodies: Array<Record<string, unknown>> = [];
  const resolveCalls: string[] = [];
  useMsw(setupServer(...paystack.handlers, ...accountHandlers(subaccountBodies, resolveCalls)));
  const started = { api: null as PurchaseApi | null, adminToken: '', strangerToken: '' };

  beforeAll(async () => {
    await seedDemoAdmin(db, cloud.authUrl);
    started.adminToken = (await signInWithPassword(cloud.authUrl, demoAdmin.email, demoAdmin.password)).idToken;
    started.strangerToken = (await signUpStranger(cloud.authUrl)).idToken;
    started.api = await startAffiliateApi();
  });
  beforeEach(programOn);
  afterAll(async () => {
    await started.api?.close();
    await removeSeededProducts();
  });

  const api = (): PurchaseApi => {
    if (!started.api) throw new Error('the affiliate API starts before the tests');
    return started.api;
  };
  const adminToken = () => started.adminToken;
  const strangerToken = () => started.strangerToken;

  /** POST /api/admin/affiliates{path}, as the demo admin unless another token is given. */
  const admin = (path: string, body: unknown = {}, token = started.adminToken) =>
    postJson(`${api().url}/api/admin/affiliates${path}`, body, bearer(token));

  /**
   * Signs in as the application's address (the mailed code) and applies: the answer and the cookie.
   * The program is turned on again right before (another file may have turned it off meanwhile).
   */
  const applyAs = async (body: ReturnType<typeof application>, email = body.email) => {
    const cookie = await signIn(api().url, email);
    await programOn();
    return { cookie, answer: await postJson(`${api().url}/api/affiliates/apply`, body, { cookie }) };
  };

  /**
   * An approved affiliate with its own commission (30%), by bank (with a subaccount) or by PayPal;
   * `payout` names the account (a new one by default).
   */
  const approvedAffiliate = async (
    kind: 'bank' | 'paypal' = 'bank',
    percent = 30,
    payout: { accountNumber?: string; paypalEmail?: string } = {},
  ) => {
    const tag = uniqueTag();
    const accountNumber = payout.accountNumber ?? newAccountNumber();
    const body = application(
      tag,
      kind === 'bank'
        ? { kind, bankCode: '058', accountNumber }
        : { kind, paypalEmail: payout.paypalEmail ?? `pp.${tag}@example.com` },
    );
    const { answer, cookie } = await applyAs(body);
    expect(answer.status).toBe(201);
    const { code } = (await answer.json()) as { code: string };
    expect((await admin(`/${code}/commission`, { percent })).status).toBe(200);
    expect((await admin(`/${code}/approve`)).status).toBe(200);
    return { code, email: body.email, accountNumber, tag, cookie };
  };

  const checkout = async (product: SeededProduct, customer: Customer, extra: Record<string, unknown> = {}) => {
    await programOn();
    const response = await postJson(`${api().url}/api/checkouts`, {
      productId: product.id,
      currency: 'NGN',
      customer,
      provider: 'paystack',
      ...extra,
    });
    expect(response.status).toBe(201);
    return (await response.json()) as { checkoutId: string; reference: string; amount: number; split?: unknown };
  };

  const payWithPaystack = (
    product: SeededProduct,
    customer: Customer,
    reference: string,
    amountKobo: number,
    split?: { subaccount: string; transactionCharge: number | null },
  ) => {
    paystack.charges.set(reference, {
      reference,
      status: 'success',
      amount: amountKobo,
      currency: 'NGN',
      metadata: { productId: product.id },
      customerEmail: customer.email,
      ...(split ? { split } : {}),
    });
    return postJson(`${api().url}/api/orders`, {
      provider: 'paystack',
      reference,
      productId: product.id,
      currency: 'NGN',
      customer,
    });
  };

  /** A Paystack webhook event, signed: the outcome the API answers. */
  const paystackEvent = async (event: unknown) => {
    const raw = JSON.stringify(event);
    const response = await fetch(`${api().url}/api/webhooks/paystack`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystack(raw) },
      body: raw,
    });
    return ((await response.json()) as { outcome?: string }).outcome;
  };

  /** An attributed NGN sale of 7500, split by Paystack or not, to this buyer (a new one by default). */
  const attributedSale = async (
    affiliate: { code: string; accountNumber: string },
    split: boolean,
    buyer: Customer = buildCustomer(),
  ) => {
    const product = await seedProduct({ priceInNgn: 7500 });
    const { reference, checkoutId } = await checkout(product, buyer, { ref: affiliate.code });
    const paid = await payWithPaystack(
      product,
      buyer,
      reference,
      750_000,
      split ? { subaccount: `ACCT_${affiliate.accountNumber}`, transactionCharge: 525_000 } : undefined,
    );
    expect(paid.status).toBe(200);
    return { reference, checkoutId, transactionId: `paystack_${reference}` };
  };

  return {
    paystack,
    subaccountBodies,
    resolveCalls,
    api,
    adminToken,
    strangerToken,
    admin,
    applyAs,
    approvedAffiliate,
    checkout,
    payWithPaystack,
    paystackEvent,
    attributedSale,
  };
}

export const checkoutDoc = async (id: string) => (await db.doc(`checkouts/${id}`).get()).data() ?? {};
export const commissionDoc = async (id: string) => (await db.doc(`commissions/${id}`).get()).data() ?? null;

export function disputeEvent(type: 'charge.dispute.create' | 'charge.dispute.resolve', reference: string, id: number) {
  return {
    event: type,
    data: {
      id,
      refund_amount: 750_000,
      currency: 'NGN',
      status: type === 'charge.dispute.resolve' ? 'resolved' : 'awaiting-merchant-feedback',
      resolution: type === 'charge.dispute.resolve' ? 'merchant-accepted' : null,
      domain: 'test',
      category: 'chargeback',
      due_at: '2026-12-01T10:00:00.000Z',
      transaction: { id: 4099260516, reference, amount: 750_000, currency: 'NGN' },
    },
  };
}

export function refundProcessed(reference: string, amount: number) {
  const id = 50_000 + Math.floor(Math.random() * 40_000);
  return {
    event: 'refund.processed',
    data: {
      status: 'processed',
      transaction_reference: reference,
      refund_reference: `RRN${id}`,
      amount,
      currency: 'NGN',
      customer: { first_name: null, last_name: null, email: 'buyer@example.com' },
      domain: 'test',
      id,
    },
  };
}
