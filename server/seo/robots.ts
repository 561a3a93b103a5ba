// robots.txt: crawlers are welcome on the storefront and kept out of what is not for search results:
// the admin pages (/admindashboard, /adminlogin...), the API (access links live under /api/access/)
// a buyer's /purchases and /library, a course player (/learn/{token}: the token is the buyer's access) and
// a certificate's check (/certificates/{code}: a page for whoever was given the code, not for search). Those
// pages also say `noindex`, for crawlers that arrive by a link. The storefront needs nothing under /api/
// to render for a crawler. See docs/catalog-and-search.md.
export function robotsTxt(storeUrl: string): string {
  const origin = storeUrl.replace(/\/+$/, '');
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /purchases',
    'Disallow: /library',
    'Disallow: /learn/',
    'Disallow: /certificates/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
