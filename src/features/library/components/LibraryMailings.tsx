import { useId, useState } from 'react';
import { lagosLongDate } from '../../../../domain/lagosDates';
import { toAppError } from '../../../lib/errors';
import { useGetLibraryMailingsQuery, useSubscribeAgainMutation } from '../api/libraryApi';

const buttonClass =
  'rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:outline ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-70';

/**
 * The seller's e-mails about what the buyer owns, newest first, so one they missed is here too; and,
 * after an unsubscribe, 'Subscribe again' (docs/emails.md, 'In the library').
 */
export function LibraryMailings() {
  const id = useId();
  const query = useGetLibraryMailingsQuery();
  const [subscribe, subscribing] = useSubscribeAgainMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  // Signed out (the purchases above say so already), nothing to add here.
  if (query.isError && query.error.code === 'unauthenticated') return null;

  const onSubscribe = async () => {
    const result = await subscribe();
    setOutcome(
      'error' in result
        ? { ok: false, text: toAppError(result.error).message }
        : { ok: true, text: result.data.message },
    );
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-10 space-y-4">
      <h2 id={`${id}-heading`} className="text-2xl font-bold text-slate-900">
        E-mails from the seller
      </h2>
      {query.isLoading ? (
        <p role="status" className="text-slate-700">
          Loading your e-mails...
        </p>
      ) : null}
      {query.isError ? (
        <p role="alert" className="text-red-800">
          {query.error.message}
        </p>
      ) : null}
      {/* Once subscribed again the offer goes at once, before the list is read again. */}
      {query.data && !query.data.subscribed && !outcome?.ok ? (
        <div className="space-y-2 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-200">
          <p className="text-slate-900">You unsubscribed from the seller’s e-mails, so none are sent to you.</p>
          <button
            type="button"
            className={buttonClass}
            disabled={subscribing.isLoading}
            onClick={() => void onSubscribe()}
          >
            Subscribe again
          </button>
        </div>
      ) : null}
      {outcome ? (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'text-green-800' : 'text-red-800'}>
          {outcome.text}
        </p>
      ) : null}
      {query.data?.mailings.length === 0 ? <p className="text-slate-700">No e-mails about your products yet.</p> : null}
      {query.data && query.data.mailings.length > 0 ? (
        <ul className="space-y-3">
          {query.data.mailings.map((mailing, index) => (
            <li key={mailing.id}>
              <details open={index === 0} className="rounded-lg p-4 ring-1 ring-slate-200">
                <summary className="cursor-pointer font-semibold text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700">
                  {mailing.subject}{' '}
                  <span className="font-normal text-slate-600">· {lagosLongDate(mailing.sentAt)}</span>
                </summary>
                {/* The API's rendering of the seller's Markdown, sanitized to an allowlist (docs/emails.md,
                    'The body'): only that output is set as HTML, as in the e-mail itself. */}
                <div
                  className="lesson-body mt-3 space-y-2 break-words text-slate-800"
                  dangerouslySetInnerHTML={{ __html: mailing.html }}
                />
              </details>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
