import { useId } from 'react';
import { lagosShortDateTime } from '../../../../domain/lagosDates';
import type { MailingStatus } from '../../../../domain/mailings';
import { secondaryButtonClass } from '../../../components/buttonClasses';
import { useGetMailingsQuery, type ListedMailing } from '../api/mailingsApi';
import { QueryState } from '../components/QueryState';
import { describeAudience } from './AudienceFields';
import type { AudienceProduct } from './useAudienceProducts';

const statusWords: Record<MailingStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
};

/** When the row happened, as the seller reads it: sent, started, or due. */
function when(mailing: ListedMailing): string {
  if (mailing.finishedAt) return `finished ${lagosShortDateTime(mailing.finishedAt)}`;
  if (mailing.startedAt) return `started ${lagosShortDateTime(mailing.startedAt)}`;
  if (mailing.scheduledAt) return `due ${lagosShortDateTime(mailing.scheduledAt)}`;
  return 'not sent';
}

/** The newest mailings with their audience, time and counts (docs/emails.md, 'The admin's routes'). */
export function SentMailings({
  products,
  onEdit,
  busy,
}: {
  products: readonly AudienceProduct[];
  /** Reopens a draft or scheduled e-mail in the form above. */
  onEdit: (id: string) => void;
  busy: boolean;
}) {
  const id = useId();
  const query = useGetMailingsQuery();
  const titleOf = (productId: string) => products.find((product) => product.id === productId)?.title ?? productId;
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h3 id={`${id}-heading`} className="text-xl font-bold text-slate-900">
        Sent e-mails
      </h3>
      <QueryState query={query} loading="Loading the e-mails..." failed="The e-mails could not be loaded." />
      {query.data?.length === 0 ? <p className="text-slate-700">No e-mails yet.</p> : null}
      {query.data && query.data.length > 0 ? (
        <ul className="divide-y divide-slate-200">
          {query.data.map((mailing) => (
            <li key={mailing.id} className="space-y-1 py-3">
              <p className="break-words font-semibold text-slate-900">
                {mailing.subject} · {statusWords[mailing.status]}, {when(mailing)} (Lagos time)
              </p>
              <p className="break-words text-sm text-slate-700">{describeAudience(mailing.audience, titleOf)}</p>
              {mailing.status === 'sending' || mailing.status === 'sent' ? (
                <p className="text-sm text-slate-700">
                  {mailing.counts.recipients} {mailing.counts.recipients === 1 ? 'recipient' : 'recipients'} ·{' '}
                  {mailing.counts.sent} sent · {mailing.counts.failed} failed · {mailing.counts.skipped} skipped ·{' '}
                  {mailing.counts.unsubscribed} unsubscribed since
                </p>
              ) : null}
              {mailing.status === 'draft' || mailing.status === 'scheduled' ? (
                <button
                  type="button"
                  className={secondaryButtonClass}
                  aria-label={`Edit “${mailing.subject}”`}
                  disabled={busy}
                  onClick={() => onEdit(mailing.id)}
                >
                  Edit
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {query.data ? (
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {query.isFetching ? 'Refreshing...' : 'Refresh the counts'}
        </button>
      ) : null}
    </section>
  );
}
