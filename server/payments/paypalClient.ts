// PayPal Orders v2 over REST (OAuth client credentials): the API creates the order at the database
// price and captures it itself (docs/payments.md), so the browser never states what it pays.
import { callProvider, isRecord, PaymentNotVerifiedError, ProviderUnavailableError } from './providerErrors';

export interface PaypalAmount {
  currency: string;
  value: string;
}

export interface PaypalOrder {
  id: string;
  /** CREATED, SAVED, APPROVED, VOIDED, COMPLETED, PAYER_ACTION_REQUIRED */
  status: string;
  customId: string;
  /** purchase_units[0].payee.merchant_id: whose account the order pays. */
  payeeMerchantId: string;
  amount: PaypalAmount | null;
  /** The order's first capture; `createTime` is PayPal's create_time of it (empty when missing). */
  capture: { id: string; status: string; amount: PaypalAmount | null; customId: string; createTime: string } | null;
}

export interface PaypalClient {
  createOrder(input: { productId: string; description: string; value: string }): Promise<{ id: string }>;
  /** The order, or null when PayPal does not know the id. */
  getOrder(id: string): Promise<PaypalOrder | null>;
  /** Captures an approved order; the same request id makes a repeated capture a no-op at PayPal. */
  captureOrder(id: string): Promise<PaypalOrder>;
  /**
   * Refunds (part of) a capture. `requestId` goes out as PayPal-Request-Id: PayPal answers a repeat
   * with the first refund instead of refunding again.
   */
  refundCapture(input: {
    captureId: string;
    amount: PaypalAmount;
    requestId: string;
    note: string;
  }): Promise<PaypalRefundAnswer>;
  /** The order a capture belongs to (for sales recorded before the capture id was kept), or null. */
  orderIdOfCapture(captureId: string): Promise<string | null>;
  /** PayPal's verify-webhook-signature: true only when PayPal answers SUCCESS. */
  verifyWebhook(input: { headers: PaypalWebhookHeaders; webhookId: string; rawEvent: string }): Promise<boolean>;
  /** The webhook subscription with this id (its URL and event names), or null when PayPal has none. */
  getWebhook(id: string): Promise<{ url: string; eventTypes: string[] } | null>;
}

/** PayPal's answer to a refund: done or pending, or refused with the issue in words. */
export type PaypalRefundAnswer =
  { ok: true; refundId: string; status: string; amount: PaypalAmount | null } | { ok: false; reason: string };

/** The transmission headers PayPal signs a webhook delivery with. */
export interface PaypalWebhookHeaders {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
}

// PayPal's refund issues, in words the seller can act on; others fall back to PayPal's description.
const refundIssues: Record<string, string> = {
  CAPTURE_FULLY_REFUNDED: 'PayPal says this payment has already been refunded in full.',
  REFUND_AMOUNT_EXCEEDED: 'PayPal says the amount is more than what is left to refund on this payment.',
  REFUND_TIME_LIMIT_EXCEEDED: 'PayPal no longer allows refunds of this payment: it is too old.',
  REFUND_NOT_ALLOWED: 'PayPal does not allow a refund of this payment.',
  TRANSACTION_DISPUTED: 'This payment is under dispute at PayPal; answer the dispute instead.',
  INSUFFICIENT_FUNDS: 'Your PayPal balance is too low for this refund. Add funds and try again.',
  PENDING_CAPTURE: 'PayPal has not finished taking this payment yet; try the refund later.',
  MAX_NUMBER_OF_REFUNDS_EXCEEDED: 'PayPal allows no more refunds of this payment.',
  PARTIAL_REFUND_NOT_ALLOWED: 'PayPal allows only a full refund of this payment.',
};

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function readAmount(value: unknown): PaypalAmount | null {
  if (!isRecord(value)) return null;
  return { currency: text(value.currency_code), value: text(value.value) };
}

/** Reads an order (GET or capture answer, with Prefer: return=representation). */
export function readPaypalOrder(body: Record<string, unknown>): PaypalOrder {
  const unit = Array.isArray(body.purchase_units) && isRecord(body.purchase_units[0]) ? body.purchase_units[0] : {};
  const payments = isRecord(unit.payments) ? unit.payments : {};
  const payee = isRecord(unit.payee) ? unit.payee : {};
  const first = Array.isArray(payments.captures) && isRecord(payments.captures[0]) ? payments.captures[0] : null;
  return {
    id: text(body.id),
    status: text(body.status),
    customId: text(unit.custom_id),
    payeeMerchantId: text(payee.merchant_id),
    amount: readAmount(unit.amount),
    capture: first
      ? {
          id: text(first.id),
          status: text(first.status),
          amount: readAmount(first.amount),
          customId: text(first.custom_id),
          createTime: text(first.create_time),
        }
      : null,
  };
}

