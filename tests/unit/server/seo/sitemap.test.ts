// The sitemap and robots.txt builders, against the sitemap protocol
// (https://www.sitemaps.org/protocol.html: at most 50,000 URLs and 50 MB per file, a sitemap index
// past that, entities escaped) and Google's robots.txt rules.
import { describe, expect, it } from 'vitest';
import { robotsTxt } from '../../../../server/seo/robots';
import {
  sitemapIndexXml,
  sitemapProtocolLimits,
  sitemapUrls,
  splitSitemap,
  urlsetXml,
} from '../../../../server/seo/sitemap';

const products = [
  { id: 'new-course', categoryId: 2, createdAt: '2026-11-20T10:00:00.000Z' },
  { id: 'old-ebook', categoryId: 1, createdAt: '2026-01-05T08:30:00.000Z' },
  { id: 'a&b', categoryId: 1, createdAt: '2026-03-01T00:00:00.000Z' },
];

describe('sitemap', () => {
  it('lists home, all products, each category and every product, each with its lastmod', () => {
    expect(sitemapUrls(products, 'https://store.example/', [1, 2])).toEqual([
      { loc: 'https://store.example/', lastmod: '2026-11-20T10:00:00.000Z' },
      { loc: 'https://store.example/allproducts', lastmod: '2026-11-20T10:00:00.000Z' },
      { loc: 'https://store.example/category/1', lastmod: '2026-03-01T00:00:00.000Z' },
      { loc: 'https://store.example/category/2', lastmod: '2026-11-20T10:00:00.000Z' },
      { loc: 'https://store.example/productdetail/new-course', lastmod: '2026-11-20T10:00:00.000Z' },
      { loc: 'https://store.example/productdetail/old-ebook', lastmod: '2026-01-05T08:30:00.000Z' },
      { loc: 'https://store.example/productdetail/a%26b', lastmod: '2026-03-01T00:00:00.000Z' },
    ]);
  });

  it('writes a urlset with escaped entities', () => {
    expect(
      urlsetXml([
        { loc: 'https://store.example/', lastmod: '2026-11-20T10:00:00.000Z' },
        { loc: "https://store.example/search?q=a&b='c'" },
      ]),
    ).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '<url><loc>https://store.example/</loc><lastmod>2026-11-20T10:00:00.000Z</lastmod></url>\n' +
        '<url><loc>https://store.example/search?q=a&amp;b=&apos;c&apos;</loc></url>\n' +
        '</urlset>\n',
    );
  });

  it('writes a sitemap index naming each file', () => {
    expect(
      sitemapIndexXml([
        { loc: 'https://store.example/sitemap-1.xml', lastmod: '2026-11-20T10:00:00.000Z' },
        { loc: 'https://store.example/sitemap-2.xml' },
      ]),
    ).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '<sitemap><loc>https://store.example/sitemap-1.xml</loc><lastmod>2026-11-20T10:00:00.000Z</lastmod></sitemap>\n' +
        '<sitemap><loc>https://store.example/sitemap-2.xml</loc></sitemap>\n' +
        '</sitemapindex>\n',
    );
  });

  it('holds the protocol limits: 50,000 URLs and 52,428,800 bytes a file', () => {
    expect(sitemapProtocolLimits).toEqual({ maxUrls: 50_000, maxBytes: 52_428_800 });
  });

  it('splits past the URL limit, in order', () => {
    const urls = Array.from({ length: 7 }, (_, i) => ({ loc: `https://store.example/p/${i}` }));
    const files = splitSitemap(urls, { maxUrls: 3, maxBytes: 52_428_800 });
    expect(files.map((file) => file.map((url) => url.loc.slice(-1)))).toEqual([
      ['0', '1', '2'],
      ['3', '4', '5'],
      ['6'],
    ]);
  });

  it('splits past the byte limit, each file within it', () => {
    const urls = Array.from({ length: 5 }, (_, i) => ({ loc: `https://store.example/p/${i}` }));
    // Frame (header and closing tag) 110 bytes, each entry 48 bytes: 110 + 2 * 48 = 206 fit in 220.
    expect(Buffer.byteLength(urlsetXml([]))).toBe(110);
    expect(Buffer.byteLength(urlsetXml(urls.slice(0, 1)))).toBe(158);
    const files = splitSitemap(urls, { maxUrls: 50_000, maxBytes: 220 });
    expect(files.map((file) => file.length)).toEqual([2, 2, 1]);
    for (const file of files) expect(Buffer.byteLength(urlsetXml(file))).toBeLessThanOrEqual(220);
  });

  it('keeps one file, even an empty one, when the catalog is empty', () => {
    expect(splitSitemap([])).toEqual([[]]);
  });
});

describe('robots.txt', () => {
  it('allows the storefront, keeps crawlers out of admin, API, purchases, the library, course players and certificate checks, and names the sitemap', () => {
    expect(robotsTxt('https://store.example/')).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin',
        'Disallow: /api/',
        'Disallow: /purchases',
        'Disallow: /library',
        'Disallow: /learn/',
        'Disallow: /certificates/',
        '',
        'Sitemap: https://store.example/sitemap.xml',
        '',
      ].join('\n'),
    );
  });
});
