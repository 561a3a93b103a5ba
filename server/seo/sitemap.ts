// /sitemap.xml from the catalog index (a few shard documents), never by reading every product.
// The sitemap protocol (https://www.sitemaps.org/protocol.html) allows at most 50,000 URLs and
// 50 MB (52,428,800 bytes, uncompressed) per file; past either, /sitemap.xml becomes a sitemap
// index naming /sitemap-1.xml, /sitemap-2.xml... See docs/catalog-and-search.md, 'Search engines'.
import { paths } from '../../domain/routes';

export interface SitemapUrl {
  /** Absolute URL. */
  loc: string;
  /** W3C datetime (an ISO string). */
  lastmod?: string;
}

export interface SitemapLimits {
  maxUrls: number;
  maxBytes: number;
}

export const sitemapProtocolLimits: SitemapLimits = { maxUrls: 50_000, maxBytes: 52_428_800 };

/** A product as the sitemap needs it: from the catalog index. */
export interface SitemapProduct {
  id: string;
  categoryId: number;
  createdAt: string;
}

const xmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => xmlEscapes[c] ?? c);
}

function absolute(storeUrl: string, path: string): string {
  return `${storeUrl.replace(/\/+$/, '')}${path}`;
}

function newest(products: readonly SitemapProduct[]): string | undefined {
  let latest: string | undefined;
  for (const product of products) if (!latest || product.createdAt > latest) latest = product.createdAt;
  return latest;
}

/**
 * Every page a search engine should index: home, all products, each category, each product. A list
 * page's lastmod is its newest product's; a product's is its creation (the index keeps no edit time).
 */
export function sitemapUrls(
  products: readonly SitemapProduct[],
  storeUrl: string,
  categoryIds: readonly number[],
): SitemapUrl[] {
  const withLastmod = (loc: string, lastmod: string | undefined): SitemapUrl => (lastmod ? { loc, lastmod } : { loc });
  const all = newest(products);
  return [
    withLastmod(absolute(storeUrl, paths.home), all),
    withLastmod(absolute(storeUrl, paths.allProducts), all),
    ...categoryIds.map((id) =>
      withLastmod(
        absolute(storeUrl, paths.category(id)),
        newest(products.filter((product) => product.categoryId === id)),
      ),
    ),
    ...products.map((product) => withLastmod(absolute(storeUrl, paths.product(product.id)), product.createdAt)),
  ];
}

const urlsetOpen =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const urlsetClose = '</urlset>\n';

function urlElement(url: SitemapUrl): string {
  const lastmod = url.lastmod ? `<lastmod>${escapeXml(url.lastmod)}</lastmod>` : '';
  return `<url><loc>${escapeXml(url.loc)}</loc>${lastmod}</url>\n`;
}

/** One sitemap file. */
export function urlsetXml(urls: readonly SitemapUrl[]): string {
  return `${urlsetOpen}${urls.map(urlElement).join('')}${urlsetClose}`;
}

/** A sitemap index naming the files. */
export function sitemapIndexXml(files: readonly SitemapUrl[]): string {
  const entries = files
    .map((file) => {
      const lastmod = file.lastmod ? `<lastmod>${escapeXml(file.lastmod)}</lastmod>` : '';
      return `<sitemap><loc>${escapeXml(file.loc)}</loc>${lastmod}</sitemap>\n`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}</sitemapindex>\n`;
}

/** The URLs split into files that each stay within the protocol's limits, in order. */
export function splitSitemap(
  urls: readonly SitemapUrl[],
  limits: SitemapLimits = sitemapProtocolLimits,
): SitemapUrl[][] {
  const frame = Buffer.byteLength(urlsetOpen) + Buffer.byteLength(urlsetClose);
  const files: SitemapUrl[][] = [];
  let current: SitemapUrl[] = [];
  let bytes = frame;
  for (const url of urls) {
    const size = Buffer.byteLength(urlElement(url));
    if (current.length > 0 && (current.length >= limits.maxUrls || bytes + size > limits.maxBytes)) {
      files.push(current);
      current = [];
      bytes = frame;
    }
    current.push(url);
    bytes += size;
  }
  files.push(current);
  return files;
}

/** The path of sitemap file n (1-based) when the sitemap is split. */
export const sitemapFilePath = (n: number) => `/sitemap-${n}.xml`;
