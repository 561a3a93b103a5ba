// The purchase API as the app mounts it (docs/architecture.md, 'How the pieces talk'): the parts built
// once on the one purchase wiring (./purchaseWiring.ts) and shared with other features' mounts, the
// providers' webhooks (before any body parsing: they need the raw body), and the buying routes with
// their rate limits.
import type { Express, RequestHandler } from 'express';
import { paths } from '../domain/routes';
import type { AppDeps } from './app';
import { createPendingPaymentsRouter } from './admin/pendingRoutes';
import { createDownloadRouter } from './downloads/downloadRoutes';
import { createPayingBrowserTrust, createStartingBrowser } from './downloads/payingBrowser';
import type { FileStorage } from './files/storage';
import { webhookArrivals } from './health/healthWiring';
import { createBuyerBrowsers } from './library/buyerBrowsers';
import type { LibraryPlans } from './library/libraryMembershipRoutes';
import { createLibraryRouter } from './library/libraryRoutes';
import type { RateLimits } from './lib/rateLimits';
import { createBuyerLicenses } from './licenses/buyerLicenses';
import { createMemberList, type MemberList } from './memberships/memberList';
import type { Memberships } from './memberships/memberships';
import { createMembershipRouter } from './memberships/membershipRoutes';
import { createOrderRouter } from './orders/orderRoutes';
import { createPurchaseWiring } from './purchaseWiring';
import { createPurchaseRouter } from './purchases/purchaseRoutes';
import { createResendRequests } from './purchases/resendRequests';
import { createRefundRouter } from './refunds/refundRoutes';
import { createRefundService } from './refunds/refundService';
import { createReviews } from './reviews/reviews';
import { createDemoWebhookRouter, demoWebhookKey } from './webhooks/demoWebhook';
import { createPaypalWebhookRouter } from './webhooks/paypalWebhook';
import { createPaystackWebhookRouter } from './webhooks/paystackWebhook';

type PurchaseDeps = AppDeps & { now: () => Date; logError: (message: string, error: unknown) => void };

/** The purchase wiring with the buyer's browsers and refunds: built once, shared by every mount. */
export function createPurchases(deps: PurchaseDeps, files: () => FileStorage | null) {
  const { config, db, mailer, now, logError } = deps;
  const wiring = createPurchaseWiring(deps);
  const { paystack, paypal, links, fulfilment, issues, commissions } = wiring;
  const buyers = createBuyerBrowsers({ ...deps, links, fulfilment, files, logError, now });
  const refundDeps = { db, mailer, config, paystack, paypal, logError, now, issues };
  const reviews = createReviews({ db, now });
  // What follows a sale's refund or dispute: its commission, and its review (docs/reviews.md). Both
  // run whatever the other does; a failure is logged by the refund path.
  const afterSaleChanged = async (transactionId: string): Promise<void> => {
    const settled = await Promise.allSettled([
      commissions.settleAfterRefund(transactionId),
      reviews.followSale(transactionId),
    ]);
    const refused = settled.find((result) => result.status === 'rejected');
    if (refused) throw refused.reason;
  };
  const refunds = createRefundService({ ...refundDeps, afterSaleChanged });
  return {
    ...wiring,
    ...buyers,
    refunds,
    /** What the course player reads of a buyer's browser. */
    buyers: {
      downloads: buyers.downloads,
      cookies: buyers.browsers.cookies,
      librarySessionEmail: buyers.librarySessionEmail,
    },
  };
}

export type Purchases = ReturnType<typeof createPurchases>;

interface PurchaseShared extends Omit<PurchaseDeps, 'files'> {
  limits: RateLimits;
  requireAdmin: RequestHandler;
  purchases: Purchases;
}

/** The providers' signed events; mounted before the app parses JSON, since they need the raw body. */
export function mountPurchaseWebhooks(app: Express, shared: PurchaseShared): void {
  const { config, logError, purchases } = shared;
  const { service, refunds, paypal, paystackSubscriptions, paypalSubscriptions } = purchases;
  app.use(
    '/api/webhooks/paystack',
    createPaystackWebhookRouter({
      secretKey: config.PAYSTACK_SECRET_KEY,
      service,
      refunds,
      subscriptions: paystackSubscriptions,
      logError,
      arrived: webhookArrivals(shared, 'paystack'),
    }),
  );
  app.use(
    '/api/webhooks/paypal',
    createPaypalWebhookRouter({
      paypal,
      arrived: webhookArrivals(shared, 'paypal'),
      webhookId: config.PAYPAL_WEBHOOK_ID,
      refunds,
      service,
      subscriptions: paypalSubscriptions,
      logError,
    }),
  );
  if (config.DEMO_PAYMENTS && config.ACCESS_LINK_SECRET) {
    const key = demoWebhookKey(config.ACCESS_LINK_SECRET);
    app.use('/api/webhooks/demo', createDemoWebhookRouter({ key, service, logError }));
  }
}

