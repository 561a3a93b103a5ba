// The mail provider's event webhook (docs/emails.md, 'Bounces and complaints'), in Mailgun's documented
// shape: a JSON body {signature: {timestamp, token, signature}, 'event-data': {event, severity,
// recipient, ...}}, signed with the HMAC-SHA256 of timestamp + token under the webhook signing key,
// as hex. A signature that does not match, or one older than 15 minutes, is refused; each token is
// applied once (providerEvents/mailgun_{token}). A permanent failure (a hard bounce) or a complaint
// suppresses the address for every e-mail to buyers; temporary failures and other events change
// nothing.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { providerEventsCollection } from '../lib/collections';
import type { Suppressions } from './suppressions';

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
      return 'applied';
    },
  };
}