/** Why a capture did not go through, in the buyer's words: 422 carries it (INSTRUMENT_DECLINED, ...). */
function captureRefusal(body: unknown): string {
  const issue =
    isRecord(body) && Array.isArray(body.details) && isRecord(body.details[0]) ? text(body.details[0].issue) : '';
  return issue === 'INSTRUMENT_DECLINED'
    ? 'PayPal declined the payment. Please try another payment method.'
    : 'The PayPal payment could not be completed.';
}

/** Why PayPal refused a refund, in words the seller can act on. */
function refundRefusal(body: unknown): string {
  const detail = isRecord(body) && Array.isArray(body.details) && isRecord(body.details[0]) ? body.details[0] : {};
  const issue = text(detail.issue);
  const described = text(detail.description) || (isRecord(body) ? text(body.message) : '');
  return refundIssues[issue] ?? (described || 'PayPal refused the refund.');
}

/** The verify-webhook-signature request for one delivery. */
function verificationBody({
  headers,
  webhookId,
  rawEvent,
}: {
  headers: PaypalWebhookHeaders;
  webhookId: string;
  rawEvent: string;
}): string {
  // The event goes back byte for byte as it arrived: PayPal checks the signature over what it
  // sent, and a re-serialised copy (other number forms, key order, escapes) may not match.
  const envelope = JSON.stringify({
    auth_algo: headers.authAlgo,
    cert_url: headers.certUrl,
    transmission_id: headers.transmissionId,
    transmission_sig: headers.transmissionSig,
    transmission_time: headers.transmissionTime,
    webhook_id: webhookId,
  });
  return `${envelope.slice(0, -1)},"webhook_event":${rawEvent}}`;
}

/** PayPal's verify-webhook-signature answer: SUCCESS only; a 4xx is a refusal, a 5xx PayPal's trouble. */
function verificationPassed({ status, body }: { status: number; body: unknown }): boolean {
  if (status !== 200) {
    if (status >= 400 && status < 500) return false;
    throw new ProviderUnavailableError('PayPal', `verify webhook: HTTP ${status}`);
  }
  return isRecord(body) && body.verification_status === 'SUCCESS';
}

/** A webhook subscription (GET /v1/notifications/webhooks/{id}); PayPal answers an unknown id 404 INVALID_RESOURCE_ID. */
function readWebhook({
  status,
  body,
}: {
  status: number;
  body: unknown;
}): { url: string; eventTypes: string[] } | null {
  if (status === 404 || status === 400) return null;
  if (status !== 200 || !isRecord(body)) throw new ProviderUnavailableError('PayPal', `get webhook: HTTP ${status}`);
  const types = Array.isArray(body.event_types) ? body.event_types.filter(isRecord) : [];
  return { url: text(body.url), eventTypes: types.map((type) => text(type.name)).filter(Boolean) };
}

export interface PaypalCredentials {
  clientId: string;
  clientSecret: string;
  baseUrl: string;
  timeoutMs: number;
  now?: () => number;
}

/**
 * PayPal's REST API under an OAuth access token: the token is fetched with the client credentials,
 * kept until shortly before it expires and forgotten when PayPal answers 401. Answers the call to make.
 */
