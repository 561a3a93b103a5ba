// What is read of the reviews (docs/reviews.md): a product's shown reviews, newest first and paged, with
// its rating (the product page and its structured data), and every review for the seller's Reviews view.
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  publicReview,
  ratingSummary,
  readProductRating,
  readReview,
  reviewPageSize,
  type AdminReview,
  type ProductReviewsAnswer,
  type RatingSummary,
} from '../../domain/reviews';
import { productRatingsCollection, reviewsCollection } from '../lib/collections';
import { keptAnswers, type KeptAnswers } from '../lib/keptAnswers';

/** How many reviews the seller's view lists, newest first. */
export const adminReviewsListed = 500;

/** A page cursor: the creation time (ms) of the last review of the page before. */
export function readCursor(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

/** One page of the product's shown reviews and its rating; `before` is the cursor of the page. */
export async function readProductReviews(
  db: Firestore,
  productId: string,
  before: number | null,
  size = reviewPageSize,
): Promise<ProductReviewsAnswer> {
  let query = db
    .collection(reviewsCollection)
    .where('productId', '==', productId)
    .where('status', '==', 'shown')
    .orderBy('createdAt', 'desc');
  if (before !== null) query = query.startAfter(Timestamp.fromMillis(before));
  const [rating, page] = await Promise.all([
    db.collection(productRatingsCollection).doc(productId).get(),
    query.limit(size + 1).get(),
  ]);
  const reviews = page.docs.slice(0, size).map((doc) => readReview(doc.data()));
  const last = reviews.at(-1);
  return {
    rating: ratingSummary(readProductRating(rating.data())),
    reviews: reviews.map(publicReview),
    next: page.docs.length > size && last ? String(last.createdAtMs) : null,
  };
}

export function createReviewLists({ db }: { db: Firestore }) {
  const firstPages = keptProductReviews(db);
  return {
    /** A page of the product's reviews: the first as kept for a minute (the product page's), later ones afresh. */
    forProduct(productId: string, before: number | null): Promise<ProductReviewsAnswer> {
      return before === null ? firstPages(productId) : readProductReviews(db, productId, before);
    },

    /** The cards' ratings (productRatingsOf). */
    ratingsOf: (productIds: readonly string[]) => productRatingsOf(db, productIds),

    /** Every review, newest first, as the seller's view lists it (hidden and removed ones too). */
    async forSeller(): Promise<AdminReview[]> {
      const snapshot = await db
        .collection(reviewsCollection)
        .orderBy('createdAt', 'desc')
        .limit(adminReviewsListed)
        .get();
      return snapshot.docs.map((doc) => {
        const review = readReview(doc.data());
        return {
          id: doc.id,
          productId: review.productId,
          productName: review.productName,
          rating: review.rating,
          title: review.title,
          text: review.text,
          firstName: review.firstName,
          createdAt: new Date(review.createdAtMs).toISOString(),
          updatedAt: new Date(review.updatedAtMs).toISOString(),
          status: review.status,
          hiddenReason: review.hidden?.reason ?? null,
          removedBecause: review.removedBecause,
          reply: review.reply?.text ?? null,
        };
      });
    },
  };
}

export type ReviewLists = ReturnType<typeof createReviewLists>;

/** How long an instance keeps a product's first page of reviews (docs/performance.md, reads per view). */
export const productReviewsKeptMs = 60_000;

/** A product's first page of reviews and its rating, kept a minute per instance. */
export type ProductReviewsSource = (productId: string) => Promise<ProductReviewsAnswer>;

// One kept set per database, shared by the product page (server/sharing) and the reviews route, and
// forgotten by this instance's own review writes, so its next page shows them at once.
const keptPages = new WeakMap<Firestore, KeptAnswers<string, ProductReviewsAnswer>>();
const keptRatings = new WeakMap<Firestore, KeptAnswers<string, RatingSummary | null>>();

function keptRatingsFor(db: Firestore): KeptAnswers<string, RatingSummary | null> {
  let kept = keptRatings.get(db);
  if (!kept) {
    kept = keptAnswers<string, RatingSummary | null>(productReviewsKeptMs, 2000);
    keptRatings.set(db, kept);
  }
  return kept;
}

/** Most ids one ratings request may name: a list page's 24 cards, twice over. */
export const ratingsPerRequest = 48;

/**
 * The ratings of the storefront's cards (the products with reviews only), each kept a minute per
 * product and instance, so a list page costs one request and no Firestore read in the browser.
 */
export async function productRatingsOf(
  db: Firestore,
  productIds: readonly string[],
): Promise<Record<string, RatingSummary>> {
  const kept = keptRatingsFor(db);
  const answers = await Promise.all(
    productIds.map((id) =>
      kept.get(id, async () =>
        ratingSummary(readProductRating((await db.collection(productRatingsCollection).doc(id).get()).data())),
      ),
    ),
  );
  const ratings: Record<string, RatingSummary> = {};
  productIds.forEach((id, index) => {
    const rating = answers[index];
    if (rating) ratings[id] = rating;
  });
  return ratings;
}

function keptFor(db: Firestore): KeptAnswers<string, ProductReviewsAnswer> {
  let kept = keptPages.get(db);
  if (!kept) {
    kept = keptAnswers<string, ProductReviewsAnswer>(productReviewsKeptMs);
    keptPages.set(db, kept);
  }
  return kept;
}

/** Every product page asks: one read of the rating and the newest reviews a minute per product and instance. */
export function keptProductReviews(db: Firestore): ProductReviewsSource {
  const kept = keptFor(db);
  return (productId) => kept.get(productId, () => readProductReviews(db, productId, null));
}

/** After this instance changed a product's reviews: its next page reads them again. */
export function forgetProductReviews(db: Firestore, productId: string): void {
  keptFor(db).forget(productId);
  keptRatingsFor(db).forget(productId);
}
