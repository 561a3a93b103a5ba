// The mail provider's event webhook (docs/emails.md, 'Bounces and complaints'), in Mailgun's documented
// shape: a JSON body {signature: {timestamp, token, signature}, 'event-data': {event, severity,
// recipient, ...}}, signed with the HMAC-SHA256 of timestamp + token under the webhook signing key,
// as hex. A signature that does not match, or one older than 15 minutes, is refused; each token is
// applied once (providerEvents/mailgun_{token}). A permanent failure (a hard bounce) or a complaint
// suppresses the address for every e-mail to buyers (a hard bounce of a recent buyer also goes to Needs
// attention); temporary failures and other events change nothing.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { readSaleRecord } from '../../domain/saleRecord';
import { paymentIssuesCollection, providerEventsCollection, transactionsCollection } from '../lib/collections';
import { newPaymentIssue, type IssueProvider } from '../payments/paymentIssues';
import type { Suppressions } from './suppressions';

/** What Needs attention says of a sale whose buyer's address bounced. */
export const bouncedReason = 'This buyer’s e-mail bounced';
/** How recent a sale must be for a bounce to be taken as its receipt's. */
export const bouncedReceiptDays = 7;

/** How old a signed event may be: older ones are refused as replays. */
export const mailEventMaxAgeMs = 15 * 60_000;

export type MailEventOutcome = 'applied' | 'ignored' | 'replayed' | 'badSignature';

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The signature Mailgun puts on an event: hex HMAC-SHA256 of timestamp + token under the key. */
export function mailgunSignature(signingKey: string, timestamp: string, token: string): string {
  return createHmac('sha256', signingKey).update(`${timestamp}${token}`, 'utf8').digest('hex');
}

/** True when the body's signature is the key's and no older than mailEventMaxAgeMs. */
export function mailgunSigned(body: unknown, signingKey: string, now: Date): boolean {
  const signature = record(record(body).signature);
  const timestamp = text(signature.timestamp);
  const token = text(signature.token);
  const given = text(signature.signature);
  if (!/^\d{1,12}$/.test(timestamp) || !/^[A-Za-z0-9]{1,128}$/.test(token) || !/^[0-9a-f]{64}$/.test(given)) {
    return false;
  }
  const expected = Buffer.from(mailgunSignature(signingKey, timestamp, token), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return false;
  return Math.abs(now.getTime() - Number(timestamp) * 1000) <= mailEventMaxAgeMs;
}

/** What an event asks of the store: the address and why it is suppressed, or nothing. */
export function mailgunSuppression(body: unknown): { email: string; reason: 'bounced' | 'complained' } | null {
  const event = record(record(body)['event-data']);
  const email = text(event.recipient).trim();
  if (!email.includes('@')) return null;
  if (event.event === 'complained') return { email, reason: 'complained' };
  if (event.event === 'failed' && event.severity === 'permanent') return { email, reason: 'bounced' };
  return null;
}

/**
 * A hard bounce for an address that bought in the last days is most likely its receipt's: the newest
 * such sale goes to Needs attention (paymentIssues/mailbounce_{transactionId}, once), so the seller
 * can correct the address and send the access e-mail again.
 */
async function recordBouncedReceipt(db: Firestore, email: string, now: Date): Promise<void> {
  const since = Timestamp.fromMillis(now.getTime() - bouncedReceiptDays * 86_400_000);
  const recent = await db
    .collection(transactionsCollection)
    .where('customerEmail', '==', email)
    .where('createdAt', '>=', since)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .get();
  const doc = recent.docs[0];
  if (!doc) return;
  const sale = readSaleRecord(doc.data());
  const method = sale.paymentMethod.toLowerCase();
  const provider: IssueProvider = method === 'paypal' ? 'paypal' : method === 'demo' ? 'demo' : 'paystack';
  const stored: unknown = doc.get('customerPhone');
  const issue = newPaymentIssue(
    {
      provider,
      reference: sale.transactionReference,
      amount: sale.amountPaid,
      currency: sale.currency,
      status: 'paid',
      customer: { name: sale.customerName, email: sale.customerEmail, phone: typeof stored === 'string' ? stored : '' },
      metadata: '',
      checkoutId: null,
      productId: sale.productId,
      productName: sale.productName,
      expectedAmount: null,
      expectedCurrency: null,
      reason: bouncedReason,
      // Shown as a payment's facts (the buyer, the product, the reference), not as a provider's event.
      event: null,
    },
    now,
  );
  const ref = db.collection(paymentIssuesCollection).doc(`mailbounce_${doc.id}`);
  await db.runTransaction(async (transaction) => {
    if (!(await transaction.get(ref)).exists) transaction.create(ref, issue);
  });
}

export function createMailEvents({
  db,
  suppressions,
  signingKey,
  now,
}: {
  db: Firestore;
  suppressions: Pick<Suppressions, 'suppress'>;
  signingKey: string;
  now: () => Date;
}) {
  return {
    async apply(body: unknown): Promise<MailEventOutcome> {
      if (!mailgunSigned(body, signingKey, now())) return 'badSignature';
      const token = text(record(record(body).signature).token);
      const seen = db.collection(providerEventsCollection).doc(`mailgun_${token}`);
      const first = await db.runTransaction(async (transaction) => {
        if ((await transaction.get(seen)).exists) return false;
        transaction.create(seen, { provider: 'mailgun', at: Timestamp.fromDate(now()) });
        return true;
      });
      if (!first) return 'replayed';
      const suppression = mailgunSuppression(body);
      if (!suppression) return 'ignored';
      await suppressions.suppress(suppression.email, suppression.reason, 'mailgun');
      if (suppression.reason === 'bounced') await recordBouncedReceipt(db, suppression.email, now());
      return 'applied';
    },
  };
}
