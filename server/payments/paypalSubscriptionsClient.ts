// PayPal's catalog products, billing plans and subscriptions (docs/memberships.md, 'PayPal plans'): a
// catalog product and a plan per product price, made when a checkout first needs them, and the
// subscription's cancel, suspend and activate, each under the store's OAuth token. A refusal comes back
// in PayPal's own words for the log; the buyer and the seller read ours.
import { paypalSession, type PaypalCredentials } from './paypalClient';
import { isRecord, ProviderUnavailableError } from './providerErrors';

export interface PaypalPlanRequest {
  /** The catalog product the plan belongs to (PROD-…). */
  catalogProductId: string;
  name: string;
  intervalUnit: 'MONTH' | 'YEAR';
  intervalCount: number;
  /** How many payments the plan takes (instalments); 0 renews until stopped (a membership). */
  totalCycles: number;
  /** USD per payment, as PayPal writes it ('5.00'). */
  value: string;
  /** Made into PayPal-Request-Id, so a repeated request answers the plan already made. */
  requestId: string;
}

/** A subscription change PayPal refused (it says why); a transport failure throws ProviderUnavailableError. */
export type PaypalSubscriptionAnswer = { ok: true } | { ok: false; reason: string };

/** A subscription as PayPal has it (GET /v1/billing/subscriptions/{id}). */
export interface PaypalSubscription {
  id: string;
  /** APPROVAL_PENDING, APPROVED, ACTIVE, SUSPENDED, CANCELLED, EXPIRED */
  status: string;
  planId: string;
  /** What the buttons' createSubscription set: the store's checkout id. */
  customId: string;
  subscriber: { name: string; email: string };
  /** The last payment taken (the first one, right after activation); null before any. */
  lastPayment: { value: string; currency: string; time: string } | null;
}

export interface PaypalSubscriptionsClient {
  /** The subscription, or null when PayPal does not know the id. */
  getSubscription(id: string): Promise<PaypalSubscription | null>;
  /** Creates a catalog product (POST /v1/catalogs/products, type DIGITAL); answers its id. */
  createProduct(product: { name: string; requestId: string }): Promise<string>;
  /** Creates an active billing plan of one regular cycle (POST /v1/billing/plans); answers its id. */
  createPlan(plan: PaypalPlanRequest): Promise<string>;
  /** Stops the subscription for good (POST /v1/billing/subscriptions/{id}/cancel). */
  cancel(subscriptionId: string, reason: string): Promise<PaypalSubscriptionAnswer>;
  /** Pauses its payments (…/suspend). */
  suspend(subscriptionId: string, reason: string): Promise<PaypalSubscriptionAnswer>;
  /** Takes payments again (…/activate). */
  activate(subscriptionId: string, reason: string): Promise<PaypalSubscriptionAnswer>;
}

function reasonOf(body: unknown, fallback: string): string {
  if (!isRecord(body)) return fallback;
  const detail = Array.isArray(body.details) && isRecord(body.details[0]) ? body.details[0] : {};
  const described = typeof detail.description === 'string' ? detail.description : '';
  return described || (typeof body.message === 'string' && body.message ? body.message : fallback);
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Reads PayPal's subscription resource (the GET answer, and the resource of BILLING.SUBSCRIPTION.* events). */
export function readPaypalSubscription(body: Record<string, unknown>): PaypalSubscription {
  const subscriber = isRecord(body.subscriber) ? body.subscriber : {};
  const name = isRecord(subscriber.name) ? subscriber.name : {};
  const billing = isRecord(body.billing_info) ? body.billing_info : {};
  const last = isRecord(billing.last_payment) ? billing.last_payment : null;
  const amount = last && isRecord(last.amount) ? last.amount : {};
  return {
    id: text(body.id),
    status: text(body.status),
    planId: text(body.plan_id),
    customId: text(body.custom_id),
    subscriber: {
      name: `${text(name.given_name)} ${text(name.surname)}`.trim(),
      email: text(subscriber.email_address),
    },
    lastPayment: last
      ? { value: text(amount.value), currency: text(amount.currency_code), time: text(last.time) }
      : null,
  };
}

function createdId(what: string, { status, body }: { status: number; body: unknown }): string {
  const id = isRecord(body) && typeof body.id === 'string' ? body.id : '';
  if ((status !== 200 && status !== 201) || !id) {
    throw new ProviderUnavailableError('PayPal', `${what}: HTTP ${status} ${reasonOf(body, '')}`);
  }
  return id;
}

export function createPaypalSubscriptionsClient(credentials: PaypalCredentials): PaypalSubscriptionsClient {
  const call = paypalSession(credentials);

  async function change(subscriptionId: string, action: string, reason: string): Promise<PaypalSubscriptionAnswer> {
    const path = `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/${action}`;
    // PayPal caps the reason at 128 characters.
    const { status, body } = await call(path, {
      method: 'POST',
      body: JSON.stringify({ reason: reason.slice(0, 128) }),
    });
    if (status === 204 || status === 200) return { ok: true };
    if (status >= 400 && status < 500) return { ok: false, reason: reasonOf(body, `PayPal answered HTTP ${status}.`) };
    throw new ProviderUnavailableError('PayPal', `${action} ${subscriptionId}: HTTP ${status}`);
  }

  return {
    async getSubscription(id) {
      const path = `/v1/billing/subscriptions/${encodeURIComponent(id)}`;
      const { status, body } = await call(path, { method: 'GET' });
      if (status === 404 || status === 400) return null;
      if (status !== 200 || !isRecord(body)) {
        throw new ProviderUnavailableError('PayPal', `get subscription: HTTP ${status}`);
      }
      return readPaypalSubscription(body);
    },
    async createProduct({ name, requestId }) {
      const answer = await call('/v1/catalogs/products', {
        method: 'POST',
        headers: { 'PayPal-Request-Id': requestId },
        // PayPal caps a product's name at 127 characters.
        body: JSON.stringify({ name: name.slice(0, 127), type: 'DIGITAL' }),
      });
      return createdId('create product', answer);
    },
    async createPlan(plan) {
      const answer = await call('/v1/billing/plans', {
        method: 'POST',
        headers: { 'PayPal-Request-Id': plan.requestId },
        body: JSON.stringify({
          product_id: plan.catalogProductId,
          name: plan.name.slice(0, 127),
          status: 'ACTIVE',
          billing_cycles: [
            {
              frequency: { interval_unit: plan.intervalUnit, interval_count: plan.intervalCount },
              tenure_type: 'REGULAR',
              sequence: 1,
              total_cycles: plan.totalCycles,
              pricing_scheme: { fixed_price: { value: plan.value, currency_code: 'USD' } },
            },
          ],
          // A failed payment is reported (BILLING.SUBSCRIPTION.PAYMENT.FAILED) and the store's grace
          // applies; PayPal retries it with the next cycle.
          payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 3 },
        }),
      });
      return createdId('create plan', answer);
    },
    cancel: (id, reason) => change(id, 'cancel', reason),
    suspend: (id, reason) => change(id, 'suspend', reason),
    activate: (id, reason) => change(id, 'activate', reason),
  };
}
