// GET /productdetail/{id} as HTML with the product's title, description, canonical URL and Open
// Graph/Twitter card (docs/performance.md). Firebase Hosting rewrites product pages to the API
// function; crawlers read the tags without JavaScript, shoppers get the same prerendered shell
// the SPA hydrates.
import { Router } from 'express';
import { absoluteUrl, fillMeta, templateFetchHeader } from './pageMeta';
import { productPageOrDefaults, productTemplateOrNull, type ShareRouteDeps } from './productPage';
import { fillProductTemplate } from './productMarkup';

export { templateFetchHeader };
export type { ShareRouteDeps } from './productPage';

// The hosting CDN may keep a product page for a minute; browsers never reuse it without asking again
// (max-age=0 with must-revalidate), so a repriced or deleted product shows within 60 s. No
// stale-while-revalidate: browsers honour it too, and would show a stale page while revalidating.
export const shareCacheControl = 'public, max-age=0, must-revalidate, s-maxage=60';
const templateTtlMs = 5 * 60_000;

/**
 * The template fetched from the hosting origin, cached for five minutes. Fetching rather than
 * bundling dist into the function keeps the function deployable on its own and always in step with
 * the hosting deploy the shopper's browser gets (its asset hashes must match); the file is a static
 * file, served by Hosting before any rewrite applies.
 */
export function templateFromOrigin(
  storeUrl: string,
  now: () => number = Date.now,
  path = '/productdetail/index.html',
): () => Promise<string> {
  let cached: { html: string; at: number } | undefined;
  return async () => {
    if (cached && now() - cached.at < templateTtlMs) return cached.html;
    const response = await fetch(absoluteUrl(storeUrl, path), {
      headers: { [templateFetchHeader]: '1', accept: 'text/html' },
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new Error(`The product page template ${path} answered ${response.status}`);
    cached = { html: await response.text(), at: now() };
    return cached.html;
  };
}

export function createShareRouter(deps: ShareRouteDeps): Router {
  const router = Router();
  router.get('/productdetail/:id', async (req, res) => {
    if (req.get(templateFetchHeader)) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    // The filled page when it can be had; the shell (which loads the product itself) otherwise.
    const productTemplate = productTemplateOrNull(deps);
    const [template, page] = await Promise.all([deps.loadTemplate(), productPageOrDefaults(deps, req.params.id)]);
    const filledTemplate = await productTemplate;
    const filled =
      page.product && filledTemplate ? fillProductTemplate(filledTemplate, page.product, page.whatYouGet) : null;
    res
      .set('Cache-Control', shareCacheControl)
      .type('text/html')
      .send(fillMeta(filled ?? template, page.meta));
  });
  return router;
}
