// Paystack's plans and subscriptions for the memberships tests (msw): POST /plan, the subscription's
// disable, enable and manage link, answered in Paystack's documented shapes, and its subscription,
// invoice and renewal charge events, signed as Paystack signs them and sent to the API under test.
import { http, HttpResponse, type RequestHandler } from 'msw';
import { parseServerConfig } from '../../server/config';
import { createMailer } from '../../server/mailer';
import { createPurchaseWiring } from '../../server/purchaseWiring';
import { expect } from 'vitest';
import {
  buildCustomer,
  cloud,
  db,
  paidCharge,
  postJson,
  type SeededProduct,
  paystackBase,
  paystackSecret,
  paystackTransactionData,
  signPaystack,
  uniqueTag,
  type createFakePaystack,
  type PaystackCharge,
} from './purchaseHarness';

const authorised = (request: Request) => request.headers.get('authorization') === `Bearer ${paystackSecret}`;
const invalidKey = () => HttpResponse.json({ status: false, message: 'Invalid key' }, { status: 401 });

/** The fake's plans (what POST /plan was asked) and the subscriptions it disabled and enabled. */
export function createFakePaystackSubscriptions() {
  const plans: Record<string, unknown>[] = [];
  const toggles: { path: string; code: string; token: string }[] = [];
  const initialized: Record<string, unknown>[] = [];
  const toggle = (path: string) =>
    http.post(`${paystackBase}${path}`, async ({ request }) => {
      if (!authorised(request)) return invalidKey();
      const body = (await request.json()) as { code: string; token: string };
      toggles.push({ path, code: body.code, token: body.token });
      if (body.token !== `tok_${body.code}`) {
        return HttpResponse.json({ status: false, message: 'Subscription not found' }, { status: 404 });
      }
      const message = path.endsWith('disable')
        ? 'Subscription disabled successfully'
        : 'Subscription enabled successfully';
      return HttpResponse.json({ status: true, message });
    });
  const handlers: RequestHandler[] = [
    http.post(`${paystackBase}/plan`, async ({ request }) => {
      if (!authorised(request)) return invalidKey();
      const body = (await request.json()) as Record<string, unknown>;
      plans.push(body);
      return HttpResponse.json(
        {
          status: true,
          message: 'Plan created',
          data: {
            name: body.name,
            interval: body.interval,
            amount: body.amount,
            integration: 428626,
            domain: 'test',
            currency: body.currency,
            plan_code: `PLN_${uniqueTag()}`,
            invoice_limit: body.invoice_limit ?? 0,
            send_invoices: true,
            send_sms: true,
            hosted_page: false,
            migrate: false,
            id: 49122,
            createdAt: '2026-11-22T08:00:00.000Z',
            updatedAt: '2026-11-22T08:00:00.000Z',
          },
        },
        { status: 201 },
      );
    }),
    http.post(`${paystackBase}/transaction/initialize`, async ({ request }) => {
      if (!authorised(request)) return invalidKey();
      const body = (await request.json()) as Record<string, unknown>;
      initialized.push(body);
      const accessCode = `ac${uniqueTag()}`;
      return HttpResponse.json({
        status: true,
        message: 'Authorization URL created',
        data: {
          authorization_url: `https://checkout.paystack.com/${accessCode}`,
          access_code: accessCode,
          reference: body.reference,
        },
      });
    }),
    toggle('/subscription/disable'),
    toggle('/subscription/enable'),
    http.get(`${paystackBase}/subscription/:code/manage/link`, ({ request, params }) => {
      if (!authorised(request)) return invalidKey();
      return HttpResponse.json({
        status: true,
        message: 'Link generated',
        data: { link: `https://paystack.com/manage/subscriptions/${String(params.code)}?subscription_token=x` },
      });
    }),
  ];
  return { plans, toggles, initialized, handlers };
}

/** The purchase wiring's plans and memberships with Paystack configured, for the API at `apiUrl`. */
export function paystackWiringFor(apiUrl: string, now: () => Date) {
  const config = parseServerConfig({
    ...cloud.apiEnv,
    PUBLIC_STORE_URL: apiUrl,
    PAYSTACK_SECRET_KEY: paystackSecret,
    PAYSTACK_BASE_URL: paystackBase,
    PROVIDER_TIMEOUT_MS: '3000',
  });
  const logError = () => undefined;
  return createPurchaseWiring({ config, db, mailer: createMailer(config), now, logError });
}

/** Sends a signed Paystack event to the API's webhook. */
export function sendPaystackEvent(apiUrl: string, event: string, data: unknown) {
  const raw = JSON.stringify({ event, data });
  return fetch(`${apiUrl}/api/webhooks/paystack`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystack(raw) },
    body: raw,
  });
}

const planObject = (planCode: string, amount: number) => ({
  id: 49122,
  name: 'Signals group — ₦5,000 / month',
  plan_code: planCode,
  description: null,
  amount,
  interval: 'monthly',
  send_invoices: true,
  send_sms: true,
  currency: 'NGN',
});

const customerObject = (email: string) => ({
  id: 84312,
  first_name: 'Ada',
  last_name: 'Obi',
  email,
  customer_code: 'CUS_xnxdt6s1zg1f4nx',
  phone: '',
  metadata: {},
  risk_action: 'default',
});

