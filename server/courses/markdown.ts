// Lesson bodies (docs/courses.md, 'Lesson text'): the seller's Markdown rendered by the store's safe
// Markdown renderer (server/lib/markdown.ts: raw HTML shown as text, output kept to the allowlist of
// server/lib/safeHtml.ts). Headings sit below the lesson's title (an h2 in the player): the body's
// highest heading becomes an h3 (`#` is always an h3; a body whose first level is `##` starts at h3
// too, so no level is skipped after the title).
import { renderMarkdown as renderSafeMarkdown } from '../lib/markdown';

/** The longest lesson body a seller may save. */
export const maxBodyChars = 50_000;

/** The level a body's highest heading takes: the player's lesson title is an h2. */
export const firstHeadingLevel = 3;

/** The lesson body as safe HTML. */
export function renderMarkdown(markdown: string): string {
  return renderSafeMarkdown(markdown, { firstHeadingLevel, maxChars: maxBodyChars });
}
