// A product's after-purchase sequence (docs/emails.md, 'After-purchase sequence'): up to 5 e-mails, each
// sent N whole days after a purchase. The send runs with the mailing queue every minute: for each step,
// the product's sales that became due in the last 7 days (so a new or edited sequence never writes to
// buyers of long ago) are each claimed once, by creating sequenceSends/{transactionId}_{stepId} in a
// transaction (counted against the minute's budget the mailings use, so both together keep
// MAILING_RATE_PER_MINUTE), then skipped (refunded in full, lost to a dispute, or a suppressed
// address) or sent with the same footer and one-click unsubscribe as a mailing.
import { randomBytes } from 'node:crypto';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import { readMinuteCount, readSequence, type SequenceStep } from '../../domain/mailings';
import { readSaleRecord } from '../../domain/saleRecord';
import type { ServerConfig } from '../config';
import {
  mailingMinutesCollection,
  sequenceSendsCollection,
  sequencesCollection,
  transactionsCollection,
} from '../lib/collections';
import { mailingMessage } from './mailingMail';
import { minuteKey, unsubscribeTokenHash } from './mailingTokens';
import { createSuppressions } from './suppressions';

const dayMs = 86_400_000;
/** How far back a step still catches up with sales that became due while nothing ran. */
export const sequenceCatchUpDays = 7;

export interface SequenceOutcome {
  sent: number;
  failed: number;
  skipped: number;
}

/** The address a sequence e-mail's one-click unsubscribe posts to (unsubscribeRoutes.ts). */
export function sequenceUnsubscribeUrl(publicStoreUrl: string, sendId: string, token: string): string {
  return `${publicStoreUrl.replace(/\/+$/, '')}/api/unsubscribe/sequence/${encodeURIComponent(sendId)}/${token}`;
}

export function createSequences({ db, now }: { db: Firestore; now: () => Date }) {
  // A reference per call, as the other services take theirs: the app is built before any database is.
  const sequences = () => db.collection(sequencesCollection);
  return {
    async get(productId: string): Promise<SequenceStep[]> {
      return readSequence((await sequences().doc(productId).get()).data());
    },
    async save(productId: string, steps: SequenceStep[], adminUid: string): Promise<void> {
      await sequences()
        .doc(productId)
        .set({ steps, updatedAt: Timestamp.fromDate(now()), updatedBy: adminUid });
    },
  };
}

export function createSequenceSweep(deps: {
  db: Firestore;
  mailer: Pick<Transporter, 'sendMail'>;
  config: Pick<
    ServerConfig,
    'MAIL_FROM' | 'SELLER_EMAIL' | 'STORE_NAME' | 'PUBLIC_STORE_URL' | 'MAILING_RATE_PER_MINUTE'
  >;
  now: () => Date;
  logError: (message: string, error: unknown) => void;
}) {
  const { db, mailer, config, now, logError } = deps;
  const suppressions = createSuppressions({ db, now });

  /**
   * Creates the send record when it does not exist yet, counted against the minute's budget shared
   * with the mailings (mailingMinutes): 'claimed' for the one run that made it.
   */
  async function claim(sendId: string, fields: Record<string, unknown>): Promise<'claimed' | 'taken' | 'budgetSpent'> {
    const ref = db.collection(sequenceSendsCollection).doc(sendId);
    const minuteRef = db.collection(mailingMinutesCollection).doc(minuteKey(now()));
    return db.runTransaction(async (transaction) => {
      const [existing, minute] = await Promise.all([transaction.get(ref), transaction.get(minuteRef)]);
      if (existing.exists) return 'taken';
      if (readMinuteCount(minute.data()) >= config.MAILING_RATE_PER_MINUTE) return 'budgetSpent';
      transaction.create(ref, { ...fields, claimedAt: Timestamp.fromDate(now()) });
      transaction.set(minuteRef, { sent: FieldValue.increment(1) }, { merge: true });
      return 'claimed';
    });
  }

  /** Sends what is due of one step; false once the minute's budget is spent (the next run goes on). */
  async function sendStep(productId: string, step: SequenceStep, outcome: SequenceOutcome): Promise<boolean> {
    const dueBy = now().getTime() - step.afterDays * dayMs;
    const due = await db
      .collection(transactionsCollection)
      .where('productId', '==', productId)
      .where('createdAt', '>=', Timestamp.fromMillis(dueBy - sequenceCatchUpDays * dayMs))
      .where('createdAt', '<=', Timestamp.fromMillis(dueBy))
      .orderBy('createdAt', 'desc')
      .get();
    for (const doc of due.docs) {
      const sale = readSaleRecord(doc.data());
      const sendId = `${doc.id}_${step.id}`;
      const token = randomBytes(24).toString('base64url');
      const email = sale.customerEmail.trim();
      const claimed = await claim(sendId, {
        email,
        productId,
        stepId: step.id,
        status: 'claimed',
        unsubscribeTokenHash: unsubscribeTokenHash(token),
      });
      if (claimed === 'budgetSpent') return false;
      if (claimed === 'taken') continue;
      const ref = db.collection(sequenceSendsCollection).doc(sendId);
      const [suppressed] = await suppressions.reasonsFor([email]);
      const refunded = sale.refund.full || sale.disputeStatus === 'lost';
      if (refunded || suppressed || !email.includes('@')) {
        await ref.update({ status: 'skipped', reason: refunded ? 'refunded' : (suppressed ?? 'noAddress') });
        outcome.skipped += 1;
        continue;
      }
      const unsubscribe = sequenceUnsubscribeUrl(config.PUBLIC_STORE_URL, sendId, token);
      try {
        await mailer.sendMail({
          from: config.MAIL_FROM,
          to: email,
          replyTo: config.SELLER_EMAIL,
          ...mailingMessage(step, { unsubscribe }, config),
        });
      } catch (error) {
        logError(`Sequence e-mail ${sendId} could not be sent`, error);
        await ref.update({ status: 'failed' });
        outcome.failed += 1;
        continue;
      }
      await ref.update({ status: 'sent', sentAt: Timestamp.fromDate(now()) });
      outcome.sent += 1;
    }
    return true;
  }

  return async (): Promise<SequenceOutcome> => {
    const outcome: SequenceOutcome = { sent: 0, failed: 0, skipped: 0 };
    const sequences = await db.collection(sequencesCollection).get();
    for (const doc of sequences.docs) {
      for (const step of readSequence(doc.data())) {
        if (!(await sendStep(doc.id, step, outcome))) return outcome;
      }
    }
    return outcome;
  };
}
