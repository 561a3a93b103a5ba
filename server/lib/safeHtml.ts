// The store's HTML allowlist (docs/security.md, 'Text the store renders'): the one place that says
// which elements and attributes any HTML made from someone's text (lesson Markdown today, any other
// Markdown or plain text tomorrow) may carry into a page. The renderers escape every raw piece of text
// themselves; `sanitizeHtml` runs over their output as a second layer, so a renderer's mistake shows
// as text instead of reaching the page as markup. Anything outside the allowlist is escaped (shown as
// text), never kept; links keep only https, http and mailto addresses, images only https ones.
import sanitize from 'sanitize-html';

/** The elements the store's rendered text may contain. */
export const allowedTags = [
  'p',
  'br',
  'hr',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'a',
  'img',
] as const;

/** The attributes each allowed element may carry (none for the others). */
export const allowedAttributes: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'rel'],
  img: ['src', 'alt', 'title', 'loading'],
  ol: ['start'],
  th: ['align'],
  td: ['align'],
  code: ['class'],
};

/** The address schemes a link may use, and an image. */
export const linkSchemes = ['https', 'http', 'mailto'] as const;
export const imageSchemes = ['https'] as const;

/**
 * The address as the browser would read it, if it is absolute and of one of `schemes` (without the
 * colon); else null. Relative and protocol-relative addresses are refused: nothing a text links to
 * is taken as a page of the store.
 */
export function allowedUrl(raw: string, schemes: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  return schemes.includes(url.protocol.replace(/:$/, '')) ? url.href : null;
}

/** Keeps `attribute` only when it holds an absolute address of one of `schemes`. */
const keepAbsolute =
  (attribute: string, schemes: readonly string[]): sanitize.Transformer =>
  (tagName, attribs) => {
    const kept = { ...attribs };
    const value = kept[attribute];
    if (value !== undefined) {
      const url = allowedUrl(value, schemes);
      if (url === null) delete kept[attribute];
      else kept[attribute] = url;
    }
    return { tagName, attribs: kept };
  };

const options: sanitize.IOptions = {
  allowedTags: [...allowedTags],
  allowedAttributes: {
    ...Object.fromEntries(Object.entries(allowedAttributes).map(([tag, names]) => [tag, [...names]])),
    th: [{ name: 'align', multiple: false, values: ['left', 'center', 'right'] }],
    td: [{ name: 'align', multiple: false, values: ['left', 'center', 'right'] }],
    img: ['src', 'alt', 'title', { name: 'loading', multiple: false, values: ['lazy'] }],
  },
  // A code block's language, and nothing else, as a class.
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: [...linkSchemes],
  allowedSchemesByTag: { img: [...imageSchemes] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  transformTags: { a: keepAbsolute('href', linkSchemes), img: keepAbsolute('src', imageSchemes) },
  allowProtocolRelative: false,
  allowedStyles: {},
  allowVulnerableTags: false,
  // What is not allowed is shown as text, as the renderers show raw HTML.
  disallowedTagsMode: 'escape',
  selfClosing: ['br', 'hr', 'img'],
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
};

/** HTML that keeps only the allowlist: other tags shown as text, other attributes and addresses dropped. */
export function sanitizeHtml(html: string): string {
  return sanitize(html, options);
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML text or an attribute value: every character that could start markup escaped. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);

/**
 * Plain text (a message, a review) as HTML paragraphs: blank lines part paragraphs, single line
 * breaks stay, nothing in the text becomes markup.
 */
export function plainTextHtml(text: string): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return sanitizeHtml(paragraphs.map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`).join('\n'));
}
