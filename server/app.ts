// The API (docs/architecture.md, 'Conventions'): one app built from injected dependencies, so tests and the
// local cloud run the very code that deploys as a Firebase function. Handlers stay thin.
import express, { type Express } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import { refuseAllTokens, type AccountActions, type IdTokenVerifier } from './admin/adminAuth';
import { mountAccountMails } from './admin/accountMailRoutes';
import { createCloudinaryClient } from './admin/cloudinaryClient';
import { createImageRouter } from './admin/imageRoutes';
import { createRequireAdmin } from './admin/requireAdmin';
import { createSaleActions } from './admin/saleActions';
import { createSaleRouter } from './admin/saleRoutes';
import { createPendingPaymentsRouter } from './admin/pendingRoutes';
import { createFileRouter } from './files/fileRoutes';
import { createFileService } from './files/fileService';
import { inspectPdf } from './files/pdfStamp';
import * as licenses from './licenses/licenseApi';
import { createFileStorage, type FileStorage } from './files/storage';
import type { ServerConfig } from './config';
import { createContactRouter } from './contact/contactRoutes';
import { createContactService } from './contact/contactService';
import { mountCourses } from './courses/courseWiring';
import { errorHandler } from './lib/errorHandler';
import { applyHttpSecurity, jsonBodies } from './lib/httpSecurity';
import { createRateLimits } from './lib/rateLimits';
import { createAccessLinks } from './orders/accessLinks';
import type { ExpiryOutcome } from './checkouts/checkoutExpiry';
import type { EmailRetryOutcome } from './orders/fulfilment';
import { createPurchaseWiring, createStoreFulfilment, type PurchaseWiringDeps } from './purchaseWiring';
import { createPurchaseRoutes } from './purchaseRoutes';
import { createCheckoutSweeps } from './orders/checkoutSweeps';
import { createResendRequests, type ResendSweepOutcome } from './purchases/resendRequests';
import { productTemplateFile } from '../domain/productTemplate';
import type { HealthReport } from '../domain/storeHealth';
import { createSeoRouter } from './seo/seoRoutes';
import type { ReminderOutcome } from './checkouts/reminders';
import { createReminderOptOuts } from './checkouts/reminderOptOuts';
import { createReminderRouter } from './checkouts/reminderRoutes';
import { createShareRouter, templateFromOrigin } from './sharing/shareRoutes';
import { createWhatYouGetRouter, keptWhatYouGet } from './sharing/whatYouGet';
import { createRefundRouter } from './refunds/refundRoutes';
import { createAffiliateRoutes } from './affiliates/affiliateWiring';
import { healthFor, mountHealth, withMailRecords, type HealthProbes } from './health/healthWiring';

/** Also the local cloud's Paystack stand-in for banks and subaccounts (`paystackAccounts`, demo mode only). */
export interface AppDeps extends Pick<PurchaseWiringDeps, 'paystackAccounts'>, HealthProbes {
  config: ServerConfig;
  db: Firestore;
  mailer: Pick<Transporter, 'sendMail'>;
  /** firebase-admin Auth (admin/adminAuth.ts): ID tokens, account mails; without it admin routes fail closed (401). */
  auth?: IdTokenVerifier & Partial<AccountActions>;
  now?: () => Date;
  /** Where failures that do not reach the client are reported; console.error goes to Cloud Logging. */
  logError?: (message: string, error: unknown) => void;
  /** The built product page shell; by default fetched from PUBLIC_STORE_URL (server/sharing/shareRoutes.ts). */
  pageTemplate?: () => Promise<string>;
  /** The product page template to fill (tests); by default fetched from the store's origin. */
  productPageTemplate?: () => Promise<string>;
  /**
   * The bucket of deliverable files (server/files/storage.ts); by default built from the configuration
   * on first use. Null: no bucket (file routes answer 503, downloads are unavailable).
   */
  files?: FileStorage | null;
  /** The local cloud's demo bank (local/demoBank.ts), told of each demo transfer; never deployed. */
  demoTransferSent?: (reference: string) => void;
}

const logToConsole = (message: string, error: unknown): void => console.error(message, error);

/** The bucket, built once on first use: a store without one still serves everything else. */
function lazyFileStorage(deps: AppDeps, logError: (message: string, error: unknown) => void): () => FileStorage | null {
  if (deps.files !== undefined) {
    const given = deps.files;
    return () => given;
  }
  let built: FileStorage | null | undefined;
  return () => {
    if (built === undefined) {
      try {
        built = createFileStorage(deps.config);
      } catch (error) {
        logError('No Cloud Storage bucket for deliverable files', error);
        built = null;
      }
    }
    return built;
  };
}

