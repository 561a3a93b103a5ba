// The review request (docs/reviews.md, 'The review request'): one e-mail per purchase, 5 days after it
// (for a course, once its last lesson is complete, and 5 days after purchase at the earliest), asking
// the buyer to rate it from their library. It reuses the after-purchase sequences' machinery
// (server/mailings/sequences.ts): the send is claimed once as sequenceSends/{transactionId}_review, in a
// transaction counted against the minute's budget the mailings use, so the one-click unsubscribe route
// and the footer are the sequences' own; refunded sales, suppressed addresses and purchases already
// reviewed are skipped. The sweep runs with the mailing queue every minute.
import { randomBytes } from 'node:crypto';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import { decodeCourse } from '../../domain/courseContent';
import { paths } from '../../domain/routes';
import { readMinuteCount } from '../../domain/mailings';
import { readSaleRecord, type SaleRecord } from '../../domain/saleRecord';
import type { ServerConfig } from '../config';
import {
  courseContentCollection,
  lessonProgressCollection,
  mailingMinutesCollection,
  reviewsCollection,
  sequenceSendsCollection,
  transactionsCollection,
} from '../lib/collections';
import { mailingMessage } from '../mailings/mailingMail';
import { minuteKey, unsubscribeTokenHash } from '../mailings/mailingTokens';
import { sequenceUnsubscribeUrl } from '../mailings/sequences';
import { createSuppressions } from '../mailings/suppressions';
import { createAccessLinks, hashToken } from '../orders/accessLinks';
import { removalOf } from './reviews';

const dayMs = 86_400_000;
/** Days after purchase the request is sent. */
export const reviewRequestAfterDays = 5;
/** How long after it a sale still gets one: an ebook's catch-up after a pause; a course's time to finish. */
export const reviewRequestCatchUpDays = { product: 7, course: 60 };
/** The step id of the request in sequenceSends ({transactionId}_review); a sequence's own ids are 8 hex digits. */
export const reviewRequestStepId = 'review';

export interface ReviewRequestOutcome {
  sent: number;
  failed: number;
  skipped: number;
}

/** The e-mail: the product's name, and the library, where the buyer signs in with this address to rate it. */
export function reviewRequestMail(sale: Pick<SaleRecord, 'productName' | 'customerName'>, libraryUrl: string) {
  const first = sale.customerName.trim().split(/\s+/)[0] ?? '';
  return {
    subject: `How was ${sale.productName}?`,
    body: [
      `Hello${first ? ` ${first}` : ''},`,
      '',
      `Thank you for buying ${sale.productName}. Would you rate it? A few words help other buyers choose.`,
      '',
      `Rate it from your library (sign in with this e-mail address): ${libraryUrl}`,
      '',
      'You can rate it, or change your rating, within a year of your purchase.',
    ].join('\n'),
  };
}

/**
 * A later payment of a membership or an instalment plan (docs/memberships.md): its plan has one review,
 * asked for after the first sale, so a renewal asks nothing.
 */
function isRenewal(stored: { renewalOf?: unknown }): boolean {
  return typeof stored.renewalOf === 'string' && stored.renewalOf !== '';
}

