// The purchase API's routers (orders, webhooks, access links, the library, /purchases), built from the
// app's dependencies on the one purchase wiring (./purchaseWiring.ts); server/app.ts mounts them.
import type { AppDeps } from './app';
import { createDownloadRouter } from './downloads/downloadRoutes';
import { createPayingBrowserTrust, createStartingBrowser } from './downloads/payingBrowser';
import type { FileStorage } from './files/storage';
import { webhookArrivals } from './health/healthWiring';
import { createBuyerBrowsers } from './library/buyerBrowsers';
import { createLibraryRouter } from './library/libraryRoutes';
import type { RateLimits } from './lib/rateLimits';
import * as licenses from './licenses/licenseApi';
import { createOrderRouter } from './orders/orderRoutes';
import { createPurchaseWiring } from './purchaseWiring';
import { createPurchaseRouter } from './purchases/purchaseRoutes';
import { createResendRequests } from './purchases/resendRequests';
import { createRefundService } from './refunds/refundService';
import { createDemoWebhookRouter, demoWebhookKey } from './webhooks/demoWebhook';
import { createPaypalWebhookRouter } from './webhooks/paypalWebhook';
import { createPaystackWebhookRouter } from './webhooks/paystackWebhook';

/** The purchase API's routers, from the same dependencies as the rest of the app. */
export function createPurchaseRoutes(
  deps: AppDeps,
  now: () => Date,
  logError: (message: string, error: unknown) => void,
  limits: RateLimits,
  files: () => FileStorage | null,
) {
  const { config, db, mailer } = deps;
  const wiring = createPurchaseWiring({ ...deps, now, logError });
  const { paystack, paypal, links, fulfilment, issues, service, commissions } = wiring;
  const buyers = createBuyerBrowsers({ ...deps, links, fulfilment, files, logError, now });
  const { browsers, downloads, library, librarySessionEmail } = buyers;
  const refundDeps = { db, mailer, config, paystack, paypal, logError, now, issues };
  const refunds = createRefundService({ ...refundDeps, afterSaleChanged: commissions.settleAfterRefund });
  return {
    buyers: { downloads, cookies: browsers.cookies, librarySessionEmail },
    links,
    fulfilment,
    refunds,
    service,
    // Affiliates sign in to their page as buyers do to the library: the same mailed code and session.
    affiliates: { affiliates: wiring.affiliates, commissions, signedInEmail: buyers.signedInEmail },
    paypal,
    webhook: createPaystackWebhookRouter({
      secretKey: config.PAYSTACK_SECRET_KEY,
      service,
      refunds,
      logError,
      arrived: webhookArrivals({ ...deps, now, logError }, 'paystack'),
    }),
    paypalWebhook: createPaypalWebhookRouter({
      paypal,
      arrived: webhookArrivals({ ...deps, now, logError }, 'paypal'),
      webhookId: config.PAYPAL_WEBHOOK_ID,
      refunds,
      service,
      logError,
    }),
    demoWebhook:
      config.DEMO_PAYMENTS && config.ACCESS_LINK_SECRET
        ? createDemoWebhookRouter({ key: demoWebhookKey(config.ACCESS_LINK_SECRET), service, logError })
        : null,
    orders: createOrderRouter({
      service,
      logError,
      trustPayingBrowser: createPayingBrowserTrust({ ...browsers, downloads }),
      startingBrowser: createStartingBrowser(browsers),
    }),
    access: createDownloadRouter({
      downloads,
      librarySessionEmail,
      storeName: config.STORE_NAME,
      publicStoreUrl: config.PUBLIC_STORE_URL,
      logError,
      cookies: browsers.cookies,
      confirmLimiter: limits.confirm,
      licenses: licenses.createBuyerLicenses({ db }),
      storageOrigin: config.STORAGE_API_ENDPOINT
        ? new URL(config.STORAGE_API_ENDPOINT).origin
        : 'https://storage.googleapis.com',
    }),
    library: createLibraryRouter({ library, ...browsers, signInLimiter: limits.signIn, logError }),
    purchases: createPurchaseRouter({
      resendRequests: createResendRequests({ db, mailer, config, links, fulfilment, logError, now }),
      // Each request may lead to an e-mail.
      limiter: limits.resend,
      answerAfterMs: config.RESEND_ANSWER_MS,
      logError,
    }),
  };
}