/** The image host's client when its three keys are set; null leaves the image routes refusing. */
function cloudinaryFor(config: AppDeps['config'], now: () => Date) {
  const { CLOUDINARY_CLOUD_NAME, CLOUDINARY_API_KEY, CLOUDINARY_API_SECRET, CLOUDINARY_API_BASE } = config;
  return CLOUDINARY_CLOUD_NAME && CLOUDINARY_API_KEY && CLOUDINARY_API_SECRET
    ? createCloudinaryClient(
        {
          cloudName: CLOUDINARY_CLOUD_NAME,
          apiKey: CLOUDINARY_API_KEY,
          apiSecret: CLOUDINARY_API_SECRET,
          apiBase: CLOUDINARY_API_BASE,
        },
        { now },
      )
    : null;
}

export function createApp(given: AppDeps): Express {
  const now = given.now ?? (() => new Date());
  const logError = given.logError ?? logToConsole;
  // Every refused e-mail is recorded for Store health (server/health/healthRecords.ts).
  const deps = withMailRecords({ ...given, now, logError });
  const app = express();
  // --- Hardening (docs/security.md): headers, proxy hops, JSON-only bodies, size limits, rate limits. ---
  applyHttpSecurity(app, { trustProxyHops: deps.config.TRUST_PROXY_HOPS });
  const limits = createRateLimits(deps.config);
  // --- end hardening ---

  // Purchases (docs/payments.md). Built here, mounted below; the webhook goes first because it needs the
  // raw body, before express.json parses it.
  const files = lazyFileStorage(deps, logError);
  const purchases = createPurchaseRoutes(deps, now, logError, limits, files);
  app.use('/api/webhooks/paystack', purchases.webhook);
  app.use('/api/webhooks/paypal', purchases.paypalWebhook);
  if (purchases.demoWebhook) app.use('/api/webhooks/demo', purchases.demoWebhook);

  // The license API's CORS (docs/licenses.md) on all its answers, refused bodies too, and nothing else.
  app.use('/api/licenses', licenses.licenseCors);
  app.use(jsonBodies());

  // Reminder unsubscribe links (checkouts/reminderRoutes.ts): a page and its form POST, never JSON.
  const optOuts = createReminderOptOuts({ db: deps.db, now });
  app.use(
    '/api/reminders',
    limits.access,
    createReminderRouter({ optOuts, storeName: deps.config.STORE_NAME, logError }),
  );

  // Product pages for crawlers and shoppers alike (hosting rewrite /productdetail/** in firebase.json).
  const whatYouGet = keptWhatYouGet(deps.db);
  app.use(
    createShareRouter({
      db: deps.db,
      whatYouGet,
      storeName: deps.config.STORE_NAME,
      storeUrl: deps.config.PUBLIC_STORE_URL,
      loadTemplate: deps.pageTemplate ?? templateFromOrigin(deps.config.PUBLIC_STORE_URL),
      loadProductTemplate:
        deps.productPageTemplate ??
        (deps.pageTemplate
          ? undefined
          : templateFromOrigin(deps.config.PUBLIC_STORE_URL, Date.now, `/${productTemplateFile}`)),
      logError,
    }),
  );

  // What a product delivers, as counts and kinds (docs/storefront.md, 'What you get').
  app.use('/api/products', createWhatYouGetRouter({ whatYouGet, limiter: limits.coursePages, logError }));

  // robots.txt and the sitemap (hosting rewrites in firebase.json), for search engines.
  app.use(createSeoRouter({ db: deps.db, storeUrl: deps.config.PUBLIC_STORE_URL }));
  // Nothing the API answers belongs in search results: access links, order answers, errors.
  app.use('/api', (_req, res, next) => {
    res.set('X-Robots-Tag', 'noindex');
    next();
  });

  const requireAdmin = createRequireAdmin({ auth: deps.auth ?? refuseAllTokens, db: deps.db, logError });
  const health = healthFor(deps, { files, paypal: purchases.paypal });
  mountHealth(app, { ...deps, requireAdmin, limiter: limits.admin, health });

  app.use(
    '/api/contact',
    createContactRouter({
      service: createContactService({ config: deps.config, db: deps.db, mailer: deps.mailer, logError }),
      limiter: limits.contact,
      logError,
    }),
  );

  mountAccountMails(app, { ...deps, auth: { ...refuseAllTokens, ...deps.auth }, limits, logError });
  app.use(['/api/uploads', '/api/deleteproductimage'], limits.admin);
  app.use('/api', createImageRouter({ requireAdmin, cloudinary: cloudinaryFor(deps.config, now), logError }));

  app.use(
    '/api/admin/products',
    createFileRouter({
      service: createFileService({ db: deps.db, inspectPdf, maxFileBytes: deps.config.MAX_FILE_BYTES }),
      storage: files,
      maxFileBytes: deps.config.MAX_FILE_BYTES,
      requireAdmin,
      limiter: limits.admin,
      logError,
    }),
  );
  app.use(
    '/api/admin/transactions',
    createSaleRouter({
      requireAdmin,
      actions: createSaleActions({
        db: deps.db,
        mailer: deps.mailer,
        config: deps.config,
        links: purchases.links,
        fulfilment: purchases.fulfilment,
        logError,
        now,
      }),
      limiter: limits.admin,
      logError,
    }),
  );

  // The waiting page polls its status (a cheap read) under its own limit; everything else is paying.
  app.get('/api/checkouts/:id/status', limits.waitStatus);
  app.use(
    '/api/admin/pending-payments',
    createPendingPaymentsRouter({
      requireAdmin,
      pendingPayments: () => purchases.service.pendingPayments(),
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

  app.use(['/api/orders', '/api/paypal/orders'], limits.orders);
  app.use('/api', purchases.orders);
  app.use('/api/access', limits.access, purchases.access);
  app.use('/api/purchases', purchases.purchases);
  app.use('/api/library', limits.access, purchases.library);
  mountCourses(app, { ...deps, ...purchases.buyers, files, requireAdmin, limits, now, logError });
  const licenseRoutes = licenses.createLicenseRoutes({ ...deps, now, limits, requireAdmin, logError });
  const affiliates = createAffiliateRoutes({ db: deps.db, ...purchases.affiliates, requireAdmin, limits, logError });
  app.use('/api/affiliates', affiliates.publicApi).use('/api/admin/affiliates', affiliates.admin);
  app.use('/api/licenses', licenseRoutes.publicApi);
  app.use('/api/admin', licenseRoutes.admin);

  app.use('/api', (_req, res) => {
    res.status(404).json({ message: 'Not found' });
  });

  app.use(errorHandler(logError));
  return app;
}

/** What one run of the e-mail sweep did. */
export interface EmailSweepOutcome extends EmailRetryOutcome {
  /** Buyers' requests for their purchase links (purchases/resendRequests.ts). */
  resends: ResendSweepOutcome;
}

/**
 * The two parts of the e-mail sweep, from the same dependencies as the app: the links buyers asked
 * for at /purchases, and the e-mails of purchases whose mail failed (fulfilment.ts retryUnsentEmails).
 */
export function createEmailSweeps(given: AppDeps) {
  const logError = given.logError ?? logToConsole;
  const now = given.now ?? (() => new Date());
  const { config, db, mailer } = withMailRecords({ ...given, now, logError });
  const links = createAccessLinks({ secret: config.ACCESS_LINK_SECRET, publicStoreUrl: config.PUBLIC_STORE_URL });
  const fulfilment = createStoreFulfilment({ db, mailer, config, links, logError, now });
  const resendRequests = createResendRequests({ db, mailer, config, links, fulfilment, logError, now });
  return {
    sendResendRequests: (): Promise<ResendSweepOutcome> => resendRequests.sendPending(),
    /** The same for one address's request only (tests on a shared database). */
    sendResendRequestFor: (email: string): Promise<ResendSweepOutcome> => resendRequests.sendPendingFor(email),
    retryUnsentEmails: (): Promise<EmailRetryOutcome> => fulfilment.retryUnsentEmails(),
    logError,
  };
}

/**
 * The e-mail sweep the deployed scheduled function runs: both parts, the buyers' requests first.
 * The local cloud runs the parts on timers of their own.
 */
export function createEmailRetry(deps: AppDeps): () => Promise<EmailSweepOutcome> {
  const { sendResendRequests, retryUnsentEmails, logError } = createEmailSweeps(deps);
  return async () => {
    // A failure of one part must not starve the other.
    const resends = await sendResendRequests().catch((error: unknown) => {
      logError('Purchase links requests could not be swept', error);
      return { claimed: 0, done: 0 };
    });
    return { ...(await retryUnsentEmails()), resends };
  };
}

/**
 * The sweep that sends one reminder per unpaid checkout (checkouts/reminders.ts), from the same
 * dependencies as the app: the deployed scheduled function and the local cloud's timer run it.
 */
export function createReminders(deps: AppDeps): () => Promise<ReminderOutcome> {
  return createCheckoutSweeps(sweepDeps(deps)).reminders;
}

/**
 * The sweep that marks unpaid checkouts past their expiry 'expired' and gives their reserved code
 * uses back (checkouts/checkoutExpiry.ts), after asking Paystack about each one: the deployed
 * scheduled function and the local cloud's timer run it.
 */
export function createCheckoutExpiry(deps: AppDeps): () => Promise<ExpiryOutcome> {
  return createCheckoutSweeps(sweepDeps(deps)).expiry;
}

/** The Store health checks (server/health/), run and stored by the daily scheduled function. */
export function createHealthRun(given: AppDeps): () => Promise<HealthReport> {
  const deps = { ...given, now: given.now ?? (() => new Date()), logError: given.logError ?? logToConsole };
  const { paypal } = createPurchaseWiring(deps);
  const health = healthFor(deps, { files: lazyFileStorage(deps, deps.logError), paypal });
  return () => health.run();
}

function sweepDeps(given: AppDeps) {
  const now = given.now ?? (() => new Date());
  const logError = given.logError ?? logToConsole;
  const deps = withMailRecords({ ...given, now, logError });
  const { service, checkouts } = createPurchaseWiring({ ...deps, now, logError });
  return { db: deps.db, mailer: deps.mailer, config: deps.config, now, logError, service, checkouts };
}
