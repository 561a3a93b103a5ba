// Markdown the store renders (docs/security.md, 'Text the store renders'): someone's Markdown as HTML
// a page may insert as it is. Two layers: the renderer escapes every raw piece of text itself (raw
// HTML, block or inline, is shown as its text; text after an inline tag such as `<kbd>` is escaped
// like any other, where marked would pass it through raw), and its output then goes through the
// store's allowlist (./safeHtml.ts). The only tags are the ones Markdown itself makes (headings,
// paragraphs, lists, emphasis, code, quotes, tables, rules, links and images). Links keep only
// http(s) and mailto addresses, images only https ones; anything else (javascript:, data:, relative
// or protocol-relative paths) loses its link and shows its words. Task-list boxes are shown as ☐/☑.
// Headings are moved below the page's own title: the body's highest heading takes `firstHeadingLevel`
// and the others keep their distance from it, capped at h6.
import { Marked, type Tokens } from 'marked';
import { allowedUrl, escapeHtml, imageSchemes, linkSchemes, sanitizeHtml } from './safeHtml';

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
/** Text marked may hand over already escaped (titles), escaped exactly once. */
const escapeOnce = (text: string) =>
  escapeHtml(text.replace(/&(amp|lt|gt|quot|#39);/g, (whole, name: string) => entities[name] ?? whole));

const titleAttribute = (title: string | null | undefined) => (title ? ` title="${escapeOnce(title)}"` : '');

/** How far the body being rendered moves its headings (set per render; rendering is synchronous). */
let headingShift = 0;
const headingLevel = (depth: number) => Math.min(6, depth + headingShift);

const renderer = new Marked({ gfm: true, breaks: false, async: false });
renderer.use({
  // Renderers take tokens (marked 13; the default from marked 14 on).
  useNewRenderer: true,
  tokenizer: {
    // marked passes the text after an inline <pre>, <code>, <kbd> or <script> tag through unescaped (a
    // 'raw block', meant for raw HTML it would render as HTML). Raw HTML is only ever shown as text
    // here, so there is no raw block: this leaves the state off and lets marked's own text tokenizer
    // run, which then escapes.
    inlineText() {
      this.lexer.state.inRawBlock = false;
      return false;
    },
  },
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
      const url = allowedUrl(href, linkSchemes);
      if (!url) return inner;
      return `<a href="${escapeHtml(url)}"${titleAttribute(title)} rel="nofollow noopener noreferrer">${inner}</a>`;
    },
    image({ href, title, text }: Tokens.Image) {
      const url = allowedUrl(href, imageSchemes);
      if (!url) return escapeOnce(text);
      return `<img src="${escapeHtml(url)}" alt="${escapeOnce(text)}"${titleAttribute(title)} loading="lazy">`;
    },
    checkbox({ checked }: Tokens.Checkbox) {
      return checked ? '☑' : '☐';
    },
  },
});

export interface MarkdownOptions {
  /** The level the text's highest heading takes (the page's own title sits above it). */
  firstHeadingLevel: 3 | 4 | 5 | 6;
  /** Characters past this are not rendered. */
  maxChars: number;
}

/** Markdown as safe HTML: escaped by the renderer, then kept to the store's allowlist. */
export function renderMarkdown(markdown: string, { firstHeadingLevel, maxChars }: MarkdownOptions): string {
  const tokens = renderer.lexer(markdown.slice(0, maxChars));
  let highest = 6;
  void renderer.walkTokens(tokens, (token) => {
    if (token.type === 'heading') highest = Math.min(highest, (token as Tokens.Heading).depth);
  });
  headingShift = firstHeadingLevel - highest;
  // Synchronous: no extension here is async.
  return sanitizeHtml(renderer.parser(tokens));
}
