// Store health's payment checks (docs/admin.md, 'Store health'): the Paystack keys' mode, whether
// Paystack's webhook events arrive, and PayPal's webhook subscription.
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { providerNames } from '../../domain/apiContracts';
import type { HealthCheckResult } from '../../domain/storeHealth';
import type { ServerConfig } from '../config';
import type { PaypalClient } from '../payments/paypalClient';
import { paypalWebhookEvents } from '../webhooks/webhookEvents';
import { checkResult, lookBackDays, lookBackStart, readableTime } from './checkResult';
import { lastWebhookArrival } from './healthRecords';
import { transactionsCollection } from '../lib/collections';

type PaymentSettings = Pick<
  ServerConfig,
  'PAYSTACK_SECRET_KEY' | 'PAYSTACK_PUBLIC_KEY' | 'PAYPAL_WEBHOOK_ID' | 'PUBLIC_STORE_URL' | 'DEMO_PAYMENTS'
>;

const paystackKeysPage = 'https://dashboard.paystack.com/#/settings/developers';
const paypalAppsPage = 'https://developer.paypal.com/dashboard/applications';

function paystackOff(id: string, title: string, config: PaymentSettings): HealthCheckResult {
  const demo = config.DEMO_PAYMENTS ? " The local cloud's demo payment stands in for it." : '';
  return checkResult(id, title, 'not-applicable', `Paystack is not set up (no PAYSTACK_SECRET_KEY).${demo}`);
}

const modeOf = (key: string, prefix: 'sk' | 'pk') => new RegExp(`^${prefix}_(test|live)_`).exec(key)?.[1] ?? null;

export function paystackKeyModeCheck(config: PaymentSettings): HealthCheckResult {
  const id = 'paystack-key-mode';
  const title = 'Paystack keys';
  const secret = config.PAYSTACK_SECRET_KEY;
  if (!secret) return paystackOff(id, title, config);
  const fix = `npm run setup (enter the secret and public keys of the same mode from ${paystackKeysPage})`;
  const secretMode = modeOf(secret, 'sk');
  if (!secretMode) {
    return checkResult(id, title, 'critical', 'The Paystack secret key does not start with sk_test_ or sk_live_.', fix);
  }
  const publicKey = config.PAYSTACK_PUBLIC_KEY;
  if (!publicKey) {
    return checkResult(
      id,
      title,
      'recommended',
      `The secret key is a ${secretMode} key; the API does not know the public key (PAYSTACK_PUBLIC_KEY), so the two cannot be compared.`,
      fix,
    );
  }
  const publicMode = modeOf(publicKey, 'pk');
  if (publicMode !== secretMode) {
    return checkResult(
      id,
      title,
      'critical',
      `The secret key is a ${secretMode} key (sk_${secretMode}_) but the public key is ${publicMode ? `a ${publicMode} key (pk_${publicMode}_)` : 'not a Paystack public key'}: payments made at checkout cannot be verified.`,
      fix,
    );
  }
  const money = secretMode === 'live' ? 'buyers pay real money' : 'no real money moves';
  return checkResult(id, title, 'good', `Both keys are ${secretMode} keys: ${money}.`);
}

async function paystackSalesBetween(db: Firestore, since: Date, until: Date): Promise<number> {
  const answer = await db
    .collection(transactionsCollection)
    .where('paymentMethod', '==', providerNames.paystack)
    .where('createdAt', '>=', Timestamp.fromDate(since))
    .where('createdAt', '<=', Timestamp.fromDate(until))
    .orderBy('createdAt', 'desc')
    .count()
    .get();
  return answer.data().count;
}

export async function paystackWebhookCheck(
  config: PaymentSettings,
  db: Firestore,
  now: Date,
): Promise<HealthCheckResult> {
  const id = 'paystack-webhook';
  const title = 'Paystack webhook';
  if (!config.PAYSTACK_SECRET_KEY) return paystackOff(id, title, config);
  const since = lookBackStart(now);
  const [arrival, sales] = await Promise.all([
    lastWebhookArrival(db, 'paystack'),
    paystackSalesBetween(db, since, now),
  ]);
  const webhookUrl = `${config.PUBLIC_STORE_URL.replace(/\/+$/, '')}/api/webhooks/paystack`;
  const fix = `In Paystack's dashboard (${paystackKeysPage}), set the Webhook URL to ${webhookUrl}`;
  const last = arrival ? `The last event (${arrival.eventType}) arrived at ${readableTime(arrival.at)}.` : '';
  if (arrival && arrival.at.getTime() >= since.getTime()) {
    return checkResult(id, title, 'good', last);
  }
  if (sales > 0) {
    const sold = sales === 1 ? '1 Paystack sale' : `${sales} Paystack sales`;
    const lastSeen = arrival ? `since ${readableTime(arrival.at)}` : 'ever';
    return checkResult(
      id,
      title,
      'critical',
      `Paystack is not reaching your webhook: ${sold} in the last ${lookBackDays} days and no event from Paystack ${lastSeen}. A buyer who closes the page right after paying gets nothing.`,
      fix,
    );
  }
  if (!arrival) {
    return checkResult(id, title, 'recommended', 'No event from Paystack has reached the store yet.', fix);
  }
  return checkResult(id, title, 'good', `No Paystack sale in the last ${lookBackDays} days. ${last}`);
}

export async function paypalWebhookCheck(
  config: PaymentSettings,
  paypal: PaypalClient | null,
): Promise<HealthCheckResult> {
  const id = 'paypal-webhook';
  const title = 'PayPal webhook';
  if (!paypal) return checkResult(id, title, 'not-applicable', 'PayPal is not set up (no PAYPAL_CLIENT_ID).');
  const fix = `npm run setup (it subscribes the webhook with every event), or in ${paypalAppsPage}`;
  const webhookId = config.PAYPAL_WEBHOOK_ID;
  if (!webhookId) {
    return checkResult(
      id,
      title,
      'critical',
      'PAYPAL_WEBHOOK_ID is not set: refunds, disputes and payments PayPal held for review never reach the store.',
      fix,
    );
  }
  const webhook = await paypal.getWebhook(webhookId);
  if (!webhook) {
    return checkResult(id, title, 'critical', `PayPal has no webhook with the id ${webhookId}.`, fix);
  }
  const expectedUrl = `${config.PUBLIC_STORE_URL.replace(/\/+$/, '')}/api/webhooks/paypal`;
  if (webhook.url !== expectedUrl) {
    return checkResult(
      id,
      title,
      'critical',
      `The webhook sends its events to ${webhook.url || 'no URL'}, not to ${expectedUrl}.`,
      fix,
    );
  }
  const all = webhook.eventTypes.includes('*');
  const missing = all ? [] : paypalWebhookEvents.filter((name) => !webhook.eventTypes.includes(name));
  if (missing.length > 0) {
    return checkResult(id, title, 'critical', `The webhook is not subscribed to ${missing.join(', ')}.`, fix);
  }
  return checkResult(
    id,
    title,
    'good',
    `Subscribed to ${all ? 'all events' : `all ${paypalWebhookEvents.length} events the store handles`} at ${expectedUrl}.`,
  );
}