export function paypalSession({ clientId, clientSecret, baseUrl, timeoutMs, now = Date.now }: PaypalCredentials) {
  const base = baseUrl.replace(/\/+$/, '');
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    // A token lives about nine hours; renewing a minute early avoids using one that expires in flight.
    if (token && token.expiresAt - 60_000 > now()) return token.value;
    const { status, body } = await callProvider(
      'PayPal',
      `${base}/v1/oauth2/token`,
      {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
      },
      timeoutMs,
    );
    if (status !== 200 || !isRecord(body) || typeof body.access_token !== 'string') {
      throw new ProviderUnavailableError('PayPal', `token: HTTP ${status}`);
    }
    const lifetime = typeof body.expires_in === 'number' ? body.expires_in * 1000 : 300_000;
    token = { value: body.access_token, expiresAt: now() + lifetime };
    return token.value;
  }

  return async function call(path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    const bearer = await accessToken();
    const answer = await callProvider(
      'PayPal',
      `${base}${path}`,
      {
        ...init,
        headers: {
          Authorization: `Bearer ${bearer}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
          Prefer: 'return=representation',
          ...init.headers,
        },
      },
      timeoutMs,
    );
    // An expired or revoked token: forget it so the next call fetches a new one.
    if (answer.status === 401) {
      token = null;
      throw new ProviderUnavailableError('PayPal', `${path}: HTTP 401`);
    }
    return answer;
  };
}

export function createPaypalClient(credentials: PaypalCredentials): PaypalClient {
  const call = paypalSession(credentials);

  return {
    async createOrder({ productId, description, value }) {
      const { status, body } = await call('/v2/checkout/orders', {
        method: 'POST',
        body: JSON.stringify({
          intent: 'CAPTURE',
          purchase_units: [
            {
              // PayPal caps the description at 127 characters.
              description: description.slice(0, 127),
              custom_id: productId,
              amount: { currency_code: 'USD', value },
            },
          ],
        }),
      });
      if ((status !== 200 && status !== 201) || !isRecord(body) || typeof body.id !== 'string') {
        throw new ProviderUnavailableError('PayPal', `create order: HTTP ${status}`);
      }
      return { id: body.id };
    },

    async getOrder(id) {
      const { status, body } = await call(`/v2/checkout/orders/${encodeURIComponent(id)}`, { method: 'GET' });
      if (status === 404 || status === 400) return null;
      if (status !== 200 || !isRecord(body)) throw new ProviderUnavailableError('PayPal', `get order: HTTP ${status}`);
      return readPaypalOrder(body);
    },

    async captureOrder(id) {
      const { status, body } = await call(`/v2/checkout/orders/${encodeURIComponent(id)}/capture`, {
        method: 'POST',
        headers: { 'PayPal-Request-Id': `capture-${id}` },
      });
      if ((status === 200 || status === 201) && isRecord(body)) return readPaypalOrder(body);
      // 422 carries why (INSTRUMENT_DECLINED, ORDER_NOT_APPROVED, ...): the payment did not go through.
      if (status === 422 || status === 400 || status === 404) throw new PaymentNotVerifiedError(captureRefusal(body));
      throw new ProviderUnavailableError('PayPal', `capture: HTTP ${status}`);
    },

    async refundCapture({ captureId, amount, requestId, note }) {
      const { status, body } = await call(`/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
        method: 'POST',
        headers: { 'PayPal-Request-Id': requestId },
        body: JSON.stringify({
          amount: { value: amount.value, currency_code: amount.currency },
          // PayPal caps the note to the payer at 255 characters.
          ...(note ? { note_to_payer: note.slice(0, 255) } : {}),
        }),
      });
      if ((status === 200 || status === 201) && isRecord(body) && typeof body.id === 'string') {
        return { ok: true, refundId: body.id, status: text(body.status), amount: readAmount(body.amount) };
      }
      if (status === 422 || status === 400 || status === 403 || status === 404) {
        return { ok: false, reason: refundRefusal(body) };
      }
      throw new ProviderUnavailableError('PayPal', `refund: HTTP ${status}`);
    },

    async orderIdOfCapture(captureId) {
      const { status, body } = await call(`/v2/payments/captures/${encodeURIComponent(captureId)}`, { method: 'GET' });
      if (status === 404 || status === 400) return null;
      if (status !== 200 || !isRecord(body))
        throw new ProviderUnavailableError('PayPal', `get capture: HTTP ${status}`);
      const supplementary = isRecord(body.supplementary_data) ? body.supplementary_data : {};
      const related = isRecord(supplementary.related_ids) ? supplementary.related_ids : {};
      return text(related.order_id) || null;
    },

    async verifyWebhook(input) {
      const path = '/v1/notifications/verify-webhook-signature';
      return verificationPassed(await call(path, { method: 'POST', body: verificationBody(input) }));
    },

    async getWebhook(id) {
      return readWebhook(await call(`/v1/notifications/webhooks/${encodeURIComponent(id)}`, { method: 'GET' }));
    },
  };
}
