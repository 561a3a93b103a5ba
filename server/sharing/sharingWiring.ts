// Product pages for crawlers and shoppers alike, as the app mounts them (hosting rewrite
// /productdetail/** in firebase.json): the page shell and the product template, by default fetched from
// the store's origin.
import type { Express } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { productTemplateFile } from '../../domain/productTemplate';
import type { ServerConfig } from '../config';
import { createShareRouter, templateFromOrigin } from './shareRoutes';

export function mountSharing(
  app: Express,
  shared: {
    db: Firestore;
    config: Pick<ServerConfig, 'STORE_NAME' | 'PUBLIC_STORE_URL'>;
    /** The built product page shell; by default fetched from PUBLIC_STORE_URL. */
    pageTemplate?: () => Promise<string>;
    /** The product page template to fill (tests); by default fetched from the store's origin. */
    productPageTemplate?: () => Promise<string>;
    logError: (message: string, error: unknown) => void;
  },
): void {
  const { db, config } = shared;
  app.use(
    createShareRouter({
      db,
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
}
