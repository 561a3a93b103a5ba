// The <head> tags a crawler reads when a store link is shared (docs/performance.md): WhatsApp, X and
// Facebook fetch the page without running JavaScript, so title, description, canonical URL and the
// Open Graph/Twitter card must be in the HTML itself. Shared by the build's prerender step (the
// store's own meta) and the API's /productdetail/{id} route (each product's).

import { pageDataId } from '../../domain/pageContracts';
import { jsonLdScripts } from '../../domain/structuredData';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  /** Absolute URL of the preview image. */
  image: string;
  /** 'product' adds the price tags. */
  type: 'website' | 'product';
  price?: { amount: number; currency: 'NGN' | 'USD' };
  /** The page's largest image, requested from the HTML with high priority (docs/performance.md). */
  preloadImage?: { href: string; srcset?: string; sizes?: string };
  /** Data the page's first render can use instead of a query (a JSON block, never executed). */
  data?: unknown;
  /** Pages search engines must not index (a buyer's purchases, search results, admin, unknown paths). */
  noindex?: boolean;
  /** schema.org blocks for search engines, as JSON-LD in the HTML itself (domain/structuredData.ts). */
  structuredData?: readonly Record<string, unknown>[];
}

/** Marks the API's own fetch of the template, so a missing static file cannot loop through the rewrite. */
export const templateFetchHeader = 'x-store-template-fetch';

// The block index.html carries between these markers is replaced whole, so a page never has two titles.
export const metaStart = '<!-- page-meta -->';
export const metaEnd = '<!-- /page-meta -->';

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe inside an HTML attribute or element (every value a seller or shopper could set). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => htmlEscapes[c] ?? c);
}

/** The tags of one page, every value escaped. */
export function metaTags(meta: PageMeta): string {
  const attr = escapeHtml;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${attr(meta.description)}" />`,
    `<link rel="canonical" href="${attr(meta.url)}" />`,
    ...(meta.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${attr(meta.title)}" />`,
    `<meta property="og:description" content="${attr(meta.description)}" />`,
    `<meta property="og:url" content="${attr(meta.url)}" />`,
    `<meta property="og:image" content="${attr(meta.image)}" />`,
    `<meta name="twitter:card" content="${meta.type === 'product' ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${attr(meta.title)}" />`,
    `<meta name="twitter:description" content="${attr(meta.description)}" />`,
    `<meta name="twitter:image" content="${attr(meta.image)}" />`,
  ];
  if (meta.price) {
    const amount = meta.price.amount.toFixed(2);
    tags.push(
      `<meta property="product:price:amount" content="${amount}" />`,
      `<meta property="product:price:currency" content="${meta.price.currency}" />`,
      `<meta property="og:price:amount" content="${amount}" />`,
      `<meta property="og:price:currency" content="${meta.price.currency}" />`,
    );
  }
  if (meta.preloadImage) {
    const { href, srcset, sizes } = meta.preloadImage;
    tags.push(
      `<link rel="preload" as="image" href="${attr(href)}"` +
        (srcset ? ` imagesrcset="${attr(srcset)}"` : '') +
        (sizes ? ` imagesizes="${attr(sizes)}"` : '') +
        ' fetchpriority="high" />',
    );
  }
  if (meta.structuredData?.length) tags.push(jsonLdScripts(meta.structuredData));
  if (meta.data !== undefined) {
    // '<' escaped so no value can close the script element; the JSON parses to the same data.
    const json = JSON.stringify(meta.data).replace(/</g, '\\u003c');
    tags.push(`<script type="application/json" id="${pageDataId}">${json}</script>`);
  }
  return tags.join('\n    ');
}

/** The HTML with its page-meta block replaced by this page's tags; unchanged when it has no block. */
export function fillMeta(html: string, meta: PageMeta): string {
  const start = html.indexOf(metaStart);
  const end = html.indexOf(metaEnd, start);
  if (start < 0 || end < 0) return html;
  return `${html.slice(0, start + metaStart.length)}\n    ${metaTags(meta)}\n    ${html.slice(end)}`;
}

/** An absolute URL from the store's origin and a path, or the path unchanged when it is already absolute. */
export function absoluteUrl(origin: string, path: string): string {
  try {
    return new URL(path, origin.endsWith('/') ? origin : `${origin}/`).toString();
  } catch {
    return path;
  }
}