/** subscription.create (and the subscription object of disable and not_renew). */
export function subscriptionData(
  code: string,
  planCode: string,
  email: string,
  overrides: { status?: string; amount?: number } = {},
) {
  const amount = overrides.amount ?? 500000;
  return {
    domain: 'test',
    status: overrides.status ?? 'active',
    subscription_code: code,
    email_token: `tok_${code}`,
    amount,
    cron_expression: '0 0 22 * *',
    next_payment_date: '2026-12-22T00:00:00.000Z',
    open_invoice: null,
    createdAt: '2026-11-22T09:00:06.000Z',
    plan: planObject(planCode, amount),
    authorization: {
      authorization_code: 'AUTH_96xphygz',
      bin: '539983',
      last4: '7357',
      exp_month: '10',
      exp_year: '2027',
      card_type: 'MASTERCARD DEBIT',
      bank: 'GTBANK',
      country_code: 'NG',
      brand: 'MASTERCARD',
      account_name: 'Ada Obi',
    },
    customer: customerObject(email),
    created_at: '2026-11-22T09:00:06.000Z',
  };
}

/** A renewal charge as Paystack makes it: its own reference, no metadata of ours, the plan named. */
export function renewalCharge(email: string, paidAt: string, amount = 500000): PaystackCharge {
  return {
    reference: `sub_${uniqueTag()}`,
    status: 'success',
    amount,
    currency: 'NGN',
    metadata: '',
    customerEmail: email,
    paidAt,
    createdAt: paidAt,
  };
}

/** charge.success of a renewal: the transaction with its plan object. */
export function renewalChargeData(charge: PaystackCharge, planCode: string) {
  return { ...paystackTransactionData(charge), plan: planObject(planCode, charge.amount) };
}

/** invoice.create / invoice.update / invoice.payment_failed for the subscription `code`. */
export function invoiceData(
  code: string,
  email: string,
  charge: { reference: string; amount: number; status: 'success' | 'failed' | 'pending' },
) {
  const paid = charge.status === 'success';
  return {
    domain: 'test',
    invoice_code: `INV_${uniqueTag()}`,
    amount: charge.amount,
    period_start: '2026-12-22T00:00:00.000Z',
    period_end: '2027-01-22T00:00:00.000Z',
    status: charge.status,
    paid,
    paid_at: paid ? '2026-12-22T09:00:10.000Z' : null,
    description: null,
    authorization: { authorization_code: 'AUTH_96xphygz', last4: '7357', brand: 'MASTERCARD' },
    subscription: {
      status: 'active',
      subscription_code: code,
      email_token: `tok_${code}`,
      amount: charge.amount,
      cron_expression: '0 0 22 * *',
      next_payment_date: '2027-01-22T00:00:00.000Z',
      open_invoice: null,
    },
    customer: customerObject(email),
    transaction: { reference: charge.reference, status: charge.status, amount: charge.amount, currency: 'NGN' },
    created_at: '2026-12-19T00:00:00.000Z',
  };
}

/** subscription.expiring_cards: the cards that expire this month, each with its subscription. */
export function expiringCardsData(code: string, email: string, planCode: string) {
  return [
    {
      expiry_date: '12/2026',
      description: 'visa ending with 4081',
      brand: 'visa',
      subscription: {
        id: 4192,
        subscription_code: code,
        amount: 500000,
        next_payment_date: '2026-12-22T00:00:00.000Z',
        plan: { interval: 'monthly', id: 49122, name: 'Signals group', plan_code: planCode },
      },
      customer: { id: 84312, first_name: 'Ada', last_name: 'Obi', email, customer_code: 'CUS_xnxdt6s1zg1f4nx' },
    },
  ];
}

/**
 * A buyer's first payment of `product` through POST /api/orders at 09:00 UTC on 22 November 2026 (the
 * fake charge is paid at 09:00:05); with `subscribe`, the product's Paystack plan made first and
 * Paystack's subscription.create sent, so the plan renews by card.
 */
export async function firstPaymentOf(
  setup: {
    apiUrl: string;
    wiring: ReturnType<typeof paystackWiringFor>;
    paystack: ReturnType<typeof createFakePaystack>;
    setClock: (iso: string) => void;
  },
  product: SeededProduct,
  amountKobo: number,
  subscribe: boolean,
) {
  const planCode = subscribe ? await setup.wiring.plans.ensurePaystackPlan(product.id) : null;
  if (subscribe && !planCode) throw new Error('no Paystack plan was made');
  setup.setClock('2026-11-22T09:00:00.000Z');
  const customer = buildCustomer();
  const charge = await paidCharge(setup.apiUrl, product, customer, { amount: amountKobo });
  setup.paystack.charges.set(charge.reference, charge);
  const paid = await postJson(`${setup.apiUrl}/api/orders`, {
    provider: 'paystack',
    reference: charge.reference,
    productId: product.id,
    currency: 'NGN',
    customer,
  });
  expect(paid.status).toBe(200);
  const code = `SUB_${uniqueTag()}`;
  if (planCode) {
    const data = subscriptionData(code, planCode, customer.email, { amount: amountKobo });
    expect((await sendPaystackEvent(setup.apiUrl, 'subscription.create', data)).status).toBe(200);
  }
  return { id: `paystack_${charge.reference}`, planCode: planCode ?? '', code, customer };
}
