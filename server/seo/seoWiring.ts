// robots.txt and the sitemap as the app mounts them (hosting rewrites in firebase.json), for search
// engines.
import type { Express } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import type { ServerConfig } from '../config';
import { createSeoRouter } from './seoRoutes';

export function mountSeo(
  app: Express,
  shared: { db: Firestore; config: Pick<ServerConfig, 'PUBLIC_STORE_URL'> },
): void {
  app.use(createSeoRouter({ db: shared.db, storeUrl: shared.config.PUBLIC_STORE_URL }));
}
