// What the purchase API tests share: their own API instance on the local cloud (real Firestore
// emulator, real SMTP into the cloud's mail catcher), fake Paystack and PayPal REST APIs for msw at
// the configured base URLs, seeded products, and reading mails back from the catcher.
import { createHmac, randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { inject } from 'vitest';
import type { CaughtMail } from '../../local/mail/mailCatcher';
import { freePort } from '../../local/ports';
import { createApp, createEmailSweeps, type AppDeps } from '../../server/app';
import { parseServerConfig } from '../../server/config';
import { buildDiscountCodeRecord } from './records';
import { createAdminFirestore } from '../../server/lib/firestoreAdmin';
import { createMailer } from '../../server/mailer';

export const cloud = inject('cloud');
export const db: Firestore = createAdminFirestore({
  projectId: 'demo-digital-store',
  emulatorHost: cloud.firestoreHost,
});

export const paystackBase = 'https://api.paystack.test';
export const paypalBase = 'https://api-m.paypal.test';
export const paystackSecret = 'sk_test_integration_0123456789';
export const paypalClientId = 'paypal-client-id';
export const paypalClientSecret = 'paypal-client-secret';
export const sellerEmail = 'seller@digitalstore.test';
/** The store's PayPal merchant account (PAYPAL_MERCHANT_ID): orders the API creates pay it. */
export const storeMerchantId = 'STOREMERCHANT01';

/** A tag no other test uses, for references, addresses and product ids in the shared cloud. */
export function uniqueTag(): string {
  return randomUUID().replace(/-/g, '').slice(0, 12);
}

export interface SeededProduct {
  id: string;
  title: string;
  priceInNgn: number;
  priceInUsd: number;
  deliverableUrl: string;
}

const seededIds: string[] = [];

/**
 * A product as the admin panel writes it, plus its private deliverable (productDeliverables). Dated
 * in 2020 so it never counts among the newest products other tests of the shared cloud look for.
 */
export async function seedProduct(overrides: Partial<Omit<SeededProduct, 'id'>> = {}): Promise<SeededProduct> {
  const tag = uniqueTag();
  const product: SeededProduct = {
    id: `product-${tag}`,
    title: `Practical Guide ${tag}`,
    priceInNgn: 7500,
    priceInUsd: 9,
    deliverableUrl: `https://drive.example.com/files/${tag}`,
    ...overrides,
  };
  await db.doc(`products/${product.id}`).set({
    title: product.title,
    description: 'Everything you need to know.',
    priceInNgn: product.priceInNgn,
    priceInUsd: product.priceInUsd,
    categoryId: 1,
    coverImageUrl: 'https://images.test/cover.png',
    author: 'Digital Store Content Team',
    createdAt: Timestamp.fromMillis(Date.UTC(2020, 0, 1)),
  });
  await db.doc(`productDeliverables/${product.id}`).set({ url: product.deliverableUrl });
  seededIds.push(product.id);
  return product;
}

/** Takes this file's products out of the shared catalog again (their purchases stay). */
export async function removeSeededProducts(): Promise<void> {
  const batch = db.batch();
  for (const id of seededIds.splice(0)) {
    batch.delete(db.doc(`products/${id}`));
    batch.delete(db.doc(`productDeliverables/${id}`));
  }
  await batch.commit();
}

export function buildCustomer(tag = uniqueTag()) {
  return {
    name: `Ada Obi ${tag}`,
    email: `ada.${tag}@example.com`,
    confirmEmail: `ada.${tag}@example.com`,
    phone: '+234 803 123 4567',
  };
}

export type Customer = ReturnType<typeof buildCustomer>;

// --- Paystack -----------------------------------------------------------------------------------

export interface PaystackCharge {
  reference: string;
  status: string;
  amount: number;
  currency: string;
  metadata: unknown;
  customerEmail: string;
  /** Paystack's paid_at; a fixed time in 2026-11 unless given (null: Paystack gave none). */
  paidAt?: string | null;
  /** Paystack's created_at (when the buyer started paying); a fixed time in 2026-11 unless given. */
  createdAt?: string;
  /** 'card' unless given ('bank_transfer', 'ussd', ...). */
  channel?: string;
  /**
   * The subaccount Paystack split the charge with, and the main account's flat share (kobo); a null
   * share answers the subaccount without any fees_split.
   */
  split?: { subaccount: string; transactionCharge: number | null };
}

/** Paystack's verify endpoint over a table the tests fill; it records every call. */
export function createFakePaystack() {
  const charges = new Map<string, PaystackCharge>();
  const verifyCalls: string[] = [];
  const handlers: RequestHandler[] = [
    http.get(`${paystackBase}/transaction/verify/:reference`, ({ request, params }) => {
      if (request.headers.get('authorization') !== `Bearer ${paystackSecret}`) {
        return HttpResponse.json({ status: false, message: 'Invalid key' }, { status: 401 });
      }
      const reference = String(params.reference);
      verifyCalls.push(reference);
      const charge = charges.get(reference);
      if (!charge)
        return HttpResponse.json({ status: false, message: 'Transaction reference not found' }, { status: 400 });
      return HttpResponse.json(paystackVerifyAnswer(charge));
    }),
  ];
  return { charges, verifyCalls, handlers };
}

export function paystackTransactionData(charge: PaystackCharge) {
  return {
    id: 4099260516,
    domain: 'test',
    status: charge.status,
    reference: charge.reference,
    amount: charge.amount,
    gateway_response: charge.status === 'success' ? 'Successful' : 'Declined',
    paid_at:
      charge.status === 'success' ? (charge.paidAt === undefined ? '2026-11-22T09:00:05.000Z' : charge.paidAt) : null,
    created_at: charge.createdAt ?? '2026-11-22T09:00:00.000Z',
    channel: charge.channel ?? 'card',
    currency: charge.currency,
    metadata: charge.metadata,
    customer: { id: 1, first_name: null, last_name: null, email: charge.customerEmail, phone: null },
    // Paystack answers an empty subaccount and no fees_split for a charge that was not split.
    subaccount: charge.split ? { subaccount_code: charge.split.subaccount, percentage_charge: 70 } : {},
    fees_split:
      charge.split && charge.split.transactionCharge !== null
        ? {
            paystack: 10_000,
            integration: charge.split.transactionCharge - 10_000,
            subaccount: charge.amount - charge.split.transactionCharge,
            params: { bearer: 'account', transaction_charge: String(charge.split.transactionCharge) },
          }
        : null,
  };
}

function paystackVerifyAnswer(charge: PaystackCharge) {
  return { status: true, message: 'Verification successful', data: paystackTransactionData(charge) };
}

// --- Checkouts ----------------------------------------------------------------------------------

export interface CheckoutAnswer {
  checkoutId: string;
  reference: string;
  provider: string;
  amount: number;
  listPrice: number;
  discount: number;
  currency: string;
  expiresAt: string;
}

/** POST /api/checkouts for the product, as the payment dialog does when Pay is pressed. */
export async function openCheckout(
  apiUrl: string,
  product: { id: string },
  customer: Customer,
  { currency = 'NGN', provider }: { currency?: 'NGN' | 'USD'; provider?: 'paystack' | 'paypal' | 'demo' } = {},
): Promise<CheckoutAnswer> {
  const response = await postJson(`${apiUrl}/api/checkouts`, {
    productId: product.id,
    currency,
    customer,
    ...(provider ? { provider } : {}),
  });
  if (response.status !== 201) throw new Error(`checkout: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as CheckoutAnswer;
}

/** What a demo purchase answers: the sale's id and access link, and the cookie of the browser that paid. */
export interface DemoPurchase {
  reference: string;
  transactionId: string;
  accessUrl: string;
  emailSent: boolean;
  /** The paying browser's device cookie (`name=value`): that browser is trusted for the purchase. */
  payingBrowser: string;
}

/**
 * A demo purchase in naira as the payment dialog makes it (POST /api/checkouts, then POST /api/orders);
 * throws unless the order succeeds.
 */
export async function demoPurchase(apiUrl: string, productId: string, customer: Customer): Promise<DemoPurchase> {
  const { reference } = await openCheckout(apiUrl, { id: productId }, customer, { provider: 'demo' });
  const response = await postJson(`${apiUrl}/api/orders`, {
    provider: 'demo',
    reference,
    productId,
    currency: 'NGN',
    customer,
  });
  if (response.status !== 200) throw new Error(`demo order: HTTP ${response.status} ${await response.text()}`);
  const answer = (await response.json()) as Omit<DemoPurchase, 'reference' | 'payingBrowser'>;
  const payingBrowser = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { ...answer, reference, payingBrowser };
}

/**
 * A successful NGN charge as the popup makes it for a checkout of the product: its reference, at
 * the product's price (override `amount` for another).
 */
export async function paidCharge(
  apiUrl: string,
  product: SeededProduct,
  customer: Customer,
  overrides: Partial<PaystackCharge> = {},
): Promise<PaystackCharge> {
  const checkout = await openCheckout(apiUrl, product, customer);
  return unissuedCharge(product, customer, { reference: checkout.reference, ...overrides });
}

/** A successful NGN charge under a reference of its own, which no checkout of the store issued. */
export function unissuedCharge(product: SeededProduct, customer: Customer, overrides: Partial<PaystackCharge> = {}) {
  return {
    reference: `T${uniqueTag()}`,
    status: 'success',
    amount: product.priceInNgn * 100,
    currency: 'NGN',
    metadata: {
      productId: product.id,
      customer: { name: customer.name, email: customer.email, phone: customer.phone },
    },
    customerEmail: customer.email,
    ...overrides,
  };
}

export function signPaystack(rawBody: string): string {
  return createHmac('sha512', paystackSecret).update(rawBody).digest('hex');
}

// --- PayPal -------------------------------------------------------------------------------------

interface FakePaypalOrder {
  id: string;
  status: string;
  description: string;
  customId: string;
  amount: { currency_code: string; value: string };
  /** purchase_units[0].payee.merchant_id: whose account the order pays. */
  payee: string;
  /** What the capture will end in once the buyer approved (PENDING: held for review, settled later). */
  captureOutcome: 'COMPLETED' | 'DECLINED' | 'PENDING';
  captured: boolean;
  /** The capture's create_time, once captured. */
  capturedAt?: string;
}

/**
 * PayPal's token, create, get and capture endpoints over an in-memory order table. `now` is PayPal's
 * clock, which stamps a capture's create_time.
 */
export function createFakePaypal(now: () => Date = () => new Date()) {
  const orders = new Map<string, FakePaypalOrder>();
  const createBodies: unknown[] = [];
  const captureRequestIds: string[] = [];
  let sequence = 0;

  const representation = (order: FakePaypalOrder) => ({
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    purchase_units: [
      {
        reference_id: 'default',
        description: order.description,
        custom_id: order.customId,
        amount: order.amount,
        payee: { email_address: `${order.payee.toLowerCase()}@paypal.test`, merchant_id: order.payee },
        ...(order.captured
          ? {
              payments: {
                captures: [
                  {
                    id: `CAP-${order.id}`,
                    status: order.captureOutcome,
                    amount: order.amount,
                    custom_id: order.customId,
                    final_capture: true,
                    ...(order.capturedAt ? { create_time: order.capturedAt } : {}),
                  },
                ],
              },
            }
          : {}),
      },
    ],
  });

  const authorized = (request: Request) => request.headers.get('authorization') === 'Bearer A21-fake-token';

  const handlers: RequestHandler[] = [
    http.post(`${paypalBase}/v1/oauth2/token`, async ({ request }) => {
      const expected = `Basic ${Buffer.from(`${paypalClientId}:${paypalClientSecret}`).toString('base64')}`;
      if (
        request.headers.get('authorization') !== expected ||
        (await request.text()) !== 'grant_type=client_credentials'
      ) {
        return HttpResponse.json({ error: 'invalid_client' }, { status: 401 });
      }
      return HttpResponse.json({ access_token: 'A21-fake-token', token_type: 'Bearer', expires_in: 32400 });
    }),
    http.post(`${paypalBase}/v2/checkout/orders`, async ({ request }) => {
      if (!authorized(request)) return HttpResponse.json({ name: 'AUTHENTICATION_FAILURE' }, { status: 401 });
      const body = (await request.json()) as {
        intent: string;
        purchase_units: Array<{
          description: string;
          custom_id: string;
          amount: { currency_code: string; value: string };
        }>;
      };
      createBodies.push(body);
      const unit = body.purchase_units[0]!;
      sequence += 1;
      const order: FakePaypalOrder = {
        id: `5O${uniqueTag().toUpperCase()}${sequence}`,
        status: 'CREATED',
        description: unit.description,
        customId: unit.custom_id,
        amount: unit.amount,
        // The REST app's own account, as PayPal fills it in for orders made with its credentials.
        payee: storeMerchantId,
        captureOutcome: 'COMPLETED',
        captured: false,
      };
      orders.set(order.id, order);
      return HttpResponse.json({ id: order.id, status: 'CREATED' }, { status: 201 });
    }),
    http.get(`${paypalBase}/v2/checkout/orders/:id`, ({ request, params }) => {
      if (!authorized(request)) return HttpResponse.json({ name: 'AUTHENTICATION_FAILURE' }, { status: 401 });
      const order = orders.get(String(params.id));
      if (!order) return HttpResponse.json({ name: 'RESOURCE_NOT_FOUND' }, { status: 404 });
      return HttpResponse.json(representation(order));
    }),
    http.post(`${paypalBase}/v2/checkout/orders/:id/capture`, ({ request, params }) => {
      if (!authorized(request)) return HttpResponse.json({ name: 'AUTHENTICATION_FAILURE' }, { status: 401 });
      captureRequestIds.push(request.headers.get('paypal-request-id') ?? '');
      const order = orders.get(String(params.id));
      if (!order) return HttpResponse.json({ name: 'RESOURCE_NOT_FOUND' }, { status: 404 });
      if (order.status !== 'APPROVED') {
        return HttpResponse.json(
          { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] },
          { status: 422 },
        );
      }
      order.captured = true;
      order.capturedAt = now().toISOString();
      // PayPal marks the order COMPLETED even when its one capture is DECLINED.
      order.status = 'COMPLETED';
      return HttpResponse.json(representation(order), { status: 201 });
    }),
  ];

  /** PayPal settles a capture it held for review: COMPLETED, or DECLINED as its DENIED event says. */
  function settleCapture(id: string, outcome: 'COMPLETED' | 'DECLINED') {
    const order = orders.get(id);
    if (!order) throw new Error(`no PayPal order ${id}`);
    order.captureOutcome = outcome;
  }

  /** The buyer approves the order in PayPal's window. */
  function approve(id: string, captureOutcome: 'COMPLETED' | 'DECLINED' | 'PENDING' = 'COMPLETED') {
    const order = orders.get(id);
    if (!order) throw new Error(`no PayPal order ${id}`);
    order.status = 'APPROVED';
    order.captureOutcome = captureOutcome;
  }

  /**
   * An order made without our API (the public client id can do that), at any price, paying any
   * account (the store's by default).
   */
  function createBehindOurBack(customId: string, value: string, payee = storeMerchantId): string {
    sequence += 1;
    const id = `5OROGUE${sequence}${uniqueTag().toUpperCase()}`;
    orders.set(id, {
      id,
      status: 'APPROVED',
      description: 'rogue',
      customId,
      amount: { currency_code: 'USD', value },
      payee,
      captureOutcome: 'COMPLETED',
      captured: false,
    });
    return id;
  }

  return { orders, createBodies, captureRequestIds, handlers, approve, settleCapture, createBehindOurBack };
}

// --- The API under test -------------------------------------------------------------------------

export interface PurchaseApi {
  url: string;
  logged: string[];
  /** Sends the purchase links requested for this address at /purchases, as the e-mail sweep does. */
  sendRequestedLinks(email: string): Promise<{ claimed: number; done: number }>;
  close(): Promise<void>;
}

/**
 * Our own API on a free port, on the cloud's Firestore and SMTP, with the providers at msw's URLs.
 * `deps` adds what some files need: admin Auth (the cloud's Auth emulator), a page template.
 */
export async function startPurchaseApi(
  env: Record<string, string> = {},
  deps: Pick<AppDeps, 'auth' | 'pageTemplate' | 'now'> = {},
): Promise<PurchaseApi> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = parseServerConfig({
    ...cloud.apiEnv,
    PUBLIC_STORE_URL: url,
    PAYSTACK_SECRET_KEY: paystackSecret,
    PAYSTACK_BASE_URL: paystackBase,
    PAYPAL_CLIENT_ID: paypalClientId,
    PAYPAL_CLIENT_SECRET: paypalClientSecret,
    PAYPAL_BASE_URL: paypalBase,
    PAYPAL_MERCHANT_ID: storeMerchantId,
    PROVIDER_TIMEOUT_MS: '3000',
    CONTACT_RATE_LIMIT: '1000',
    ORDER_RATE_LIMIT: '1000',
    CHECKOUT_RATE_LIMIT: '1000',
    RESEND_RATE_LIMIT: '1000',
    ACCESS_RATE_LIMIT: '1000',
    ...env,
  });
  const logged: string[] = [];
  const logError = (message: string) => logged.push(message);
  const mailer = createMailer(config);
  const app = createApp({ config, db, mailer, logError, ...deps });
  const sweeps = createEmailSweeps({ config, db, mailer, logError });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(port, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  return {
    url,
    logged,
    // The scheduled sweep's step for this address alone: other files' requests in the shared
    // database are theirs to send, with their own API's links.
    sendRequestedLinks: (email: string) => sweeps.sendResendRequestFor(email.trim().toLowerCase()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * What a buyer does on the download page of a product with an outside link: press 'Open link', a form
 * POST answered 303 to the link (opening the page itself counts and hands out nothing).
 */
export function openDeliverable(accessUrl: string) {
  return fetch(`${accessUrl}/link`, { method: 'POST', redirect: 'manual' });
}

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

// --- Reading back -------------------------------------------------------------------------------

// The shared inbox holds every mail of the run, a thousand and more by its end: each read asks only
// for the mails after the last one this file has seen (docs/local-cloud.md, 'The mail inbox').
let inboxRead: CaughtMail[] = [];
async function inbox(): Promise<CaughtMail[]> {
  const last = inboxRead.at(-1);
  const response = await fetch(`${cloud.mailUrl}/api/messages${last ? `?after=${encodeURIComponent(last.id)}` : ''}`);
  const mails = (await response.json()) as CaughtMail[];
  inboxRead = response.headers.get('x-inbox') === 'after' ? [...inboxRead, ...mails] : mails;
  return inboxRead;
}

/** Mails that match right now, without waiting: what the mail catcher holds when a request answered. */
export async function mailsNow(matches: (mail: CaughtMail) => boolean): Promise<CaughtMail[]> {
  return (await inbox()).filter(matches);
}

/**
 * Mails that match, once `count` have arrived (or after a few seconds), then a short look for any
 * extra: "exactly one" must also mean that a second one did not arrive late.
 */
export async function mailsMatching(matches: (mail: CaughtMail) => boolean, count = 1): Promise<CaughtMail[]> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if ((await inbox()).filter(matches).length >= count) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  return (await inbox()).filter(matches);
}

export const toAddress = (address: string) => (mail: CaughtMail) => mail.to.includes(address.toLowerCase());
export const saleNoticeFor = (reference: string) => (mail: CaughtMail) =>
  mail.to.includes(sellerEmail) && mail.text.includes(`Reference: ${reference}`);

type StoredDoc = { id: string } & Record<string, unknown>;

export async function transactionsFor(reference: string): Promise<StoredDoc[]> {
  const snapshot = await db.collection('transactions').where('transactionReference', '==', reference).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, ...doc.data() }));
}

export async function paymentIssueOf(provider: string, reference: string): Promise<StoredDoc | null> {
  const snapshot = await db.doc(`paymentIssues/${provider}_${reference}`).get();
  return snapshot.exists ? { id: snapshot.id, ...snapshot.data() } : null;
}

export async function checkoutOf(checkoutId: string): Promise<StoredDoc | null> {
  const snapshot = await db.doc(`checkouts/${checkoutId}`).get();
  return snapshot.exists ? { id: snapshot.id, ...snapshot.data() } : null;
}

/** Mails to the seller about the payment issue of this reference. */
export const issueNoticeFor = (reference: string) => (mail: CaughtMail) =>
  mail.to.includes(sellerEmail) && mail.subject.includes('Payment needs attention') && mail.text.includes(reference);

export async function grantsFor(transactionId: string): Promise<StoredDoc[]> {
  const snapshot = await db.collection('accessGrants').where('transactionId', '==', transactionId).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, ...doc.data() }));
}

/** Stores a live discount code of this run (its name starts with `prefix`) with these terms; answers its name. */
export async function seedDiscountCode(prefix: string, terms: Record<string, unknown> = {}): Promise<string> {
  const code = `${prefix}${uniqueTag().toUpperCase()}`;
  await db
    .doc(`discountCodes/${code}`)
    .set({ ...buildDiscountCodeRecord({ code, createdAt: '2026-01-01T00:00:00.000Z' }), ...terms });
  return code;
}

/** A discount code's document as stored ({} when there is none). */
export async function codeDoc(code: string): Promise<Record<string, unknown>> {
  return (await db.doc(`discountCodes/${code}`).get()).data() ?? {};
}