/** The library's view of the buyer's plans: the list, a buyer's cancel and resume, and their links. */
function libraryPlansOf(
  { memberships, transfers }: { memberships: Memberships; transfers: { linkFor(id: string): string } },
  list: MemberList,
): LibraryPlans {
  return {
    ofBuyer: (emailKey) => list.ofBuyer(emailKey),
    get: (id) => memberships.get(id),
    cancel: (id, when) => memberships.cancel(id, when),
    resume: (id) => memberships.resume(id),
    manageLink: (id) => memberships.manageLink(id),
    transferLinkFor: (id) => transfers.linkFor(id),
  };
}

/**
 * Buying and what follows it: checkouts' and orders' limits, the seller's pending payments and
 * refunds, the order routes, access links, /purchases and the library, in this order.
 */
export function mountPurchases(app: Express, shared: PurchaseShared): void {
  const { config, db, mailer, now, logError, limits, requireAdmin, purchases } = shared;
  const { service, browsers, downloads, librarySessionEmail, links, fulfilment } = purchases;
  // The waiting page polls its status (a cheap read) under its own limit; everything else is paying.
  app.get('/api/checkouts/:id/status', limits.waitStatus);
  app.use(
    '/api/admin/pending-payments',
    createPendingPaymentsRouter({
      requireAdmin,
      pendingPayments: () => service.pendingPayments(),
      limiter: limits.admin,
      logError,
    }),
  );
  app.use('/api/checkouts', (req, res, next) => {
    if (req.method === 'GET') next();
    else void limits.checkouts(req, res, next);
  });
  app.use(
    '/api/admin/transactions',
    createRefundRouter({ requireAdmin, refunds: purchases.refunds, limiter: limits.admin, logError }),
  );

  app.use(['/api/orders', '/api/paypal/orders', '/api/paypal/subscriptions'], limits.orders);
  app.use(
    '/api',
    createOrderRouter({
      service,
      logError,
      trustPayingBrowser: createPayingBrowserTrust({ ...browsers, downloads }),
      startingBrowser: createStartingBrowser(browsers),
    }),
  );
  app.use(
    '/api/access',
    limits.access,
    createDownloadRouter({
      downloads,
      librarySessionEmail,
      storeName: config.STORE_NAME,
      publicStoreUrl: config.PUBLIC_STORE_URL,
      logError,
      cookies: browsers.cookies,
      confirmLimiter: limits.confirm,
      licenses: createBuyerLicenses({ db }),
      // An ended plan's access page links to its transfer link, which reopens it (docs/memberships.md).
      renewLinkFor: (planId) => purchases.transfers.linkFor(planId),
      storageOrigin: config.STORAGE_API_ENDPOINT
        ? new URL(config.STORAGE_API_ENDPOINT).origin
        : 'https://storage.googleapis.com',
    }),
  );
  app.use(
    '/api/purchases',
    createPurchaseRouter({
      resendRequests: createResendRequests({ db, mailer, config, links, fulfilment, logError, now }),
      // Each request may lead to an e-mail.
      limiter: limits.resend,
      answerAfterMs: config.RESEND_ANSWER_MS,
      logError,
    }),
  );
  app.use(
    '/api/library',
    limits.access,
    createLibraryRouter({
      library: purchases.library,
      plans: libraryPlansOf(purchases, createMemberList({ db, now })),
      ...browsers,
      signInLimiter: limits.signIn,
      logError,
    }),
  );
  // The link that pays a plan's next period by transfer (docs/memberships.md).
  app.use(
    '/api/memberships',
    limits.access,
    createMembershipRouter({
      transfers: purchases.transfers,
      libraryUrl: `${config.PUBLIC_STORE_URL.replace(/\/+$/, '')}${paths.library}`,
      logError,
    }),
  );
}
