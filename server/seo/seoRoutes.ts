// GET /robots.txt, /sitemap.xml and, past the protocol's limits, /sitemap-{n}.xml (hosting rewrites
// them to the API function, firebase.json). The sitemap is built from the catalog index's shard
// documents: about ten reads at any catalog size. See docs/catalog-and-search.md, 'Search engines'.
import { Router, type Response } from 'express';
import { robotsTxt } from './robots';
import { sitemapFilePath, sitemapIndexXml, urlsetXml } from './sitemap';
import { createSitemapSource, type SeoRouteDeps } from './sitemapSource';

// Crawlers come back often; the CDN answers them for up to an hour, browsers always ask again.
export const seoCacheControl = 'public, max-age=0, s-maxage=3600';

export type { SeoRouteDeps } from './sitemapSource';

export function createSeoRouter(deps: SeoRouteDeps): Router {
  const router = Router();
  const sitemapFiles = createSitemapSource(deps);

  const sendXml = (res: Response, xml: string) =>
    res.set('Cache-Control', seoCacheControl).type('application/xml').send(xml);

  router.get('/robots.txt', (_req, res) => {
    res.set('Cache-Control', seoCacheControl).type('text/plain').send(robotsTxt(deps.storeUrl));
  });

  router.get('/sitemap.xml', async (_req, res) => {
    const files = await sitemapFiles();
    if (files.length === 1) {
      sendXml(res, urlsetXml(files[0] ?? []));
      return;
    }
    const origin = deps.storeUrl.replace(/\/+$/, '');
    sendXml(
      res,
      sitemapIndexXml(
        files.map((file, index) => {
          const lastmod = file.reduce<string | undefined>(
            (latest, url) => (url.lastmod && (!latest || url.lastmod > latest) ? url.lastmod : latest),
            undefined,
          );
          const loc = `${origin}${sitemapFilePath(index + 1)}`;
          return lastmod ? { loc, lastmod } : { loc };
        }),
      ),
    );
  });

  router.get(/^\/sitemap-(\d{1,5})\.xml$/, async (req, res) => {
    const n = Number((req.params as Record<string, string>)[0]);
    const files = await sitemapFiles();
    const file = files.length > 1 ? files[n - 1] : undefined;
    if (!file) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    sendXml(res, urlsetXml(file));
  });

  return router;
}
