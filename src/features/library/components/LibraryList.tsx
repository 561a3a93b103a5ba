import { useRef, useState } from 'react';
import { lagosLongDate } from '../../../../domain/lagosDates';
import { libraryStateLabels, type LibraryAnswer, type LibraryPurchase } from '../../../../domain/library';
import { resizedImageUrl } from '../../../../domain/images';
import { formatPrice } from '../../../../domain/money';
import { fallbackMessage, isAppError } from '../../../lib/errors';
import {
  receiptUrl,
  useOpenPurchaseCourseMutation,
  useOpenPurchaseMutation,
  useSignOutMutation,
} from '../api/libraryApi';
import { LibraryMemberships } from './LibraryMemberships';
import { RateButton } from '../../reviews';
import { PurchaseLicense } from './PurchaseLicense';

const paidOn = (iso: string): string => lagosLongDate(iso);

const stateClass: Record<LibraryPurchase['state'], string> = {
  active: 'bg-green-100 text-green-900',
  refunded: 'bg-slate-200 text-slate-900',
  disputed: 'bg-amber-100 text-amber-900',
  accessEnded: 'bg-slate-200 text-slate-900',
  awaiting: 'bg-amber-100 text-amber-900',
};

const linkButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

function PurchaseItem({ purchase }: { purchase: LibraryPurchase }) {
  const [open, opening] = useOpenPurchaseMutation();
  const [openCourse, openingCourse] = useOpenPurchaseCourseMutation();
  const [error, setError] = useState<string | null>(null);
  const amount = formatPrice(purchase.amountPaid, purchase.currency);
  const busy = opening.isLoading || openingCourse.isLoading;

  /** The download page, or the course player: this browser is trusted for the purchase first. */
  async function openIt(target: 'files' | 'course') {
    setError(null);
    try {
      const { url } = await (target === 'course' ? openCourse : open)({ id: purchase.id }).unwrap();
      window.location.assign(url);
    } catch (failure) {
      setError(isAppError(failure) ? failure.message : fallbackMessage);
    }
  }

  return (
    <li className="flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row">
      <img
        src={purchase.coverImageUrl ? resizedImageUrl(purchase.coverImageUrl, 160) : '/images/placeholder-cover.svg'}
        alt=""
        width={80}
        height={60}
        className="h-[60px] w-[80px] shrink-0 rounded object-cover"
      />
      <div className="min-w-0 flex-1">
        <h2 className="break-words text-lg font-semibold text-slate-900">{purchase.title}</h2>
        <p className="text-sm text-slate-700">
          {paidOn(purchase.paidAt)} · {amount} ({purchase.currency})
          {purchase.discountCode
            ? ` · ${formatPrice(purchase.discountAmount, purchase.currency)} off with ${purchase.discountCode}`
            : ''}
          {purchase.refunded > 0 ? ` · ${formatPrice(purchase.refunded, purchase.currency)} refunded` : ''}
        </p>
        <p className="mt-1">
          <span className={`inline-block rounded px-2 py-0.5 text-sm font-semibold ${stateClass[purchase.state]}`}>
            {libraryStateLabels[purchase.state]}
          </span>
        </p>
        {error && (
          <p role="alert" className="mt-2 text-red-800">
            {error}
          </p>
        )}
        {purchase.state === 'active' && purchase.hasLicenseKey && (
          <PurchaseLicense purchaseId={purchase.id} title={purchase.title} />
        )}
        {purchase.state !== 'awaiting' && purchase.state !== 'refunded' && (
          <RateButton target={{ sale: purchase.id }} productTitle={purchase.title} />
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {purchase.state === 'active' && purchase.hasCourse && (
          <button
            type="button"
            onClick={() => void openIt('course')}
            disabled={busy}
            aria-label={`Start the course: ${purchase.title}`}
            className={`${linkButton} bg-brand-700 text-white hover:bg-brand-800 disabled:opacity-70`}
          >
            {openingCourse.isLoading ? 'Opening...' : 'Start the course'}
          </button>
        )}
        {purchase.state === 'active' && (
          <button
            type="button"
            onClick={() => void openIt('files')}
            disabled={busy}
            aria-label={`Open ${purchase.title}`}
            className={`${linkButton} bg-brand-700 text-white hover:bg-brand-800 disabled:opacity-70`}
          >
            {opening.isLoading ? 'Opening...' : 'Open'}
          </button>
        )}
        {purchase.state !== 'awaiting' && (
          <a
            href={receiptUrl(purchase.id)}
            download
            aria-label={`Receipt (PDF) for ${purchase.title}`}
            className={`${linkButton} text-brand-800 underline`}
          >
            Receipt (PDF)
          </a>
        )}
      </div>
    </li>
  );
}

/** The signed-in address's purchases, newest first, and the two ways to sign out (docs/library.md). */
export function LibraryList({ library }: { library: LibraryAnswer }) {
  const [signOut, signingOut] = useSignOutMutation();
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLParagraphElement>(null);

  async function leave(everywhere: boolean) {
    setError(null);
    try {
      await signOut({ everywhere }).unwrap();
    } catch (failure) {
      setError(isAppError(failure) ? failure.message : fallbackMessage);
    }
  }

  return (
    <div className="mt-6">
      <p ref={headingRef} className="text-slate-700">
        Signed in as <strong className="break-all">{library.email}</strong>
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          disabled={signingOut.isLoading}
          onClick={() => void leave(false)}
          className={`${linkButton} bg-slate-100 text-slate-900 ring-1 ring-slate-300`}
        >
          Sign out
        </button>
        <button
          type="button"
          disabled={signingOut.isLoading}
          onClick={() => void leave(true)}
          className={`${linkButton} bg-slate-100 text-slate-900 ring-1 ring-slate-300`}
        >
          Sign out of every device
        </button>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-red-800">
          {error}
        </p>
      )}
      <LibraryMemberships />
      {library.purchases.length === 0 ? (
        <p className="mt-8 text-slate-700">No purchases were made with this address yet.</p>
      ) : (
        <ul aria-label="Your purchases" className="mt-8 space-y-4">
          {library.purchases.map((purchase) => (
            <PurchaseItem key={purchase.id} purchase={purchase} />
          ))}
        </ul>
      )}
    </div>
  );
}
