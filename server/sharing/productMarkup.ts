// Fills the built product page template (domain/productTemplate.ts) with one product. Each
// token is replaced by what the page's components render for the real product, computed with the
// same helpers (price format, cover URLs), so React's hydration finds exactly its own markup.
import { imageSrcSet, productCoverWidths, resizedImageUrl } from '../../domain/images';
import { formatProductPrice } from '../../domain/money';
import { productPriceText } from '../../domain/productPricing';
import type { Product } from '../../domain/product';
import { tokenProduct, tokenStem, whatYouGetToken } from '../../domain/productTemplate';
import { whatYouGetLines, type WhatYouGet } from '../../domain/whatYouGet';
import { escapeHtml } from './pageMeta';

// Text the HTML parser would not hand back as it is (CR becomes LF, NUL and lone surrogates become
// U+FFFD): React would find other text than it renders and throw the hydrated page away.
const unparseable = /[\r\0]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const changedByParsing = (text: string) => unparseable.test(text);

function coverUrls(cover: string): string[] {
  return [cover, ...productCoverWidths.map((width) => resizedImageUrl(cover, width))];
}

// The template's 'What you get' (src/features/catalog/components/WhatYouGetSection.tsx): its section,
// found by its data attribute (it holds no other section), and its one list item, the token's.
const whatYouGetSection = /<section[^>]*\bdata-what-you-get=""[^>]*>[\s\S]*?<\/section>/;
const whatYouGetItem = new RegExp(`<li([^>]*)>[^<]*${whatYouGetToken}</li>`);

/**
 * The template with the product's 'What you get' lines in its list, one item each, as the component
 * renders them; without lines (or without a summary: the page then asks the API, and renders nothing
 * until it answers) the section goes, as the component renders none. A template without the section
 * (built before it) is left as it is; null when its section has no token item to fill.
 */
export function fillWhatYouGet(template: string, summary: WhatYouGet | undefined): string | null {
  const section = whatYouGetSection.exec(template);
  if (!section) return template;
  const item = whatYouGetItem.exec(section[0]);
  if (!item) return null;
  const lines = summary ? whatYouGetLines(summary) : [];
  if (lines.length === 0) return template.replace(section[0], () => '');
  const items = lines.map((line) => `<li${item[1] ?? ''}>${escapeHtml(line)}</li>`).join('');
  return template.replace(section[0], () => section[0].replace(item[0], () => items));
}

/**
 * The template with the product in it, or null when this product cannot be shown through it (a
 * cover the image host cannot resize renders different attributes): the caller serves the shell.
 */
export function fillProductTemplate(productTemplate: string, product: Product, whatYouGet?: WhatYouGet): string | null {
  // First, so the product's tokens below are replaced in the rest; the lines hold none of them
  // (counts, file kinds of at most 8 letters, fixed words).
  const template = fillWhatYouGet(productTemplate, whatYouGet);
  if (template === null) return null;
  if (!product.coverImageUrl || !imageSrcSet(product.coverImageUrl, productCoverWidths)) return null;
  if ([product.id, product.title, product.description, product.author].some(changedByParsing)) return null;
  const token = tokenProduct;
  const pairs: Array<[string, string]> = [
    [token.title.toUpperCase(), product.title.toUpperCase()],
    [token.title, product.title],
    [token.description, product.description],
    [token.id, product.id],
    [token.author, product.author],
    [formatProductPrice(token, 'USD'), productPriceText(product, 'USD')],
    [formatProductPrice(token, 'NGN'), productPriceText(product, 'NGN')],
  ];
  const tokenCovers = coverUrls(token.coverImageUrl);
  const covers = coverUrls(product.coverImageUrl);
  tokenCovers.forEach((url, i) => pairs.push([url, covers[i] ?? '']));

  const replacements = new Map(pairs.map(([from, to]) => [escapeHtml(from), escapeHtml(to)]));
  // One pass, longest token first: a value is never scanned again, whatever it contains.
  const pattern = new RegExp(
    [...replacements.keys()]
      .sort((a, b) => b.length - a.length)
      .map((key) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|'),
    'g',
  );
  if (!template.toLowerCase().includes(tokenStem)) return null;
  const filled = template.replace(pattern, (match) => replacements.get(match) ?? match);
  // A token the helpers did not account for would show as text: serve the shell instead.
  const leftover = template.replace(pattern, '').toLowerCase().includes(tokenStem);
  return leftover ? null : filled;
}
