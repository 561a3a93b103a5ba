// The admin's side of e-mails to buyers (docs/emails.md): drafts, the count before sending, a test
// copy to the admin's own address, sending now or at a Lagos time, and the list with its counts. The
// queue (mailingQueue.ts) does the sending.
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import { readMailingRecord, type MailingAudience, type MailingRecord } from '../../domain/mailings';
import type { ServerConfig } from '../config';
import { adminsCollection, mailingsCollection } from '../lib/collections';
import { readAudience } from './mailingAudience';
import { mailingMessage } from './mailingMail';
import { countRecipients } from './mailingQueue';
import type { MailingInput } from './mailingSchemas';
import { createSuppressions } from './suppressions';

export interface MailingsDeps {
  db: Firestore;
  mailer: Pick<Transporter, 'sendMail'>;
  config: Pick<ServerConfig, 'MAIL_FROM' | 'SELLER_EMAIL' | 'STORE_NAME'>;
  now: () => Date;
}

/** A mailing as the dashboard lists it. */
export interface MailingSummary {
  id: string;
  subject: string;
  audience: MailingAudience;
  status: MailingRecord['status'];
  scheduledAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  counts: { recipients: number; sent: number; failed: number; skipped: number; unsubscribed: number };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** How many mailings the list shows, newest first. */
export const listedMailings = 20;

export function createMailings({ db, mailer, config, now }: MailingsDeps) {
  // A reference per call, as the other services take theirs: the app is built before any database is.
  const mailings = () => db.collection(mailingsCollection);
  const suppressions = createSuppressions({ db, now });

  /** The mailing as the dashboard lists it, its counts read from its recipients once sending started. */
  async function summaryOf(id: string, mailing: MailingRecord): Promise<MailingSummary> {
    const started = mailing.status === 'sending' || mailing.status === 'sent';
    const counted = started ? await countRecipients(db, id) : null;
    return {
      id,
      subject: mailing.subject,
      audience: mailing.audience,
      status: mailing.status,
      scheduledAt: iso(mailing.scheduledAtMs),
      startedAt: iso(mailing.startedAtMs),
      finishedAt: iso(mailing.finishedAtMs),
      counts: {
        recipients: mailing.counts.recipients,
        sent: counted?.sent ?? 0,
        failed: counted?.failed ?? 0,
        skipped: counted?.skipped ?? 0,
        unsubscribed: counted?.unsubscribed ?? 0,
      },
    };
  }

  /** The mailing when it can still be changed (a draft or scheduled); else why not. */
  async function editable(id: string): Promise<MailingRecord | 'notFound' | 'started'> {
    const snapshot = await mailings().doc(id).get();
    if (!snapshot.exists) return 'notFound';
    const mailing = readMailingRecord(snapshot.data());
    return mailing.status === 'draft' || mailing.status === 'scheduled' ? mailing : 'started';
  }

  return {
    async create(input: MailingInput, adminUid: string): Promise<string> {
      const ref = mailings().doc();
      await ref.set({
        ...input,
        status: 'draft',
        scheduledAt: null,
        counts: { recipients: 0, sent: 0, failed: 0, skipped: 0 },
        createdBy: adminUid,
        createdAt: Timestamp.fromDate(now()),
      });
      return ref.id;
    },

    /** Changes a draft or scheduled mailing (a scheduled one goes back to a draft until sent again). */
    async update(id: string, input: MailingInput): Promise<'updated' | 'notFound' | 'started'> {
      return db.runTransaction(async (transaction) => {
        const snapshot = await transaction.get(mailings().doc(id));
        if (!snapshot.exists) return 'notFound';
        const status = readMailingRecord(snapshot.data()).status;
        if (status !== 'draft' && status !== 'scheduled') return 'started';
        transaction.update(snapshot.ref, { ...input, status: 'draft', scheduledAt: null });
        return 'updated';
      });
    },

    /** How many addresses the audience would reach now: buyers, once per mailbox, less the suppressed. */
    async count(audience: MailingAudience): Promise<number> {
      const members = await readAudience(db, audience, { at: now() });
      const reasons = await suppressions.reasonsFor(members.map((member) => member.email));
      return reasons.filter((reason) => reason === null).length;
    },

    /** The mailing as a buyer gets it, to the signed-in admin's own address. */
    async testSend(id: string, adminUid: string): Promise<'sent' | 'notFound' | 'noAddress'> {
      const [snapshot, admin] = await Promise.all([
        mailings().doc(id).get(),
        db.collection(adminsCollection).doc(adminUid).get(),
      ]);
      if (!snapshot.exists) return 'notFound';
      const email: unknown = admin.get('email');
      if (typeof email !== 'string' || !email.includes('@')) return 'noAddress';
      const mailing = readMailingRecord(snapshot.data());
      const message = mailingMessage(mailing, { unsubscribe: null }, config);
      await mailer.sendMail({
        from: config.MAIL_FROM,
        to: email,
        replyTo: config.SELLER_EMAIL,
        subject: `[Test] ${message.subject}`,
        text: message.text,
        html: message.html,
      });
      return 'sent';
    },

    /** Sends at `at` (or now): the queue starts it on its first run from then. */
    async schedule(id: string, at: Date | null): Promise<'scheduled' | 'notFound' | 'started' | 'past'> {
      const when = at ?? now();
      if (at && at.getTime() < now().getTime() - 60_000) return 'past';
      const mailing = await editable(id);
      if (typeof mailing === 'string') return mailing;
      return db.runTransaction(async (transaction) => {
        const snapshot = await transaction.get(mailings().doc(id));
        const status = readMailingRecord(snapshot.data()).status;
        if (status !== 'draft' && status !== 'scheduled') return 'started';
        transaction.update(snapshot.ref, { status: 'scheduled', scheduledAt: Timestamp.fromDate(when) });
        return 'scheduled';
      });
    },

    /** The newest mailings with their counts (counted from their recipients while and after sending). */
    async list(): Promise<MailingSummary[]> {
      const snapshot = await mailings().orderBy('createdAt', 'desc').limit(listedMailings).get();
      return Promise.all(snapshot.docs.map(async (doc) => summaryOf(doc.id, readMailingRecord(doc.data()))));
    },

    /** One mailing with its body, to be reopened and edited; null when there is none. */
    async get(id: string): Promise<(MailingSummary & { body: string }) | null> {
      const snapshot = await mailings().doc(id).get();
      if (!snapshot.exists) return null;
      const mailing = readMailingRecord(snapshot.data());
      return { ...(await summaryOf(id, mailing)), body: mailing.body };
    },
  };
}

export type Mailings = ReturnType<typeof createMailings>;
