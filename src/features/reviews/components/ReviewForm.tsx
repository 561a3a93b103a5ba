// A buyer's review of one purchase (docs/reviews.md): 1-5 stars as a radio group, an optional title and
// text with their word limits counted as they type, and Save, which writes it or changes the one
// already written. The API's refusals (not theirs, refunded, past the year) are shown in its words.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { reviewLimits, wordCount, type OwnReviewAnswer } from '../../../../domain/reviews';
import { fallbackMessage, isAppError } from '../../../lib/errors';
import { reviewPath, useGetOwnReviewQuery, useSaveReviewMutation, type ReviewTarget } from '../api/reviewsApi';

const field =
  'mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700';
const saveButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-70';

export function ReviewForm({ target, productTitle }: { target: ReviewTarget; productTitle: string }) {
  const path = reviewPath(target);
  const { data, error, isLoading } = useGetOwnReviewQuery(path);
  if (isLoading) return <p className="mt-3 text-sm text-slate-700">Loading your review…</p>;
  if (error || !data) {
    return (
      <p role="alert" className="mt-3 text-red-800">
        {isAppError(error) ? error.message : fallbackMessage}
      </p>
    );
  }
  if (data.review?.status === 'removed') {
    return <p className="mt-3 text-slate-700">Your review was removed because this purchase was refunded.</p>;
  }
  return <ReviewFields path={path} productTitle={productTitle} written={data.review} />;
}

/** The form, filled with the review already written (if any). */
function ReviewFields({
  path,
  productTitle,
  written,
}: {
  path: string;
  productTitle: string;
  written: OwnReviewAnswer['review'];
}) {
  const [save, saving] = useSaveReviewMutation();
  const [rating, setRating] = useState(written?.rating ?? 0);
  const [title, setTitle] = useState(written?.title ?? '');
  const [text, setText] = useState(written?.text ?? '');
  const [saved, setSaved] = useState(written !== null);
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const id = useId();

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const titleWords = wordCount(title);
  const textWords = wordCount(text);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    if (rating < 1) {
      setNotice({ error: true, text: 'Choose from 1 to 5 stars.' });
      return;
    }
    try {
      const answer = await save({ path, body: { rating, title, text } }).unwrap();
      setSaved(true);
      setNotice({ error: false, text: answer.message });
    } catch (failure) {
      setNotice({ error: true, text: isAppError(failure) ? failure.message : fallbackMessage });
    }
  }

  return (
    <form
      aria-label={`Your review of ${productTitle}`}
      onSubmit={(event) => void submit(event)}
      className="mt-3 space-y-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200"
    >
      <fieldset>
        <legend className="font-semibold text-slate-900">Your rating</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {[1, 2, 3, 4, 5].map((stars) => (
            <label key={stars} className="inline-flex min-h-11 items-center gap-1 text-slate-900">
              <input
                type="radio"
                name={`${id}-rating`}
                value={stars}
                checked={rating === stars}
                onChange={() => setRating(stars)}
                className="h-5 w-5 accent-brand-700"
              />
              {stars === 1 ? '1 star' : `${stars} stars`}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-title`} className="font-semibold text-slate-900">
          Title (optional)
        </label>
        <input
          id={`${id}-title`}
          value={title}
          maxLength={reviewLimits.titleChars}
          onChange={(event) => setTitle(event.target.value)}
          aria-describedby={`${id}-title-count`}
          className={field}
        />
        <p id={`${id}-title-count`} className="text-sm text-slate-700">
          {titleWords} of {reviewLimits.titleWords} words
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-text`} className="font-semibold text-slate-900">
          Your review (optional)
        </label>
        <textarea
          id={`${id}-text`}
          value={text}
          rows={4}
          maxLength={reviewLimits.textChars}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={`${id}-text-count`}
          className={field}
        />
        <p id={`${id}-text-count`} className="text-sm text-slate-700">
          {textWords} of {reviewLimits.textWords} words
        </p>
      </div>
      <button type="submit" disabled={saving.isLoading} className={saveButton}>
        {saving.isLoading ? 'Saving…' : saved ? 'Save changes' : 'Save review'}
      </button>
      {notice && (
        <p
          ref={noticeRef}
          tabIndex={-1}
          role={notice.error ? 'alert' : 'status'}
          className={`text-sm ${notice.error ? 'text-red-800' : 'text-green-900'}`}
        >
          {notice.text}
        </p>
      )}
    </form>
  );
}
