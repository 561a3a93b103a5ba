// Product pages for crawlers and shoppers alike, as the app mounts them (hosting rewrite
// /productdetail/** in firebase.json): the page shell and the product template, by default fetched from
// the store's origin; and what each product delivers (/api/products/{id}/what-you-get).
import type { Express } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { productTemplateFile } from '../../domain/productTemplate';
import type { ServerConfig } from '../config';
import type { RateLimits } from '../lib/rateLimits';
import { createShareRouter, templateFromOrigin } from './shareRoutes';
import { keptWhatYouGet } from './whatYouGet';
import { keptProductReviews } from '../reviews/reviewLists';
import { createWhatYouGetRouter } from './whatYouGetRoutes';

export function mountSharing(
  app: Express,
  shared: {
    db: Firestore;
    config: Pick<ServerConfig, 'STORE_NAME' | 'PUBLIC_STORE_URL'>;
    /** The built product page shell; by default fetched from PUBLIC_STORE_URL. */
    pageTemplate?: () => Promise<string>;
    /** The product page template to fill (tests); by default fetched from the store's origin. */
    productPageTemplate?: () => Promise<string>;
    limits: Pick<RateLimits, 'coursePages'>;
    logError: (message: string, error: unknown) => void;
  },
): void {
  const { db, config } = shared;
  const whatYouGet = keptWhatYouGet(db);
  app.use(
    createShareRouter({
      db,
      whatYouGet,
      reviews: keptProductReviews(db),
      storeName: config.STORE_NAME,
      storeUrl: config.PUBLIC_STORE_URL,
      loadTemplate: shared.pageTemplate ?? templateFromOrigin(config.PUBLIC_STORE_URL),
      loadProductTemplate:
        shared.productPageTemplate ??
        (shared.pageTemplate
          ? undefined
          : templateFromOrigin(config.PUBLIC_STORE_URL, Date.now, `/${productTemplateFile}`)),
      logError: shared.logError,
    }),
  );

  // What a product delivers, as counts and kinds (docs/storefront.md, 'What you get').
  app.use(
    '/api/products',
    createWhatYouGetRouter({ whatYouGet, limiter: shared.limits.coursePages, logError: shared.logError }),
  );
}
