// PayPal's catalog products, billing plans and subscriptions for the memberships tests (msw): the
// create calls and the subscription's cancel, suspend and activate, answered in PayPal's documented
// shapes under the token the PayPal stand-in (purchaseHarness.ts) hands out.
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
  /** Subscriptions PayPal knows; a change of another answers 404 RESOURCE_NOT_FOUND. */
  const subscriptions = new Set<string>();
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
