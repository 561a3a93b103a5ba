// Lesson bodies (docs/courses.md, 'Lesson text'): the seller's Markdown rendered to HTML the player can
// insert as it is. Safety is by construction rather than by cleaning afterwards: every piece of raw
// HTML in the Markdown is shown as text, and the only tags are the ones Markdown itself makes
// (headings, paragraphs, lists, emphasis, code, quotes, tables, rules, links and images). Links keep
// only http(s) and mailto addresses, images only https ones; anything else (javascript:, data:,
// relative paths) loses its link and shows its words. Headings are moved below the lesson's title (an
// h2 in the player): the body's highest heading becomes an h3 and the others keep their distance from
// it, capped at h6 (`#` is always an h3; a body whose first level is `##` starts at h3 too, so no level
// is skipped after the title).
import { Marked, type Tokens } from 'marked';

/** The longest lesson body a seller may save. */
export const maxBodyChars = 50_000;

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);

/** The address as the browser would read it, if it is absolute and of an allowed scheme; else null. */
function allowedUrl(raw: string, schemes: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  return schemes.includes(url.protocol) ? url.href : null;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
/** Text marked may hand over already escaped (titles), escaped exactly once. */
const escapeOnce = (text: string) =>
  escapeHtml(text.replace(/&(amp|lt|gt|quot|#39);/g, (whole, name: string) => entities[name] ?? whole));

const titleAttribute = (title: string | null | undefined) => (title ? ` title="${escapeOnce(title)}"` : '');

/** The level a body's highest heading takes: the player's lesson title is an h2. */
export const firstHeadingLevel = 3;
/** How far the body being rendered moves its headings (set per render; rendering is synchronous). */
let headingShift = firstHeadingLevel - 1;
const headingLevel = (depth: number) => Math.min(6, depth + headingShift);

const renderer = new Marked({ gfm: true, breaks: false, async: false });
renderer.use({
  // Renderers take tokens (marked 13; the default from marked 14 on).
  useNewRenderer: true,
  renderer: {
    // Raw HTML, block or inline: its text, never its tags.
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    heading({ tokens, depth }: Tokens.Heading) {
      const level = headingLevel(depth);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
    link({ href, title, tokens }: Tokens.Link) {
      const inner = this.parser.parseInline(tokens);
      const url = allowedUrl(href, ['https:', 'http:', 'mailto:']);
      if (!url) return inner;
      return `<a href="${escapeHtml(url)}"${titleAttribute(title)} rel="nofollow noopener noreferrer">${inner}</a>`;
    },
    image({ href, title, text }: Tokens.Image) {
      const url = allowedUrl(href, ['https:']);
      if (!url) return escapeOnce(text);
      return `<img src="${escapeHtml(url)}" alt="${escapeOnce(text)}"${titleAttribute(title)} loading="lazy">`;
    },
  },
});

/** The lesson body as safe HTML. */
export function renderMarkdown(markdown: string): string {
  const tokens = renderer.lexer(markdown.slice(0, maxBodyChars));
  let highest = 6;
  void renderer.walkTokens(tokens, (token) => {
    if (token.type === 'heading') highest = Math.min(highest, (token as Tokens.Heading).depth);
  });
  headingShift = firstHeadingLevel - highest;
  // Synchronous: no extension here is async.
  return renderer.parser(tokens);
}
