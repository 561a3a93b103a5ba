import { useEffect, useId, useState } from 'react';
import { useGetMarkdownPreviewQuery } from '../api/productExtrasApi';

/** How long typing must pause before the preview is asked for. */
export const previewDelayMs = 400;

/**
 * The lesson body as buyers will see it, refreshed shortly after the seller stops typing: the API
 * renders the Markdown and sanitizes it (links, lists, headings, code, https images; no scripts,
 * styles or frames), so the preview is exactly what the player will show.
 */
export function MarkdownPreview({ markdown, headingLevel = 5 }: { markdown: string; headingLevel?: 3 | 4 | 5 }) {
  // The heading follows the page's outline: a lesson's preview sits deeper than an e-mail's.
  const Heading = `h${headingLevel}` as const;
  const headingId = useId();
  const [asked, setAsked] = useState('');
  // Typing restarts the wait; only the text the seller paused on is sent.
  useEffect(() => {
    const timer = setTimeout(() => setAsked(markdown.trim() ? markdown : ''), previewDelayMs);
    return () => clearTimeout(timer);
  }, [markdown]);
  const preview = useGetMarkdownPreviewQuery(asked, { skip: !asked });
  // The last preview made stays on screen while the next one is made.
  const html = asked ? (preview.data ?? '') : '';
  const error =
    asked && preview.isError ? 'The preview could not be made. Your text is kept; try again in a moment.' : null;

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-3">
      <Heading id={headingId} className="text-sm font-semibold text-slate-700">
        Preview
      </Heading>
      {error ? (
        <p role="alert" className="mt-2 text-red-700">
          {error}
        </p>
      ) : html ? (
        // The API's sanitized rendering of the seller's Markdown (docs/courses.md): only that output is
        // ever set as HTML here, never the text as typed.
        <div className="lesson-body mt-2 space-y-2 text-slate-800" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p className="mt-2 text-slate-600">Nothing to preview yet.</p>
      )}
    </section>
  );
}
