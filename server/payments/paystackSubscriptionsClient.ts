// Paystack's plans and subscriptions (docs/memberships.md, 'Paystack'): POST /plan for a product priced
// as a membership or in instalments, and the subscription's disable, enable and manage link, each with
// the secret key. A refusal comes back in Paystack's own words for the log; the buyer and the seller
// read ours.
import { callProvider, isRecord, ProviderUnavailableError } from './providerErrors';

/** Paystack's plan intervals the store uses ('annually' is Paystack's word for a year). */
export type PaystackInterval = 'monthly' | 'quarterly' | 'annually';

export interface PaystackPlanRequest {
  name: string;
  interval: PaystackInterval;
  /** Kobo. */
  amount: number;
  currency: 'NGN';
  /** How many charges the plan makes (instalments); null for a membership that renews until stopped. */
  invoiceLimit: number | null;
}

/** A subscription change Paystack refused (it says why); a transport failure throws ProviderUnavailableError. */
export type PaystackSubscriptionAnswer = { ok: true } | { ok: false; reason: string };

export interface PaystackSubscriptionsClient {
  /** Creates a plan; answers its plan_code. */
  createPlan(plan: PaystackPlanRequest): Promise<string>;
  /** Stops the subscription's charges (POST /subscription/disable with its code and e-mail token). */
  disable(subscriptionCode: string, emailToken: string): Promise<PaystackSubscriptionAnswer>;
  /** Charges again (POST /subscription/enable). */
  enable(subscriptionCode: string, emailToken: string): Promise<PaystackSubscriptionAnswer>;
  /** The page where the buyer updates the subscription's card (GET /subscription/{code}/manage/link). */
  manageLink(subscriptionCode: string): Promise<string>;
  /** Paystack's checkout page for one payment, any channel (POST /transaction/initialize): its address. */
  initialize(payment: {
    email: string;
    /** Kobo. */
    amount: number;
    reference: string;
    callbackUrl: string;
    metadata: Record<string, string>;
  }): Promise<string>;
}

function reasonOf(body: unknown, fallback: string): string {
  return isRecord(body) && typeof body.message === 'string' && body.message.trim() ? body.message : fallback;
}

export function createPaystackSubscriptionsClient({
  secretKey,
  baseUrl,
  timeoutMs,
}: {
  secretKey: string;
  baseUrl: string;
  timeoutMs: number;
}): PaystackSubscriptionsClient {
  const base = baseUrl.replace(/\/+$/, '');
  const headers = {
    Authorization: `Bearer ${secretKey}`,
    'Content-Type': 'application/json',
    Accept: 'application/json',
  };
  const post = (path: string, body: Record<string, unknown>) =>
    callProvider('Paystack', `${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }, timeoutMs);

  async function toggle(path: string, code: string, token: string): Promise<PaystackSubscriptionAnswer> {
    const { status, body } = await post(path, { code, token });
    if (status === 401 || status === 403) throw new ProviderUnavailableError('Paystack', `${path}: HTTP ${status}`);
    if (status === 200 && isRecord(body) && body.status === true) return { ok: true };
    return { ok: false, reason: reasonOf(body, `Paystack answered HTTP ${status}.`) };
  }

  return {
    async createPlan(plan) {
      const { status, body } = await post('/plan', {
        name: plan.name,
        interval: plan.interval,
        amount: plan.amount,
        currency: plan.currency,
        ...(plan.invoiceLimit === null ? {} : { invoice_limit: plan.invoiceLimit }),
      });
      const data = isRecord(body) && body.status === true && isRecord(body.data) ? body.data : null;
      const code = data && typeof data.plan_code === 'string' ? data.plan_code : '';
      if ((status !== 200 && status !== 201) || !code) {
        throw new ProviderUnavailableError('Paystack', `create plan: HTTP ${status} ${reasonOf(body, '')}`);
      }
      return code;
    },
    disable: (code, token) => toggle('/subscription/disable', code, token),
    enable: (code, token) => toggle('/subscription/enable', code, token),
    async initialize({ email, amount, reference, callbackUrl, metadata }) {
      const { status, body } = await post('/transaction/initialize', {
        email,
        amount,
        currency: 'NGN',
        reference,
        callback_url: callbackUrl,
        metadata,
      });
      const data = isRecord(body) && body.status === true && isRecord(body.data) ? body.data : null;
      const url = data && typeof data.authorization_url === 'string' ? data.authorization_url : '';
      if (status !== 200 || !url.startsWith('https://')) {
        throw new ProviderUnavailableError('Paystack', `initialize ${reference}: HTTP ${status} ${reasonOf(body, '')}`);
      }
      return url;
    },
    async manageLink(code) {
      const { status, body } = await callProvider(
        'Paystack',
        `${base}/subscription/${encodeURIComponent(code)}/manage/link`,
        { method: 'GET', headers: { Authorization: `Bearer ${secretKey}`, Accept: 'application/json' } },
        timeoutMs,
      );
      const data = isRecord(body) && body.status === true && isRecord(body.data) ? body.data : null;
      const link = data && typeof data.link === 'string' ? data.link : '';
      if (status !== 200 || !link.startsWith('https://')) {
        throw new ProviderUnavailableError('Paystack', `manage link ${code}: HTTP ${status}`);
      }
      return link;
    },
  };
}
