// PayPal's catalog products, billing plans and subscriptions for the memberships tests (msw): the
// create calls and the subscription's cancel, suspend and activate, answered in PayPal's documented
// shapes under the token the PayPal stand-in (purchaseHarness.ts) hands out.
import { randomUUID } from 'node:crypto';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { parseServerConfig } from '../../server/config';
import { createMailer } from '../../server/mailer';
import { createPurchaseWiring } from '../../server/purchaseWiring';
import {
  cloud,
  db,
  paypalBase,
  paypalClientId,
  paypalClientSecret,
  storeMerchantId,
  uniqueTag,
} from './purchaseHarness';

const authorized = (request: Request) => request.headers.get('authorization') === 'Bearer A21-fake-token';
const unauthorized = () =>
  HttpResponse.json(
    { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed due to invalid authentication credentials.' },
    { status: 401 },
  );

/** What the fake was asked: catalog products, plans (with their request ids) and subscription changes. */
export function createFakePaypalSubscriptions() {
  const products: { body: Record<string, unknown>; requestId: string }[] = [];
  const plans: { body: Record<string, unknown>; requestId: string }[] = [];
  const changes: { id: string; action: string; reason: string }[] = [];
  /** Subscriptions PayPal knows, as its GET answers them; a change of another answers 404 RESOURCE_NOT_FOUND. */
  const subscriptions = new Map<string, Record<string, unknown>>();
  const change = (action: string) =>
    http.post(`${paypalBase}/v1/billing/subscriptions/:id/${action}`, async ({ request, params }) => {
      if (!authorized(request)) return unauthorized();
      const id = String(params.id);
      const body = (await request.json()) as { reason: string };
      changes.push({ id, action, reason: body.reason });
      if (!subscriptions.has(id)) {
        return HttpResponse.json(
          {
            name: 'RESOURCE_NOT_FOUND',
            message: 'The specified resource does not exist.',
            debug_id: 'b3c9d5b2f5a7e',
            details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Invalid subscription id.' }],
          },
          { status: 404 },
        );
      }
      return new HttpResponse(null, { status: 204 });
    });
  const handlers: RequestHandler[] = [
    http.post(`${paypalBase}/v1/catalogs/products`, async ({ request }) => {
      if (!authorized(request)) return unauthorized();
      const body = (await request.json()) as Record<string, unknown>;
      products.push({ body, requestId: request.headers.get('paypal-request-id') ?? '' });
      const id = `PROD-${uniqueTag().toUpperCase()}`;
      return HttpResponse.json(
        {
          id,
          name: body.name,
          type: body.type,
          create_time: '2026-11-22T08:00:00Z',
          update_time: '2026-11-22T08:00:00Z',
          links: [{ href: `${paypalBase}/v1/catalogs/products/${id}`, rel: 'self', method: 'GET' }],
        },
        { status: 201 },
      );
    }),
    http.post(`${paypalBase}/v1/billing/plans`, async ({ request }) => {
      if (!authorized(request)) return unauthorized();
      const body = (await request.json()) as Record<string, unknown>;
      plans.push({ body, requestId: request.headers.get('paypal-request-id') ?? '' });
      const id = `P-${uniqueTag().toUpperCase()}`;
      return HttpResponse.json(
        {
          id,
          product_id: body.product_id,
          name: body.name,
          status: 'ACTIVE',
          usage_type: 'LICENSED',
          billing_cycles: body.billing_cycles,
          payment_preferences: body.payment_preferences,
          quantity_supported: false,
          create_time: '2026-11-22T08:00:00Z',
          update_time: '2026-11-22T08:00:00Z',
          links: [{ href: `${paypalBase}/v1/billing/plans/${id}`, rel: 'self', method: 'GET' }],
        },
        { status: 201 },
      );
    }),
    http.get(`${paypalBase}/v1/billing/subscriptions/:id`, ({ request, params }) => {
      if (!authorized(request)) return unauthorized();
      const found = subscriptions.get(String(params.id));
      if (!found) {
        return HttpResponse.json(
          {
            name: 'RESOURCE_NOT_FOUND',
            message: 'The specified resource does not exist.',
            debug_id: 'a1b2c3d4e5f60',
            details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Invalid subscription id.' }],
          },
          { status: 404 },
        );
      }
      return HttpResponse.json(found);
    }),
    http.post(`${paypalBase}/v1/notifications/verify-webhook-signature`, async ({ request }) => {
      if (!authorized(request)) return unauthorized();
      const body = (await request.json()) as { webhook_id: string; transmission_sig: string };
      const ok = body.webhook_id === paypalTestWebhookId && body.transmission_sig === paypalGoodSignature;
      return HttpResponse.json({ verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }),
    change('cancel'),
    change('suspend'),
    change('activate'),
  ];
  return { handlers, products, plans, changes, subscriptions };
}

/** The purchase wiring with PayPal configured, as the API under test has it: its plans and memberships. */
export function paypalWiringFor(apiUrl: string, now: () => Date, env: Record<string, string> = {}) {
  const config = parseServerConfig({
    ...cloud.apiEnv,
    PUBLIC_STORE_URL: apiUrl,
    PAYPAL_CLIENT_ID: paypalClientId,
    PAYPAL_CLIENT_SECRET: paypalClientSecret,
    PAYPAL_BASE_URL: paypalBase,
    PAYPAL_MERCHANT_ID: storeMerchantId,
    PROVIDER_TIMEOUT_MS: '3000',
    ...env,
  });
  const logError = () => undefined;
  return createPurchaseWiring({ config, db, mailer: createMailer(config), now, logError });
}

/** PAYPAL_WEBHOOK_ID of the API under test, and the signature the fake's verify-webhook-signature accepts. */
export const paypalTestWebhookId = 'WH-SUBSCRIPTION-TESTS';
export const paypalGoodSignature = 'paypal-signed-this';

/** PayPal's subscription resource (GET /v1/billing/subscriptions/{id} and BILLING.SUBSCRIPTION.* events). */
export function paypalSubscriptionResource(input: {
  id: string;
  planId: string;
  checkoutId: string;
  email: string;
  status?: string;
  lastPayment?: { value: string; time: string } | null;
}) {
  const paid = input.lastPayment ?? null;
  return {
    id: input.id,
    plan_id: input.planId,
    custom_id: input.checkoutId,
    status: input.status ?? 'ACTIVE',
    start_time: paid?.time ?? '2026-11-22T09:00:00Z',
    quantity: '1',
    shipping_amount: { currency_code: 'USD', value: '0.0' },
    subscriber: {
      email_address: input.email,
      payer_id: 'QYR5Z8XDVJNXQ',
      name: { given_name: 'Ada', surname: 'Obi' },
    },
    billing_info: {
      outstanding_balance: { currency_code: 'USD', value: '0.0' },
      cycle_executions: [
        { tenure_type: 'REGULAR', sequence: 1, cycles_completed: paid ? 1 : 0, cycles_remaining: 0, total_cycles: 0 },
      ],
      ...(paid ? { last_payment: { amount: { currency_code: 'USD', value: paid.value }, time: paid.time } } : {}),
      failed_payments_count: 0,
    },
    create_time: '2026-11-22T08:59:00Z',
    update_time: paid?.time ?? '2026-11-22T09:00:00Z',
    links: [{ href: `${paypalBase}/v1/billing/subscriptions/${input.id}`, rel: 'self', method: 'GET' }],
  };
}

/** PayPal's sale of a subscription's payment (PAYMENT.SALE.COMPLETED's resource). */
export function paypalSaleResource(input: { id: string; subscriptionId: string; total: string; createTime: string }) {
  return {
    id: input.id,
    state: 'completed',
    amount: { total: input.total, currency: 'USD', details: { subtotal: input.total } },
    payment_mode: 'INSTANT_TRANSFER',
    protection_eligibility: 'ELIGIBLE',
    transaction_fee: { value: '0.45', currency: 'USD' },
    billing_agreement_id: input.subscriptionId,
    create_time: input.createTime,
    update_time: input.createTime,
    links: [{ href: `${paypalBase}/v1/payments/sale/${input.id}`, rel: 'self', method: 'GET' }],
  };
}

/** Sends a PayPal event to the API's webhook, signed (or not) as PayPal's verify-webhook-signature judges. */
export async function sendPaypalEvent(
  apiUrl: string,
  eventType: string,
  resource: Record<string, unknown>,
  signature = paypalGoodSignature,
) {
  const response = await fetch(`${apiUrl}/api/webhooks/paypal`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
      'paypal-transmission-id': randomUUID(),
      'paypal-transmission-sig': signature,
      'paypal-transmission-time': new Date().toISOString(),
    },
    body: JSON.stringify({
      id: `WH-${randomUUID()}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: eventType.startsWith('PAYMENT.SALE') ? 'sale' : 'subscription',
      resource_version: '2.0',
      event_type: eventType,
      summary: `${eventType} event`,
      resource,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
