// Paystack's transaction verification (GET /transaction/verify/{reference}, secret key), reduced to
// the fields the API checks (docs/payments.md).
import { callProvider, isRecord, ProviderUnavailableError } from './providerErrors';

export interface PaystackTransaction {
  reference: string;
  /** 'success', 'failed', 'abandoned', 'reversed', 'pending', 'ongoing', ... */
  status: string;
  /** Minor units (kobo for NGN). */
  amount: number;
  currency: string;
  paidAt: string | null;
  /** When the buyer started paying (Paystack's created_at); null when Paystack gave none. */
  createdAt: string | null;
  /** 'card', 'bank', 'ussd', 'bank_transfer', 'qr', ...; empty when Paystack gave none. */
  channel: string;
  /** The metadata the popup was opened with; Paystack may hand it back as a JSON string. */
  metadata: Record<string, unknown>;
  customer: { email: string; firstName: string; lastName: string; phone: string };
  /** The subaccount the charge was split with (`subaccount.subaccount_code`); '' when none. */
  subaccountCode: string;
  /** The main account's flat share the split used (`fees_split.params.transaction_charge`), kobo; null when not reported. */
  transactionCharge: number | null;
  /** What the subaccount received (`fees_split.subaccount`), kobo; null when not reported. */
  subaccountShare?: number | null;
  /** The split group the charge was split by (`split.split_code`); '' or absent when none. */
  splitCode?: string;
}

/** Paystack's answer to a refund request: queued (usually 'pending') or refused with its reason. */
export type PaystackRefundAnswer =
  { ok: true; refundId: string; status: string; amount: number } | { ok: false; reason: string };

export interface PaystackClient {
  /** The transaction, or null when Paystack does not know the reference. */
  verify(reference: string): Promise<PaystackTransaction | null>;
  /** POST /refund: `amount` in kobo; the note is what the seller wrote, kept on Paystack's side. */
  refund(input: { reference: string; amount: number; merchantNote: string }): Promise<PaystackRefundAnswer>;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function parseMetadata(value: unknown): Record<string, unknown> {
  if (isRecord(value)) return value;
  if (typeof value === 'string' && value.trim()) {
    try {
      const parsed: unknown = JSON.parse(value);
      return isRecord(parsed) ? parsed : {};
    } catch {
      return {};
    }
  }
  return {};
}

/** Reads Paystack's transaction object (verify answer's `data`, or a webhook event's `data`). */
export function readPaystackTransaction(data: Record<string, unknown>): PaystackTransaction {
  const customer = isRecord(data.customer) ? data.customer : {};
  return {
    reference: text(data.reference),
    status: text(data.status),
    amount: typeof data.amount === 'number' ? data.amount : Number.NaN,
    currency: text(data.currency),
    paidAt: typeof data.paid_at === 'string' ? data.paid_at : typeof data.paidAt === 'string' ? data.paidAt : null,
    createdAt:
      typeof data.created_at === 'string'
        ? data.created_at
        : typeof data.createdAt === 'string'
          ? data.createdAt
          : null,
    channel: text(data.channel),
    metadata: parseMetadata(data.metadata),
    customer: {
      email: text(customer.email),
      firstName: text(customer.first_name),
      lastName: text(customer.last_name),
      phone: text(customer.phone),
    },
    subaccountCode: isRecord(data.subaccount) ? text(data.subaccount.subaccount_code) : '',
    transactionCharge: splitCharge(data.fees_split),
    subaccountShare: subaccountShare(data.fees_split),
    splitCode: isRecord(data.split) ? text(data.split.split_code) : '',
  };
}

/** A whole number of kobo as Paystack writes it (a number or a numeric string); null otherwise. */
function kobo(value: unknown): number | null {
  if (typeof value !== 'number' && (typeof value !== 'string' || value.trim() === '')) return null;
  const amount = Number(value);
  return Number.isSafeInteger(amount) ? amount : null;
}

function splitCharge(value: unknown): number | null {
  const params = isRecord(value) && isRecord(value.params) ? value.params : null;
  return params ? kobo(params.transaction_charge) : null;
}

function subaccountShare(value: unknown): number | null {
  return isRecord(value) ? kobo(value.subaccount) : null;
}

export function createPaystackClient({
  secretKey,
  baseUrl,
  timeoutMs,
}: {
  secretKey: string;
  baseUrl: string;
  timeoutMs: number;
}): PaystackClient {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async verify(reference) {
      const { status, body } = await callProvider(
        'Paystack',
        `${base}/transaction/verify/${encodeURIComponent(reference)}`,
        { method: 'GET', headers: { Authorization: `Bearer ${secretKey}`, Accept: 'application/json' } },
        timeoutMs,
      );
      // 400/404 'Transaction reference not found': nobody paid under this reference.
      if (status === 400 || status === 404) return null;
      // 401/403 means our key is wrong: the shopper's payment may be fine, so it must not read as unpaid.
      if (status !== 200 || !isRecord(body) || body.status !== true || !isRecord(body.data)) {
        throw new ProviderUnavailableError('Paystack', `verify ${reference}: HTTP ${status}`);
      }
      return readPaystackTransaction(body.data);
    },

    async refund({ reference, amount, merchantNote }) {
      const { status, body } = await callProvider(
        'Paystack',
        `${base}/refund`,
        {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${secretKey}`,
            'Content-Type': 'application/json',
            Accept: 'application/json',
          },
          body: JSON.stringify({ transaction: reference, amount, merchant_note: merchantNote }),
        },
        timeoutMs,
      );
      if (status === 401 || status === 403) throw new ProviderUnavailableError('Paystack', `refund: HTTP ${status}`);
      // Paystack says why in plain words ('Transaction has been fully reversed', 'Refund amount cannot
      // be more than ...'); the seller reads that sentence.
      if (!isRecord(body) || body.status !== true || !isRecord(body.data)) {
        const reason = isRecord(body) && typeof body.message === 'string' && body.message.trim() ? body.message : '';
        if (status >= 400 && status < 500) return { ok: false, reason: reason || 'Paystack refused the refund.' };
        throw new ProviderUnavailableError('Paystack', `refund: HTTP ${status}`);
      }
      const id = body.data.id;
      return {
        ok: true,
        refundId: typeof id === 'number' || typeof id === 'string' ? String(id) : '',
        status: text(body.data.status),
        amount: typeof body.data.amount === 'number' ? body.data.amount : amount,
      };
    },
  };
}
