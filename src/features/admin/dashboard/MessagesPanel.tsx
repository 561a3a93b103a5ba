import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { getConfig } from '../../../lib/config';
import type { PageCursor } from '../../../../domain/paging';
import type { ContactMessage, MessageFilter } from '../api/contactMessages';
import { useGetMessagesPageQuery, useSetMessageHandledMutation } from '../api/messagesApi';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/buttonClasses';
import { lagosShortDateTime } from '../../../../domain/lagosDates';
import { replyLink } from './replyLink';

const filters: Array<{ value: MessageFilter; label: string }> = [
  { value: 'unhandled', label: 'Unhandled' },
  { value: 'all', label: 'All' },
];

/** The filter in the URL (?panel=messages&filter=all); anything else means the default, unhandled. */
function filterOf(value: string | null): MessageFilter {
  return value === 'all' ? 'all' : 'unhandled';
}

/** Contact messages (docs/admin.md): newest first, 20 a page, unhandled or all, marked handled here. */
export function MessagesPanel() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get('filter'));

  const chooseFilter = (value: MessageFilter) => {
    const next = new URLSearchParams(params);
    next.set('filter', value);
    setParams(next);
  };

  return (
    <section aria-labelledby="messages-heading" className="w-full">
      <h2 id="messages-heading" className="text-2xl font-bold text-slate-900">
        Messages
      </h2>
      <fieldset className="mt-4">
        <legend className="sr-only">Show</legend>
        <div className="inline-flex overflow-hidden rounded-lg ring-1 ring-slate-400">
          {filters.map((option) => (
            <label
              key={option.value}
              className={`cursor-pointer px-4 py-2 font-medium focus-within:outline focus-within:outline-2 focus-within:outline-brand-700 ${
                filter === option.value ? 'bg-brand-700 text-white' : 'bg-white text-slate-800'
              }`}
            >
              <input
                type="radio"
                name="messages-filter"
                value={option.value}
                checked={filter === option.value}
                onChange={() => chooseFilter(option.value)}
                className="sr-only"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      {/* A new filter starts again at its first page. */}
      <MessagePages key={filter} filter={filter} />
    </section>
  );
}

function MessagePages({ filter }: { filter: MessageFilter }) {
  // Where each page after the first starts: Firestore cursors, so Previous pops one and Next pushes one.
  const [trail, setTrail] = useState<PageCursor[]>([]);
  const after = trail[trail.length - 1] ?? null;
  const page = useGetMessagesPageQuery({ filter, after });
  const [setHandled] = useSetMessageHandledMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const storeName = getConfig().store.storeName;

  const toggle = async (message: ContactMessage) => {
    setFailure(null);
    setBusyId(message.id);
    const result = await setHandled({ id: message.id, handled: !message.handled });
    setBusyId(null);
    if ('error' in result) setFailure('The message could not be updated. Please try again.');
  };

  const pager =
    trail.length > 0 || page.currentData?.next ? (
      <nav aria-label="Messages pages" className="mt-6 flex items-center justify-between gap-3">
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={trail.length === 0 || page.isFetching}
          onClick={() => setTrail((current) => current.slice(0, -1))}
        >
          Previous
        </button>
        <span className="text-slate-700">Page {trail.length + 1}</span>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={!page.currentData?.next || page.isFetching}
          onClick={() => {
            const next = page.currentData?.next;
            if (next) setTrail((current) => [...current, next]);
          }}
        >
          Next
        </button>
      </nav>
    ) : null;

  if (page.isError) {
    return (
      <div role="alert" className="mt-6 space-y-3">
        <p className="text-red-700">The messages could not be loaded.</p>
        <button type="button" className={primaryButtonClass} onClick={() => void page.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  // currentData belongs to this page's cursor; `data` would still show the page left behind.
  if (!page.currentData) {
    return (
      <p role="status" className="mt-6 text-slate-700">
        Loading messages...
      </p>
    );
  }
  const { messages } = page.currentData;
  return (
    <div className="mt-6">
      {failure ? (
        <p role="alert" className="mb-4 text-red-700">
          {failure}
        </p>
      ) : null}
      {messages.length === 0 ? (
        <p className="text-slate-700">{filter === 'unhandled' ? 'No unhandled messages.' : 'No messages yet.'}</p>
      ) : (
        <ul aria-label="Contact messages" className="space-y-4">
          {messages.map((message) => (
            <li key={message.id}>
              <MessageCard
                message={message}
                replyHref={replyLink(message.email, storeName)}
                busy={busyId === message.id}
                onToggle={() => void toggle(message)}
              />
            </li>
          ))}
        </ul>
      )}
      {pager}
    </div>
  );
}

function MessageCard({
  message,
  replyHref,
  busy,
  onToggle,
}: {
  message: ContactMessage;
  replyHref: string;
  busy: boolean;
  onToggle: () => void;
}) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="rounded-xl p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          {message.name}
        </h3>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
            message.handled ? 'bg-slate-100 text-slate-700' : 'bg-amber-100 text-amber-900'
          }`}
        >
          {message.handled ? 'Handled' : 'Unhandled'}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">E-mail</dt>
        <dd className="break-all text-slate-900">{message.email}</dd>
        <dt className="text-slate-600">Phone</dt>
        <dd className="text-slate-900">{message.phone}</dd>
        <dt className="text-slate-600">Received</dt>
        <dd className="text-slate-900">
          <time dateTime={message.createdAt}>{lagosShortDateTime(message.createdAt)}</time>
        </dd>
      </dl>
      {/* Plain text as the visitor typed it: React escapes it, line breaks are kept by CSS. */}
      <p className="mt-3 whitespace-pre-wrap break-words text-slate-800">{message.message}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <a href={replyHref} className={`${secondaryButtonClass} inline-block`}>
          Reply
        </a>
        <button type="button" className={secondaryButtonClass} disabled={busy} onClick={onToggle}>
          {message.handled ? 'Mark unhandled' : 'Mark handled'}
        </button>
      </div>
    </article>
  );
}
