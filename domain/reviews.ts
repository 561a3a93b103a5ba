// Reviews by verified buyers (docs/reviews.md): the stored review and product rating with their one
// decoder each, the limits the API and the SPA's forms share, and the shapes the API answers. Pure
// shapes and words.

/** A review's title and text, counted in words (and capped in characters, so no word can be a book). */
export const reviewLimits = {
  titleWords: 15,
  titleChars: 120,
  textWords: 400,
  textChars: 4000,
  replyWords: 300,
  replyChars: 3000,
  hideReasonChars: 300,
} as const;

/** A purchase may be reviewed, and its review edited, for this many days after it was made. */
export const reviewWindowDays = 365;

/** How many reviews one page of a product's reviews holds. */
export const reviewPageSize = 5;

/** What the buyer reads when the review cannot be written. */
export const reviewRefusals = {
  signInNeeded: 'Please sign in to your library, or open your access link, to review this purchase.',
  notYours: 'This purchase could not be found.',
  refunded: 'This purchase was refunded, so it cannot be reviewed.',
  tooLate: 'Reviews can be written or changed within a year of purchase.',
  removed: 'This review was removed because the purchase was refunded.',
} as const;

export type ReviewStatus = 'shown' | 'hidden' | 'removed';

/** reviews/{transactionId} as the API reads it back. */
export interface ReviewRecord {
  productId: string;
  productName: string;
  rating: number;
  title: string;
  text: string;
  firstName: string;
  createdAtMs: number;
  updatedAtMs: number;
  status: ReviewStatus;
  /** Why and by whom the seller hid it; null when it is not hidden. */
  hidden: { reason: string; by: string; atMs: number } | null;
  /** Why it was taken out (a full refund or a lost dispute); null when it was not. */
  removedBecause: 'refund' | 'dispute' | null;
  reply: { text: string; atMs: number; by: string } | null;
}

type Stored = Record<string, unknown> | undefined;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** A Firestore Timestamp (or anything with toMillis) as milliseconds; 0 otherwise. */
function millisOf(value: unknown): number {
  const toMillis = record(value).toMillis;
  if (typeof toMillis !== 'function') return 0;
  const ms: unknown = toMillis.call(value);
  return typeof ms === 'number' && Number.isFinite(ms) ? ms : 0;
}

/** A whole star count 1-5, or 0 for anything else. */
export function isRating(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5;
}

export function readReview(data: Stored): ReviewRecord {
  const stored = data ?? {};
  const status = stored.status === 'hidden' || stored.status === 'removed' ? stored.status : 'shown';
  const hidden = record(stored.hidden);
  const reply = record(stored.reply);
  const removedBecause = stored.removedBecause === 'refund' || stored.removedBecause === 'dispute';
  return {
    productId: text(stored.productId),
    productName: text(stored.productName),
    rating: isRating(stored.rating) ? stored.rating : 0,
    title: text(stored.title),
    text: text(stored.text),
    firstName: text(stored.firstName),
    createdAtMs: millisOf(stored.createdAt),
    updatedAtMs: millisOf(stored.updatedAt),
    status,
    hidden:
      status === 'hidden' ? { reason: text(hidden.reason), by: text(hidden.by), atMs: millisOf(hidden.at) } : null,
    removedBecause: removedBecause ? (stored.removedBecause as 'refund' | 'dispute') : null,
    reply: text(reply.text) ? { text: text(reply.text), atMs: millisOf(reply.at), by: text(reply.by) } : null,
  };
}

/** productRatings/{productId}: the shown reviews' count and star sum. */
export interface ProductRating {
  count: number;
  sum: number;
}

export function readProductRating(data: Stored): ProductRating {
  const stored = data ?? {};
  const count = typeof stored.count === 'number' && stored.count > 0 ? Math.floor(stored.count) : 0;
  const sum = typeof stored.sum === 'number' && stored.sum > 0 ? stored.sum : 0;
  return { count, sum: count > 0 ? sum : 0 };
}

/** The average to one decimal (4.5), or null without reviews. */
export function averageRating(rating: ProductRating): number | null {
  return rating.count > 0 ? Math.round((rating.sum / rating.count) * 10) / 10 : null;
}

/** The rating as the product answer carries it: null without reviews. */
export interface RatingSummary {
  average: number;
  count: number;
}

export function ratingSummary(rating: ProductRating): RatingSummary | null {
  const average = averageRating(rating);
  return average === null ? null : { average, count: rating.count };
}

/** 'Rated 4.5 out of 5 from 12 reviews': what a screen reader hears for the stars. */
export function ratingLabel(summary: RatingSummary): string {
  return `Rated ${summary.average.toFixed(1)} out of 5 from ${summary.count} review${summary.count === 1 ? '' : 's'}`;
}

/** How many words the text holds (runs of non-space characters). */
export function wordCount(value: string): number {
  const words = value.trim().match(/\S+/g);
  return words ? words.length : 0;
}

/** The buyer's first name as the review shows it ('Ada' of 'Ada Obi'); 'A buyer' without one. */
export function firstNameOf(customerName: string): string {
  const first = customerName.trim().split(/\s+/)[0] ?? '';
  return first.slice(0, 40) || 'A buyer';
}

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'November 2026' in Lagos time (UTC+1, no daylight saving). */
export function reviewMonth(ms: number): string {
  const lagos = new Date(ms + 3_600_000);
  return `${months[lagos.getUTCMonth()] ?? ''} ${lagos.getUTCFullYear()}`;
}

/** One review as the product page shows it. */
export interface PublicReview {
  rating: number;
  title: string;
  text: string;
  firstName: string;
  /** 'November 2026'. */
  month: string;
  /** When it was written (ISO): the structured data's datePublished. */
  publishedAt: string;
  reply: { text: string } | null;
}

export function publicReview(review: ReviewRecord): PublicReview {
  return {
    rating: review.rating,
    title: review.title,
    text: review.text,
    firstName: review.firstName,
    month: reviewMonth(review.createdAtMs),
    publishedAt: new Date(review.createdAtMs).toISOString(),
    reply: review.reply ? { text: review.reply.text } : null,
  };
}

/** GET /api/products/{id}/reviews: newest first; `next` is the cursor of the following page. */
export interface ProductReviewsAnswer {
  rating: RatingSummary | null;
  reviews: PublicReview[];
  next: string | null;
}

/** The buyer's own review, as their form shows it (GET of the review routes). */
export interface OwnReviewAnswer {
  productId: string;
  productName: string;
  review: { rating: number; title: string; text: string; status: ReviewStatus } | null;
}

/** One review as the dashboard's Reviews view lists it. */
export interface AdminReview {
  id: string;
  productId: string;
  productName: string;
  rating: number;
  title: string;
  text: string;
  firstName: string;
  createdAt: string;
  updatedAt: string;
  status: ReviewStatus;
  hiddenReason: string | null;
  removedBecause: 'refund' | 'dispute' | null;
  reply: string | null;
}
