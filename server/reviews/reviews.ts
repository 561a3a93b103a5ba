// Reviews by verified buyers (docs/reviews.md). A review is reviews/{transactionId}: the sale is its id,
// so one purchase has one review however many requests arrive; a second write edits it. Every write
// runs in one Firestore transaction with productRatings/{productId} ({count, sum} of the shown
// reviews), so the average never drifts from the reviews. A full refund or a lost dispute removes the
// review (status 'removed') and takes it out of the rating: the refund path calls `followSale`.
// A membership or an instalment plan has one review: each renewal is a sale of its own, and its review
// is the plan's, under the plan's first sale (`reviewIdOf`), so a review through a renewal edits it.
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { readAccessGrant } from '../../domain/accessGrant';
import {
  firstNameOf,
  readReview,
  reviewRefusals,
  reviewWindowDays,
  type OwnReviewAnswer,
  type ReviewRecord,
} from '../../domain/reviews';
import { readSaleRecord, type SaleRecord } from '../../domain/saleRecord';
import { jsonError } from '../lib/httpErrors';
import {
  accessGrantsCollection,
  productRatingsCollection,
  reviewsCollection,
  transactionsCollection,
} from '../lib/collections';
import { hashToken, isTokenShaped } from '../orders/accessLinks';
import { forgetProductReviews } from './reviewLists';

const dayMs = 86_400_000;

export interface ReviewInput {
  rating: number;
  title: string;
  text: string;
}

/** Who asks: a library session's address, or the sale an access link opens. */
export type Reviewer = { email: string } | { accessTo: string };

/** A sale as the reviews read it: its record, once it belongs to the reviewer. */
function belongs(sale: SaleRecord, reviewer: Reviewer, transactionId: string): boolean {
  if ('accessTo' in reviewer) return reviewer.accessTo === transactionId;
  return sale.customerEmail.trim().toLowerCase() === reviewer.email.trim().toLowerCase();
}

/**
 * The id of a sale's review: the sale's own, or for a payment of a plan the plan's first sale (whose id
 * the plan has, docs/memberships.md), so every period of a plan shares one review.
 */
export function reviewIdOf(transactionId: string, stored: { membershipId?: unknown } | undefined): string {
  const planId = stored?.membershipId;
  return typeof planId === 'string' && planId !== '' ? planId : transactionId;
}

/** Why a sale's review is removed: a full refund or a lost dispute; null while the sale stands. */
export function removalOf(sale: SaleRecord): 'refund' | 'dispute' | null {
  // A lost dispute is also recorded as a full refund: it is named for what it was.
  if (sale.disputeStatus === 'lost') return 'dispute';
  if (sale.refund.full) return 'refund';
  return null;
}

/** The rating's change when a review goes from `before` (shown or not) to `after`. */
function ratingChange(before: ReviewRecord | null, after: { status: string; rating: number } | null) {
  const was = before?.status === 'shown' ? before.rating : null;
  const is = after?.status === 'shown' ? after.rating : null;
  return { count: (is === null ? 0 : 1) - (was === null ? 0 : 1), sum: (is ?? 0) - (was ?? 0) };
}

function applyRating(t: Transaction, ref: DocumentReference, change: { count: number; sum: number }, at: Date): void {
  if (change.count === 0 && change.sum === 0) return;
  t.set(
    ref,
    {
      count: FieldValue.increment(change.count),
      sum: FieldValue.increment(change.sum),
      updatedAt: Timestamp.fromDate(at),
    },
    { merge: true },
  );
}

/** The seller's part: hide with a reason, show again, reply. */
function createModeration({ db, now }: { db: Firestore; now: () => Date }) {
  const reviews = () => db.collection(reviewsCollection);
  const ratings = () => db.collection(productRatingsCollection);
  return {
    /** The seller hides a review (with the reason kept) or shows it again; the buyer's words stay. */
    async setHidden(id: string, hide: { reason: string } | null, adminUid: string): Promise<ReviewRecord> {
      const review = await db.runTransaction(async (t): Promise<ReviewRecord> => {
        const reviewRef = reviews().doc(id);
        const snapshot = await t.get(reviewRef);
        if (!snapshot.exists) throw jsonError(404, 'This review could not be found.');
        const before = readReview(snapshot.data());
        if (before.status === 'removed') throw jsonError(409, 'This review was removed after a refund.');
        const at = now();
        const status = hide ? 'hidden' : 'shown';
        const hidden = hide ? { reason: hide.reason, by: adminUid, at: Timestamp.fromDate(at) } : null;
        t.update(reviewRef, { status, hidden });
        applyRating(t, ratings().doc(before.productId), ratingChange(before, { status, rating: before.rating }), at);
        return { ...before, status, hidden: hide ? { reason: hide.reason, by: adminUid, atMs: at.getTime() } : null };
      });
      forgetProductReviews(db, review.productId);
      return review;
    },

    /** The seller's public reply under a review; an empty text takes the reply away. */
    async reply(id: string, text: string, adminUid: string): Promise<ReviewRecord> {
      const review = await db.runTransaction(async (t): Promise<ReviewRecord> => {
        const reviewRef = reviews().doc(id);
        const snapshot = await t.get(reviewRef);
        if (!snapshot.exists) throw jsonError(404, 'This review could not be found.');
        const at = now();
        const reply = text ? { text, at: Timestamp.fromDate(at), by: adminUid } : null;
        t.update(reviewRef, { reply });
        return { ...readReview(snapshot.data()), reply: reply ? { text, atMs: at.getTime(), by: adminUid } : null };
      });
      forgetProductReviews(db, review.productId);
      return review;
    },
  };
}

