// What Store health reads and keeps (docs/admin.md, 'Store health'), all in the API-only collections
// storeHealth and mailFailures (firestore.rules deny every client):
// - storeHealth/latest: the last report, from 'Run checks now' or the daily run;
// - storeHealth/paystackWebhook, storeHealth/paypalWebhook: when each provider's last signed event
//   arrived, so a webhook that stopped arriving shows;
// - mailFailures/{id}: each e-mail the mail server refused, when and its subject (not the address).
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { healthReportFromData, type HealthReport } from '../../domain/storeHealth';
import { healthCollection, mailFailuresCollection } from '../lib/collections';

export const latestReportId = 'latest';

export type WebhookProvider = 'paystack' | 'paypal';

const arrivalDoc = (db: Firestore, provider: WebhookProvider) => db.doc(`${healthCollection}/${provider}Webhook`);

/**
 * Records that a signed event of the provider arrived. Kept as the latest time seen: an event that
 * arrives late (a provider's retry) never moves it back.
 */
export async function recordWebhookArrival(
  db: Firestore,
  provider: WebhookProvider,
  eventType: string,
  at: Date,
): Promise<void> {
  const ref = arrivalDoc(db, provider);
  await db.runTransaction(async (t) => {
    const current = await t.get(ref);
    const last = current.get('lastEventAt') as unknown;
    if (last instanceof Timestamp && last.toMillis() >= at.getTime()) return;
    t.set(ref, { lastEventAt: Timestamp.fromDate(at), lastEventType: eventType.slice(0, 100) });
  });
}

export interface WebhookArrival {
  at: Date;
  eventType: string;
}

export async function lastWebhookArrival(db: Firestore, provider: WebhookProvider): Promise<WebhookArrival | null> {
  const snapshot = await arrivalDoc(db, provider).get();
  const at = snapshot.get('lastEventAt') as unknown;
  if (!(at instanceof Timestamp)) return null;
  const type = snapshot.get('lastEventType') as unknown;
  return { at: at.toDate(), eventType: typeof type === 'string' ? type : '' };
}

type SendMail = Pick<Transporter, 'sendMail'>;

/** Why the server refused, in a few words of nodemailer's (its code and SMTP reply code), never the address. */
function failureReason(error: unknown): string {
  if (typeof error !== 'object' || error === null) return 'unknown';
  const { code, responseCode, message } = error as { code?: unknown; responseCode?: unknown; message?: unknown };
  // The socket's own code (ECONNREFUSED, ...) when nodemailer gave none of its own.
  const socketCode = typeof message === 'string' ? (/\bE[A-Z]{3,20}\b/.exec(message)?.[0] ?? '') : '';
  return [typeof code === 'string' ? code : socketCode, typeof responseCode === 'number' ? String(responseCode) : '']
    .filter(Boolean)
    .join(' ')
    .slice(0, 40);
}

/**
 * The mailer, with every refused e-mail recorded in mailFailures (Store health counts the last 7
 * days'). The failure still reaches the caller, which keeps its own retry.
 */
export function withMailFailureLog(
  mailer: SendMail,
  { db, now, logError }: { db: Firestore; now: () => Date; logError: (message: string, error: unknown) => void },
): SendMail {
  const send = async (options: Mail.Options) => {
    try {
      return await mailer.sendMail(options);
    } catch (error) {
      const subject = typeof options.subject === 'string' ? options.subject.slice(0, 200) : '';
      await db
        .collection(mailFailuresCollection)
        .add({ failedAt: Timestamp.fromDate(now()), subject, reason: failureReason(error) })
        .catch((recordError: unknown) => logError('A failed e-mail could not be recorded', recordError));
      throw error;
    }
  };
  // Every caller uses the promise form; the callback overload of Transporter is not offered.
  return { sendMail: send };
}

/** How many e-mails failed in [since, until]. */
export async function mailFailuresBetween(db: Firestore, since: Date, until: Date): Promise<number> {
  const answer = await db
    .collection(mailFailuresCollection)
    .where('failedAt', '>=', Timestamp.fromDate(since))
    .where('failedAt', '<=', Timestamp.fromDate(until))
    .count()
    .get();
  return answer.data().count;
}

export async function storeReport(db: Firestore, report: HealthReport): Promise<void> {
  await db.doc(`${healthCollection}/${latestReportId}`).set(report);
}

/** The last stored report, or null before the first run. */
export async function latestReport(db: Firestore): Promise<HealthReport | null> {
  const snapshot = await db.doc(`${healthCollection}/${latestReportId}`).get();
  return snapshot.exists ? healthReportFromData(snapshot.data()) : null;
}