export function createReviewRequestSweep(deps: {
  db: Firestore;
  mailer: Pick<Transporter, 'sendMail'>;
  config: Pick<
    ServerConfig,
    'MAIL_FROM' | 'SELLER_EMAIL' | 'STORE_NAME' | 'PUBLIC_STORE_URL' | 'MAILING_RATE_PER_MINUTE' | 'ACCESS_LINK_SECRET'
  >;
  now: () => Date;
  logError: (message: string, error: unknown) => void;
}) {
  const { db, mailer, config, now, logError } = deps;
  const suppressions = createSuppressions({ db, now });
  const links = createAccessLinks({ secret: config.ACCESS_LINK_SECRET, publicStoreUrl: config.PUBLIC_STORE_URL });

  /** The course's last lesson id, or null for a product without lessons (read once per run). */
  async function lastLessonOf(productId: string, seen: Map<string, string | null>): Promise<string | null> {
    if (!seen.has(productId)) {
      const course = decodeCourse((await db.collection(courseContentCollection).doc(productId).get()).data());
      const lessons = course.sections.flatMap((section) => section.lessons);
      seen.set(productId, lessons.at(-1)?.id ?? null);
    }
    return seen.get(productId) ?? null;
  }

  /** Whether the sale's buyer has completed the lesson, by what the course player recorded. */
  async function completed(transactionId: string, lessonId: string): Promise<boolean> {
    const grantId = hashToken(links.tokenFor(transactionId));
    const progress = (await db.collection(lessonProgressCollection).doc(grantId).get()).data();
    const lessons = (progress?.lessons ?? {}) as Record<string, { completedAt?: unknown } | undefined>;
    return typeof lessons[lessonId]?.completedAt === 'string';
  }

  async function claim(sendId: string, fields: Record<string, unknown>): Promise<'claimed' | 'taken' | 'budgetSpent'> {
    const ref = db.collection(sequenceSendsCollection).doc(sendId);
    const minuteRef = db.collection(mailingMinutesCollection).doc(minuteKey(now()));
    return db.runTransaction(async (t) => {
      const [existing, minute] = await Promise.all([t.get(ref), t.get(minuteRef)]);
      if (existing.exists) return 'taken';
      if (readMinuteCount(minute.data()) >= config.MAILING_RATE_PER_MINUTE) return 'budgetSpent';
      t.create(ref, { ...fields, claimedAt: Timestamp.fromDate(now()) });
      t.set(minuteRef, { sent: FieldValue.increment(1) }, { merge: true });
      return 'claimed';
    });
  }

  /** Claims, then sends or skips, one sale's request; false once the minute's budget is spent. */
  async function request(transactionId: string, sale: SaleRecord, outcome: ReviewRequestOutcome): Promise<boolean> {
    const sendId = `${transactionId}_${reviewRequestStepId}`;
    const token = randomBytes(24).toString('base64url');
    const email = sale.customerEmail.trim();
    const claimed = await claim(sendId, {
      email,
      productId: sale.productId,
      stepId: reviewRequestStepId,
      status: 'claimed',
      unsubscribeTokenHash: unsubscribeTokenHash(token),
    });
    if (claimed !== 'claimed') return claimed === 'taken';
    const ref = db.collection(sequenceSendsCollection).doc(sendId);
    const [[suppressed], review] = await Promise.all([
      suppressions.reasonsFor([email]),
      db.collection(reviewsCollection).doc(transactionId).get(),
    ]);
    const reason = removalOf(sale)
      ? 'refunded'
      : review.exists
        ? 'reviewed'
        : (suppressed ?? (email.includes('@') ? null : 'noAddress'));
    if (reason) {
      await ref.update({ status: 'skipped', reason });
      outcome.skipped += 1;
      return true;
    }
    const message = reviewRequestMail(sale, `${config.PUBLIC_STORE_URL.replace(/\/+$/, '')}${paths.library}`);
    const unsubscribe = sequenceUnsubscribeUrl(config.PUBLIC_STORE_URL, sendId, token);
    try {
      await mailer.sendMail({
        from: config.MAIL_FROM,
        to: email,
        replyTo: config.SELLER_EMAIL,
        ...mailingMessage(message, { unsubscribe }, config),
      });
    } catch (error) {
      logError(`Review request ${sendId} could not be sent`, error);
      await ref.update({ status: 'failed' });
      outcome.failed += 1;
      return true;
    }
    await ref.update({ status: 'sent', sentAt: Timestamp.fromDate(now()) });
    outcome.sent += 1;
    return true;
  }

  /** The sales made between `from` and `to` days before the request is due, newest first (of one product). */
  function salesDue(fromDays: number, productId?: string) {
    const dueBy = now().getTime() - reviewRequestAfterDays * dayMs;
    let query = db
      .collection(transactionsCollection)
      .where('createdAt', '>=', Timestamp.fromMillis(dueBy - fromDays * dayMs));
    if (productId) query = query.where('productId', '==', productId);
    return query.where('createdAt', '<=', Timestamp.fromMillis(dueBy)).orderBy('createdAt', 'desc').get();
  }

  /**
   * One run: every minute, the products' sales that became due in the last week; once an hour (the
   * minute :00, or every run with `everyCourse`), each course's sales of the last 60 days whose last
   * lesson is complete, so a long course costs no read a minute.
   */
  return async ({ everyCourse = false }: { everyCourse?: boolean } = {}): Promise<ReviewRequestOutcome> => {
    const outcome: ReviewRequestOutcome = { sent: 0, failed: 0, skipped: 0 };
    const courses = new Map<string, string | null>();
    for (const doc of (await salesDue(reviewRequestCatchUpDays.product)).docs) {
      if (isRenewal(doc.data())) continue;
      const sale = readSaleRecord(doc.data());
      if (!sale.productId || (await lastLessonOf(sale.productId, courses)) !== null) continue;
      if (!(await request(doc.id, sale, outcome))) return outcome;
    }
    if (!everyCourse && now().getUTCMinutes() !== 0) return outcome;
    const withLessons = await db.collection(courseContentCollection).get();
    for (const course of withLessons.docs) {
      const lastLesson = await lastLessonOf(course.id, courses);
      if (lastLesson === null) continue;
      for (const doc of (await salesDue(reviewRequestCatchUpDays.course, course.id)).docs) {
        if (isRenewal(doc.data())) continue;
        if (!(await completed(doc.id, lastLesson))) continue;
        if (!(await request(doc.id, readSaleRecord(doc.data()), outcome))) return outcome;
      }
    }
    return outcome;
  };
}
