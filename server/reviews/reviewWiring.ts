// Reviews as the app mounts them (docs/reviews.md): the buyer's routes under their own limit, a
// product's reviews under the product page's shared limit, and the seller's view under the admin limit.
import type { Express, Request, RequestHandler } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import type { ServerConfig } from '../config';
import type { RateLimits } from '../lib/rateLimits';
import { createAccessReviewRouter } from './accessReviewRoutes';
import { createReviewLists } from './reviewLists';
import { createAdminReviewRouter, createBuyerReviewRouter, createProductReviewRouter } from './reviewRoutes';
import { createReviews } from './reviews';

export function mountReviews(
  app: Express,
  shared: {
    db: Firestore;
    config: Pick<ServerConfig, 'STORE_NAME'>;
    requireAdmin: RequestHandler;
    limits: Pick<RateLimits, 'admin' | 'reviews' | 'coursePages'>;
    purchases: { signedInEmail: (req: Pick<Request, 'get'>) => Promise<string | null> };
    now: () => Date;
    logError: (message: string, error: unknown) => void;
  },
): void {
  const { db, requireAdmin, limits, now, logError } = shared;
  const reviews = createReviews({ db, now });
  const lists = createReviewLists({ db });
  app.use(
    '/api/reviews',
    limits.reviews,
    createBuyerReviewRouter({ reviews, signedInEmail: shared.purchases.signedInEmail, logError }),
  );
  // The download page's 'Rate' link: a page and its form post, after the download page's own routes.
  app.use(
    '/api/access',
    createAccessReviewRouter({ reviews, storeName: shared.config.STORE_NAME, limiter: limits.reviews, logError }),
  );
  app.use('/api/products', createProductReviewRouter({ lists, limiter: limits.coursePages, logError }));
  app.use(
    '/api/admin/reviews',
    createAdminReviewRouter({ reviews, lists, requireAdmin, limiter: limits.admin, logError }),
  );
}
