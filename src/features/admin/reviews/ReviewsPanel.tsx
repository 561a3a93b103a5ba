// The seller's Reviews view (docs/reviews.md, 'The seller'): every review, newest first, with its
// product, stars, the buyer's words (never editable here), and its state; a public reply under each,
// hide with a reason kept, and show again. A review removed after a refund is listed, and stays removed.
import { useState, type FormEvent } from 'react';
import { lagosLongDate } from '../../../../domain/lagosDates';
import type { AdminReview } from '../../../../domain/reviews';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/buttonClasses';
import { RatingStarsOnly } from '../../../components/RatingStars';
import { fallbackMessage, isAppError } from '../../../lib/errors';
import { useGetAdminReviewsQuery, useReplyToReviewMutation, useSetReviewHiddenMutation } from '../api/reviewsAdmin';
import { QueryState } from '../components/QueryState';

const field =
  'mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700';

function stateOf(review: AdminReview): string {
  if (review.status === 'hidden') return `Hidden: ${review.hiddenReason ?? ''}`;
  if (review.status === 'removed')
    return review.removedBecause === 'dispute' ? 'Removed: dispute lost' : 'Removed: refunded';
  return 'Shown';
}

function ReviewItem({ review }: { review: AdminReview }) {
  const [reply, replying] = useReplyToReviewMutation();
  const [setHidden, hiding] = useSetReviewHiddenMutation();
  const [replyText, setReplyText] = useState(review.reply ?? '');
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const who = `${review.firstName}’s review of ${review.productName}`;

  async function act(run: () => Promise<unknown>, done: string) {
    setNotice(null);
    try {
      await run();
      setNotice({ error: false, text: done });
    } catch (failure) {
      setNotice({ error: true, text: isAppError(failure) ? failure.message : fallbackMessage });
    }
  }
  const saveReply = (event: FormEvent) => {
    event.preventDefault();
    void act(
      () => reply({ id: review.id, text: replyText.trim() }).unwrap(),
      replyText.trim() ? 'Your reply is saved.' : 'Your reply is removed.',
    );
  };
  const hide = (event: FormEvent) => {
    event.preventDefault();
    void act(() => setHidden({ id: review.id, reason: reason.trim() }).unwrap(), 'The review is hidden.');
  };

  return (
    <li aria-label={who} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <p className="font-semibold text-slate-900">{review.productName}</p>
      <p>
        <RatingStarsOnly rating={review.rating} />{' '}
        {review.title && <strong className="break-words">{review.title}</strong>}
      </p>
      <p className="text-sm text-slate-700">
        {review.firstName} · {lagosLongDate(review.createdAt)} ·{' '}
        <span className="font-semibold">{stateOf(review)}</span>
      </p>
      {review.text && <p className="mt-2 whitespace-pre-line break-words text-slate-900">{review.text}</p>}
      {review.status !== 'removed' && (
        <div className="mt-3 grid gap-3 md:grid-cols-2">
          <form onSubmit={saveReply} aria-label={`Reply to ${who}`}>
            <label htmlFor={`reply-${review.id}`} className="text-sm font-semibold text-slate-900">
              Public reply
            </label>
            <textarea
              id={`reply-${review.id}`}
              rows={2}
              value={replyText}
              onChange={(event) => setReplyText(event.target.value)}
              className={field}
            />
            <button type="submit" disabled={replying.isLoading} className={`mt-2 ${primaryButtonClass}`}>
              Save reply
            </button>
          </form>
          {review.status === 'hidden' ? (
            <div>
              <button
                type="button"
                disabled={hiding.isLoading}
                onClick={() =>
                  void act(() => setHidden({ id: review.id, reason: null }).unwrap(), 'The review is shown again.')
                }
                className={secondaryButtonClass}
              >
                Show again
              </button>
            </div>
          ) : (
            <form onSubmit={hide} aria-label={`Hide ${who}`}>
              <label htmlFor={`reason-${review.id}`} className="text-sm font-semibold text-slate-900">
                Reason for hiding
              </label>
              <input
                id={`reason-${review.id}`}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                className={field}
              />
              <button type="submit" disabled={hiding.isLoading} className={`mt-2 ${secondaryButtonClass}`}>
                Hide
              </button>
            </form>
          )}
        </div>
      )}
      {notice && (
        <p
          role={notice.error ? 'alert' : 'status'}
          className={`mt-2 text-sm ${notice.error ? 'text-red-800' : 'text-green-900'}`}
        >
          {notice.text}
        </p>
      )}
    </li>
  );
}

export function ReviewsPanel() {
  const query = useGetAdminReviewsQuery();
  return (
    <section aria-labelledby="reviews-panel-heading">
      <h2 id="reviews-panel-heading" className="text-2xl font-bold text-slate-900">
        Reviews
      </h2>
      <p className="mt-1 text-slate-700">
        Reviews by verified buyers. A reply is shown under the review on the product page; a hidden review leaves the
        page and the average, and its reason is kept.
      </p>
      <div className="mt-4">
        <QueryState query={query} loading="Loading reviews…" failed="The reviews could not be loaded." />
        {query.data && query.data.length === 0 && <p className="text-slate-700">No reviews yet.</p>}
        {query.data && query.data.length > 0 && (
          <ul aria-label="Every review" className="space-y-4">
            {query.data.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