export function createReviews({ db, now }: { db: Firestore; now: () => Date }) {
  const reviews = () => db.collection(reviewsCollection);
  const ratings = () => db.collection(productRatingsCollection);

  /**
   * The sale and its review's ref, when the sale is the reviewer's; 404 in words otherwise (another
   * buyer's sale tells nothing).
   */
  async function saleOf(
    t: Transaction | null,
    transactionId: string,
    reviewer: Reviewer,
  ): Promise<{ sale: SaleRecord; reviewRef: DocumentReference }> {
    const ref = db.collection(transactionsCollection).doc(transactionId);
    const snapshot = t ? await t.get(ref) : await ref.get();
    const sale = readSaleRecord(snapshot.data());
    if (!snapshot.exists || !sale.productId || !belongs(sale, reviewer, transactionId)) {
      throw jsonError(404, reviewRefusals.notYours);
    }
    return { sale, reviewRef: reviews().doc(reviewIdOf(transactionId, snapshot.data())) };
  }

  return {
    /** The sale an access link's token opens, or null for a token that opens none. */
    async saleOfToken(token: string): Promise<string | null> {
      if (!isTokenShaped(token)) return null;
      const grant = await db.collection(accessGrantsCollection).doc(hashToken(token)).get();
      return grant.exists ? readAccessGrant(grant.data()).transactionId : null;
    },

    ...createModeration({ db, now }),

    /** The reviewer's review of the sale, for their form (null before they wrote one). */
    async own(transactionId: string, reviewer: Reviewer): Promise<OwnReviewAnswer> {
      const { sale, reviewRef } = await saleOf(null, transactionId, reviewer);
      const snapshot = await reviewRef.get();
      const review = snapshot.exists ? readReview(snapshot.data()) : null;
      return {
        productId: sale.productId,
        productName: sale.productName,
        review: review
          ? { rating: review.rating, title: review.title, text: review.text, status: review.status }
          : null,
      };
    },

    /**
     * Writes or edits the reviewer's review of the sale, and the product's rating with it. 'created'
     * for the first write; concurrent first writes retry as edits of the one that won.
     */
    async write(transactionId: string, reviewer: Reviewer, input: ReviewInput): Promise<'created' | 'edited'> {
      const { outcome, productId } = await db.runTransaction(async (t) => {
        const { sale, reviewRef } = await saleOf(t, transactionId, reviewer);
        const ratingRef = ratings().doc(sale.productId);
        const snapshot = await t.get(reviewRef);
        if (removalOf(sale)) throw jsonError(409, reviewRefusals.refunded);
        const at = now();
        if (sale.createdAtMs === null || at.getTime() - sale.createdAtMs > reviewWindowDays * dayMs) {
          throw jsonError(409, reviewRefusals.tooLate);
        }
        const before = snapshot.exists ? readReview(snapshot.data()) : null;
        if (before?.status === 'removed') throw jsonError(409, reviewRefusals.removed);
        const status = before?.status ?? 'shown';
        const fields = {
          rating: input.rating,
          title: input.title,
          text: input.text,
          updatedAt: Timestamp.fromDate(at),
        };
        if (before) t.update(reviewRef, fields);
        else {
          t.create(reviewRef, {
            ...fields,
            productId: sale.productId,
            productName: sale.productName,
            firstName: firstNameOf(sale.customerName),
            createdAt: Timestamp.fromDate(at),
            status,
            hidden: null,
            reply: null,
          });
        }
        applyRating(t, ratingRef, ratingChange(before, { status, rating: input.rating }), at);
        return { outcome: before ? ('edited' as const) : ('created' as const), productId: sale.productId };
      });
      forgetProductReviews(db, productId);
      return outcome;
    },

    /**
     * After a refund or a dispute changed the sale: a fully refunded or lost sale's review is removed
     * and taken out of the rating, once. Answers whether it removed one.
     */
    async followSale(transactionId: string): Promise<boolean> {
      const removed = await db.runTransaction(async (t) => {
        const reviewRef = reviews().doc(transactionId);
        const [saleSnapshot, reviewSnapshot] = await Promise.all([
          t.get(db.collection(transactionsCollection).doc(transactionId)),
          t.get(reviewRef),
        ]);
        if (!reviewSnapshot.exists) return null;
        const removal = removalOf(readSaleRecord(saleSnapshot.data()));
        const before = readReview(reviewSnapshot.data());
        if (!removal || before.status === 'removed') return null;
        const at = now();
        t.update(reviewRef, { status: 'removed', removedBecause: removal, removedAt: Timestamp.fromDate(at) });
        applyRating(t, ratings().doc(before.productId), ratingChange(before, null), at);
        return before.productId;
      });
      if (removed === null) return false;
      forgetProductReviews(db, removed);
      return true;
    },
  };
}

export type Reviews = ReturnType<typeof createReviews>;
