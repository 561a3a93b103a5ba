// The send queue of e-mails to buyers (docs/emails.md, 'Sending'). The scheduled function runs `runOnce`
// every minute. A scheduled mailing whose time has come is started: its audience is fixed into one
// recipients/{key of the mailbox} document per address (written with create, so a start redone after a
// crash adds nobody twice). Then recipients are claimed in batches, each batch in one transaction that
// also counts the claim against the minute's budget (mailingMinutes/{minute}), so however many
// instances run, no minute sends more than MAILING_RATE_PER_MINUTE. A claimed recipient that opted
// out, bounced, complained or was refunded for everything it bought is skipped; the others are sent
// one at a time in key order, each marked sent (or failed) before the next. A crash therefore leaves
// at most one e-mail per batch whose fate is unknown: the first claimed one in key order. When a
// batch's claim goes stale, that one is marked failed ('interrupted'), never sent again, and the rest
// of the batch goes back to the queue: never twice to one address wins over never missing one.
import { GrpcStatus, Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import { readMailingRecord, type MailingRecord } from '../../domain/mailings';
import type { ServerConfig } from '../config';
import { addressKey } from '../lib/addressKey';
import { mailingRecipientsSubcollection, mailingsCollection } from '../lib/collections';
import { createMailingClaims, type Claimed } from './mailingClaims';
import { readAudience } from './mailingAudience';
import { mailingMessage, unsubscribeUrl } from './mailingMail';

export { minuteKey, staleClaimMs, unsubscribeTokenHash } from './mailingTokens';

export interface MailingQueueDeps {
  db: Firestore;
  mailer: Pick<Transporter, 'sendMail'>;
  config: Pick<
    ServerConfig,
    'MAIL_FROM' | 'SELLER_EMAIL' | 'STORE_NAME' | 'PUBLIC_STORE_URL' | 'MAILING_RATE_PER_MINUTE'
  >;
  now: () => Date;
  logError: (message: string, error: unknown) => void;
}

export interface MailingRunOutcome {
  started: number;
  sent: number;
  failed: number;
  skipped: number;
}

/** The most recipients one claim transaction takes (a transaction writes at most 500 documents). */
const claimBatch = 100;

export function createMailingQueue(deps: MailingQueueDeps) {
  const { db, mailer, config, now, logError } = deps;
  const { claim, skipReasons, releaseStale } = createMailingClaims({ db, config, now });
  const mailings = db.collection(mailingsCollection);
  const recipientsOf = (id: string) => mailings.doc(id).collection(mailingRecipientsSubcollection);

  /** Fixes the audience of a started mailing into its recipients; safe to run again. */
  async function fixAudience(id: string, mailing: MailingRecord): Promise<void> {
    const startedAt = new Date(mailing.startedAtMs ?? now().getTime());
    const members = await readAudience(db, mailing.audience, { at: startedAt, until: startedAt });
    const writer = db.bulkWriter();
    // A recipient a first, interrupted start already wrote stays as it is (it may be sent already).
    writer.onWriteError((error) => error.code !== GrpcStatus.ALREADY_EXISTS && error.failedAttempts < 5);
    const failures: unknown[] = [];
    for (const member of members) {
      writer
        .create(recipientsOf(id).doc(addressKey(member.email)), {
          email: member.email,
          saleIds: member.saleIds,
          status: 'queued',
        })
        .catch((error: { code?: GrpcStatus }) => {
          if (error.code !== GrpcStatus.ALREADY_EXISTS) failures.push(error);
        });
    }
    await writer.close();
    if (failures.length > 0) throw failures[0];
    await mailings.doc(id).update({ audienceFixed: true, 'counts.recipients': members.length });
  }

  /** Starts every scheduled mailing whose time has come, and finishes fixing any a crash left half done. */
  async function startDue(): Promise<number> {
    const due = await mailings.where('status', '==', 'scheduled').get();
    let started = 0;
    for (const doc of due.docs) {
      const at = readMailingRecord(doc.data()).scheduledAtMs;
      if (at === null || at > now().getTime()) continue;
      const mine = await db.runTransaction(async (transaction) => {
        const fresh = await transaction.get(doc.ref);
        if (fresh.get('status') !== 'scheduled') return false;
        transaction.update(doc.ref, { status: 'sending', audienceFixed: false, startedAt: Timestamp.fromDate(now()) });
        return true;
      });
      if (mine) started += 1;
    }
    const unfixed = await mailings.where('status', '==', 'sending').where('audienceFixed', '==', false).get();
    for (const doc of unfixed.docs) await fixAudience(doc.id, readMailingRecord(doc.data()));
    return started;
  }

  /** Sends one claimed batch in key order; each recipient marked before the next is sent. */
  async function sendBatch(id: string, mailing: MailingRecord, claimed: Claimed[], outcome: MailingRunOutcome) {
    const reasons = await skipReasons(claimed);
    const skips = db.batch();
    claimed.forEach((recipient, index) => {
      if (reasons[index]) skips.update(recipient.ref, { status: 'skipped', reason: reasons[index] });
    });
    await skips.commit();
    outcome.skipped += reasons.filter(Boolean).length;
    for (const [index, recipient] of claimed.entries()) {
      if (reasons[index]) continue;
      const unsubscribe = unsubscribeUrl(config.PUBLIC_STORE_URL, id, recipient.ref.id, recipient.token);
      const message = mailingMessage(mailing, { unsubscribe }, config);
      try {
        await mailer.sendMail({
          from: config.MAIL_FROM,
          to: recipient.email,
          replyTo: config.SELLER_EMAIL,
          ...message,
        });
      } catch (error) {
        logError(`Mailing ${id} could not be sent to one recipient`, error);
        await recipient.ref.update({ status: 'failed', reason: 'refused' });
        outcome.failed += 1;
        continue;
      }
      await recipient.ref.update({ status: 'sent', sentAt: Timestamp.fromDate(now()) });
      outcome.sent += 1;
    }
  }

  /** Marks the mailing sent once nothing is queued or claimed, with its final counts. */
  async function finishIfDone(id: string): Promise<void> {
    const recipients = recipientsOf(id);
    const [queued, claimedCount] = await Promise.all([
      recipients.where('status', '==', 'queued').limit(1).get(),
      recipients.where('status', '==', 'claimed').limit(1).get(),
    ]);
    if (!queued.empty || !claimedCount.empty) return;
    const counts = await countRecipients(db, id);
    await mailings.doc(id).update({
      status: 'sent',
      finishedAt: Timestamp.fromDate(now()),
      'counts.sent': counts.sent,
      'counts.failed': counts.failed,
      'counts.skipped': counts.skipped,
    });
  }

  async function runOnce(): Promise<MailingRunOutcome> {
    const outcome: MailingRunOutcome = { started: await startDue(), sent: 0, failed: 0, skipped: 0 };
    const sending = await mailings.where('status', '==', 'sending').where('audienceFixed', '==', true).get();
    const ordered = sending.docs.sort(
      (a, b) => (readMailingRecord(a.data()).startedAtMs ?? 0) - (readMailingRecord(b.data()).startedAtMs ?? 0),
    );
    for (const doc of ordered) {
      const mailing = readMailingRecord(doc.data());
      await releaseStale(doc.id);
      for (;;) {
        const claimed = await claim(doc.id, claimBatch);
        if (claimed === 'budgetSpent') return outcome;
        if (claimed === 'empty') break;
        await sendBatch(doc.id, mailing, claimed, outcome);
      }
      await finishIfDone(doc.id);
    }
    return outcome;
  }

  return { runOnce };
}

/** How many of a mailing's recipients are in each state, counted by Firestore. */
export async function countRecipients(
  db: Firestore,
  id: string,
): Promise<{ sent: number; failed: number; skipped: number; unsubscribed: number }> {
  const recipients = db.collection(mailingsCollection).doc(id).collection(mailingRecipientsSubcollection);
  const count = async (field: string, value: unknown) =>
    (await recipients.where(field, '==', value).count().get()).data().count;
  const [sent, failed, skipped, unsubscribed] = await Promise.all([
    count('status', 'sent'),
    count('status', 'failed'),
    count('status', 'skipped'),
    count('unsubscribed', true),
  ]);
  return { sent, failed, skipped, unsubscribed };
}
