// 'Rate {title}': a disclosure that opens the buyer's review form (docs/reviews.md), so a page costs no
// request for the review until the buyer asks for it. The library and the course's last lesson use it.
import { useState } from 'react';
import type { ReviewTarget } from '../api/reviewsApi';
import { ReviewForm } from './ReviewForm';

export function RateButton({ target, productTitle }: { target: ReviewTarget; productTitle: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-2">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
        className="min-h-11 font-semibold text-brand-800 underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        {open ? 'Close the review' : `Rate ${productTitle}`}
      </button>
      {open && <ReviewForm target={target} productTitle={productTitle} />}
    </div>
  );
}
