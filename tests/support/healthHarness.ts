// What the Store health tests share (storeHealth.test.ts): their own API on the local cloud, in a
// Firestore project of their own (the checks read store-wide facts), PayPal's REST API for msw with
// its webhook subscription, the sender domain's DNS as an injected resolver, and the calls an admin
// makes.
import type { Server } from 'node:http';
import { Timestamp } from 'firebase-admin/firestore';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { expect } from 'vitest';
import type { HealthCheckResult, HealthReport } from '../../domain/storeHealth';
import { freePort } from '../../local/ports';
import { createAdminAuth } from '../../server/admin/adminAuth';
import { createApp, type AppDeps } from '../../server/app';
import { parseServerConfig } from '../../server/config';
import { createAdminFirestore } from '../../server/lib/firestoreAdmin';
import { createMailer } from '../../server/mailer';
import { paypalUnknownWebhook, paypalWebhookAnswer, type FakePaypalWebhook } from './paypalWebhooks';
import { cloud, createFakePaypal, paypalBase, paystackBase, paystackSecret, signPaystack } from './purchaseHarness';

export const projectId = 'demo-store-health';
export const db = createAdminFirestore({ projectId, emulatorHost: cloud.firestoreHost });
const auth = createAdminAuth({
  projectId: 'demo-digital-store',
  emulatorHost: cloud.apiEnv.FIREBASE_AUTH_EMULATOR_HOST,
});
export const webhookId = '8PT597110X687430LKGECATA';
export const dkimKey = 'MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC7health';

const paypal = createFakePaypal();
/** The webhook subscription PayPal holds (null: none with our id), and the ids the API asked for. */
export const paypalState: { webhook: FakePaypalWebhook | null; reads: string[] } = { webhook: null, reads: [] };
export const goodPaypalSignature = 'paypal-signed-this';
export const msw = setupServer(
  ...paypal.handlers,
  http.get(`${paypalBase}/v1/notifications/webhooks/:id`, ({ params, request }) => {
    if (request.headers.get('authorization') !== 'Bearer A21-fake-token') {
      return HttpResponse.json({ name: 'AUTHENTICATION_FAILURE' }, { status: 401 });
    }
    paypalState.reads.push(String(params.id));
    const webhook = paypalState.webhook;
    return webhook && webhook.id === params.id
      ? HttpResponse.json(paypalWebhookAnswer(paypalBase, webhook))
      : HttpResponse.json(paypalUnknownWebhook, { status: 404 });
  }),
  http.post(`${paypalBase}/v1/notifications/verify-webhook-signature`, async ({ request }) => {
    const body = (await request.json()) as { webhook_id: string; transmission_sig: string };
    const ok = body.webhook_id === webhookId && body.transmission_sig === goodPaypalSignature;
    return HttpResponse.json({ verification_status: ok ? 'SUCCESS' : 'FAILURE' });
  }),
);

// The sender domain's DNS as its registrar publishes it.
export const dnsState: { records: Record<string, string[][]> } = { records: {} };
export const dns = {
  resolveTxt: (name: string) => {
    const records = dnsState.records[name];
    if (records) return Promise.resolve(records);
    return Promise.reject(Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' }));
  },
};
export const healthyDns = {
  'adastores.com.ng': [['v=spf1 include:_spf.mailprovider.ng ~all'], ['google-site-verification=abc']],
  '_dmarc.adastores.com.ng': [['v=DMARC1; p=quarantine; rua=mailto:dmarc@adastores.com.ng']],
  's1._domainkey.adastores.com.ng': [['v=DKIM1; k=rsa; ', `p=${dkimKey}`]],
};

/** The demo admin's ID token, set by the test file's beforeAll. */
export const tokens = { admin: '', stranger: '' };
export const servers: Server[] = [];

export interface HealthApi {
  url: string;
  logged: string[];
}

export async function startHealthApi(
  env: Record<string, string> = {},
  deps: Partial<AppDeps> = {},
): Promise<HealthApi> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = parseServerConfig({
    ...cloud.apiEnv,
    FIREBASE_PROJECT_ID: projectId,
    PUBLIC_STORE_URL: url,
    MAIL_FROM: 'Ada Stores <orders@adastores.com.ng>',
    DKIM_SELECTOR: 's1',
    BUILD_VERSION: '0.1.0+1a2b3c4',
    DEMO_PAYMENTS: '0',
    PAYSTACK_SECRET_KEY: paystackSecret,
    PAYSTACK_PUBLIC_KEY: 'pk_test_integration_public',
    PAYSTACK_BASE_URL: paystackBase,
    PAYPAL_CLIENT_ID: 'paypal-client-id',
    PAYPAL_CLIENT_SECRET: 'paypal-client-secret',
    PAYPAL_BASE_URL: paypalBase,
    PAYPAL_MERCHANT_ID: 'STOREMERCHANT01',
    PAYPAL_WEBHOOK_ID: webhookId,
    PROVIDER_TIMEOUT_MS: '3000',
    CONTACT_RATE_LIMIT: '1000',
    ...env,
  });
  const logged: string[] = [];
  const app = createApp({
    config,
    db,
    mailer: createMailer(config),
    auth,
    dns,
    logError: (message) => logged.push(message),
    ...deps,
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(port, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  servers.push(server);
  return { url, logged };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function runChecks(api: HealthApi): Promise<HealthReport> {
  const res = await fetch(`${api.url}/api/admin/health/run`, { method: 'POST', headers: bearer(tokens.admin) });
  expect(res.status).toBe(200);
  return (await res.json()) as HealthReport;
}

export function checkOf(report: HealthReport, id: string): HealthCheckResult {
  const check = report.checks.find((c) => c.id === id);
  if (!check) throw new Error(`no check ${id} in ${JSON.stringify(report.checks.map((c) => c.id))}`);
  return check;
}

/** A signed Paystack event, as Paystack posts it to the webhook URL. */
export function paystackEvent(api: HealthApi, event: string) {
  const raw = JSON.stringify({ event, data: { id: 3021, domain: 'test', status: 'awaiting-merchant-feedback' } });
  return fetch(`${api.url}/api/webhooks/paystack`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystack(raw) },
    body: raw,
  });
}

/** A Paystack sale as fulfilment records it, paid `daysAgo` days ago. */
export async function paystackSale(reference: string, daysAgo: number) {
  await db.doc(`transactions/paystack_${reference}`).set({
    productName: 'Practical Guide',
    productId: 'product-health',
    transactionReference: reference,
    amount: 7500,
    currency: 'NGN',
    paymentMethod: 'Paystack',
    customerEmail: 'ada@example.com',
    emailStatus: 'sent',
    createdAt: Timestamp.fromMillis(Date.now() - daysAgo * 86_400_000),
  });
}
