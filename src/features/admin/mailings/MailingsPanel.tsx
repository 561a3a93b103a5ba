import { useId, useRef } from 'react';
import { toAppError } from '../../../lib/errors';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/buttonClasses';
import { MarkdownPreview } from '../courses/MarkdownPreview';
import { AudienceFields } from './AudienceFields';
import { SentMailings } from './SentMailings';
import { useAudienceProducts } from './useAudienceProducts';
import { buyers, useMailingComposer } from './useMailingComposer';

const inputClass = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2';

/**
 * ?panel=mailings: the seller writes to their buyers (docs/emails.md): a subject, a Markdown body with
 * the lesson editor's preview, the audience and its count, a test copy to themselves, the send now or
 * at a Lagos time; below, the e-mails sent so far with their counts.
 */
export function MailingsPanel() {
  const id = useId();
  const products = useAudienceProducts();
  const {
    subject,
    setSubject,
    body,
    setBody,
    audience,
    setAudience,
    sendAt,
    setSendAt,
    outcome,
    count,
    busy,
    onSave,
    onTest,
    onSend,
    onOpen,
    editing,
    startNew,
  } = useMailingComposer();
  const subjectRef = useRef<HTMLInputElement>(null);
  const open = async (mailingId: string) => {
    // The form is above the list: the keyboard goes where the e-mail now is.
    if (await onOpen(mailingId)) subjectRef.current?.focus();
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="w-full min-w-0 space-y-6">
      <h2 id={`${id}-heading`} className="text-2xl font-bold text-slate-900">
        E-mails
      </h2>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void onSave();
        }}
      >
        <label htmlFor={`${id}-subject`} className="block font-medium text-slate-900">
          Subject
          <input
            ref={subjectRef}
            id={`${id}-subject`}
            className={inputClass}
            value={subject}
            maxLength={150}
            onChange={(event) => setSubject(event.target.value)}
          />
        </label>
        <label htmlFor={`${id}-body`} className="block font-medium text-slate-900">
          E-mail (Markdown)
          <textarea
            id={`${id}-body`}
            className={`${inputClass} min-h-48 font-mono text-sm`}
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
        </label>
        <MarkdownPreview markdown={body} headingLevel={3} />
        <AudienceFields audience={audience} products={products} onChange={setAudience} />
        <p role="status" className="font-medium text-slate-900">
          {count.isError
            ? `The buyers could not be counted. ${toAppError(count.error).message}`
            : count.currentData === undefined
              ? 'Counting the buyers...'
              : `This e-mail would go to ${buyers(count.currentData)}.`}
        </p>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={secondaryButtonClass} disabled={busy}>
            Save draft
          </button>
          <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => void onTest()}>
            Send me a test
          </button>
          <button type="button" className={primaryButtonClass} disabled={busy} onClick={() => void onSend(null)}>
            Send now
          </button>
          {editing ? (
            <button type="button" className={secondaryButtonClass} disabled={busy} onClick={startNew}>
              Start a new e-mail
            </button>
          ) : null}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <label htmlFor={`${id}-at`} className="font-medium text-slate-900">
            Send at (Lagos time)
            <input
              id={`${id}-at`}
              type="datetime-local"
              className={inputClass}
              value={sendAt}
              onChange={(event) => setSendAt(event.target.value)}
            />
          </label>
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={busy || sendAt === ''}
            onClick={() => void onSend(sendAt)}
          >
            Schedule
          </button>
        </div>
        <p
          role={outcome && !outcome.ok ? 'alert' : 'status'}
          className={outcome?.ok ? 'text-green-800' : 'text-red-700'}
        >
          {outcome?.text}
        </p>
      </form>
      <SentMailings products={products} busy={busy} onEdit={(mailingId) => void open(mailingId)} />
    </section>
  );
}
