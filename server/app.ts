// The API (docs/architecture.md, 'Conventions'): one app built from injected dependencies, so tests and the
// local cloud run the very code that deploys as a Firebase function. Handlers stay thin.
import express, { type Express } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import { refuseAllTokens, type AccountActions, type IdTokenVerifier } from './admin/adminAuth';
import { mountAccountMails, mountImages, mountSales } from './admin/adminWiring';
import { createRequireAdmin } from './admin/requireAdmin';
import { mountAffiliates } from './affiliates/affiliateWiring';
import { mountReminders } from './checkouts/reminderWiring';
import type { ExpiryOutcome } from './checkouts/checkoutExpiry';
import type { ReminderOutcome } from './checkouts/reminders';
import type { ServerConfig } from './config';
import { mountContact } from './contact/contactWiring';
import { mountCourses } from './courses/courseWiring';
import { mountFiles } from './files/fileWiring';
import { createFileStorage, type FileStorage } from './files/storage';
import { healthFor, mountHealth, withMailRecords, type HealthProbes } from './health/healthWiring';
import { errorHandler } from './lib/errorHandler';
import { applyHttpSecurity, jsonBodies } from './lib/httpSecurity';
import { createRateLimits } from './lib/rateLimits';
import { mountLicenseCors, mountLicenses } from './licenses/licenseWiring';
import { createMailingQueue, type MailingRunOutcome } from './mailings/mailingQueue';
import { mountMailings, mountUnsubscribe } from './mailings/mailingWiring';
import { mountMembers } from './memberships/memberWiring';
import { createSequenceSweep, type SequenceOutcome } from './mailings/sequences';
import { createAccessLinks } from './orders/accessLinks';
import type { MembershipSweepOutcome } from './memberships/membershipSweep';
import { createCheckoutSweeps } from './orders/checkoutSweeps';
import type { EmailRetryOutcome } from './orders/fulfilment';
import { createPurchases, mountPurchases, mountPurchaseWebhooks } from './purchaseMounts';
import { createPurchaseWiring, createStoreFulfilment, type PurchaseWiringDeps } from './purchaseWiring';
import { createResendRequests, type ResendSweepOutcome } from './purchases/resendRequests';
import { createReviewRequestSweep, type ReviewRequestOutcome } from './reviews/reviewRequests';
import { mountReviews } from './reviews/reviewWiring';
import { mountSeo } from './seo/seoWiring';
import { mountSharing } from './sharing/sharingWiring';
import type { HealthReport } from '../domain/storeHealth';

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

/**
 * The API. Each feature mounts itself (`mountX(app, shared)`, in its folder's *Wiring.ts) from one
 * shared object: the dependencies, the rate limits, the admin check, the bucket and the purchase
 * wiring. The order of the mounts is the order of the middleware, so it matters (docs/architecture.md,
 * 'How the pieces talk').
 */
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

  const files = lazyFileStorage(deps, logError);
  const requireAdmin = createRequireAdmin({ auth: deps.auth ?? refuseAllTokens, db: deps.db, logError });
  const purchases = createPurchases(deps, files);
  const shared = { ...deps, limits, requireAdmin, files, purchases };

  // Before express.json parses a body: the webhooks need the raw body (docs/payments.md), and the
  // license API's CORS goes on all its answers, refused bodies too (docs/licenses.md).
  mountPurchaseWebhooks(app, shared);
  mountLicenseCors(app);
  app.use(jsonBodies());

  mountReminders(app, shared);
  mountUnsubscribe(app, shared);
  mountSharing(app, shared);
  mountSeo(app, shared);
  // Nothing the API answers belongs in search results: access links, order answers, errors.
  app.use('/api', (_req, res, next) => {
    res.set('X-Robots-Tag', 'noindex');
    next();
  });

  mountHealth(app, shared);
  mountContact(app, shared);
  mountAccountMails(app, shared);
  mountImages(app, shared);
  mountFiles(app, shared);
  mountSales(app, shared);
  mountPurchases(app, shared);
  mountCourses(app, shared);
  mountAffiliates(app, shared);
  mountLicenses(app, shared);
  mountMailings(app, shared);
  mountMembers(app, shared);
  mountReviews(app, shared);

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

/**
 * The send queue of e-mails to buyers (mailings/mailingQueue.ts), from the same dependencies as the app:
 * the deployed scheduled function runs it every minute.
 */
export function createMailingRun(given: AppDeps): () => Promise<MailingRunOutcome> {
  const now = given.now ?? (() => new Date());
  const logError = given.logError ?? logToConsole;
  const { db, mailer, config } = withMailRecords({ ...given, now, logError });
  return createMailingQueue({ db, mailer, config, now, logError }).runOnce;
}

/** The after-purchase sequences' send (mailings/sequences.ts), run with the mailing queue. */
export function createSequenceRun(given: AppDeps): () => Promise<SequenceOutcome> {
  const now = given.now ?? (() => new Date());
  const logError = given.logError ?? logToConsole;
  const { db, mailer, config } = withMailRecords({ ...given, now, logError });
  return createSequenceSweep({ db, mailer, config, now, logError });
}

/** The review requests' send (reviews/reviewRequests.ts), run with the mailing queue. */
export function createReviewRequestRun(
  given: AppDeps,
): (options?: { everyCourse?: boolean }) => Promise<ReviewRequestOutcome> {
  const now = given.now ?? (() => new Date());
  const logError = given.logError ?? logToConsole;
  const { db, mailer, config } = withMailRecords({ ...given, now, logError });
  return createReviewRequestSweep({ db, mailer, config, now, logError });
}

/** The Store health checks (server/health/), run and stored by the daily scheduled function. */
export function createHealthRun(given: AppDeps): () => Promise<HealthReport> {
  const deps = { ...given, now: given.now ?? (() => new Date()), logError: given.logError ?? logToConsole };
  const { paypal } = createPurchaseWiring(deps);
  const health = healthFor(deps, { files: lazyFileStorage(deps, deps.logError), paypal });
  return () => health.run();
}

/**
 * The memberships sweep (memberships/membershipSweep.ts): plans past their grace ended, dunning and
 * reminders sent, each once. The deployed function runs it after the checkout expiry; the local cloud
 * on the same timer.
 */
export function createMembershipSweepRun(given: AppDeps): () => Promise<MembershipSweepOutcome> {
  const now = given.now ?? (() => new Date());
  const logError = given.logError ?? logToConsole;
  const deps = withMailRecords({ ...given, now, logError });
  const { membershipSweep } = createPurchaseWiring({ ...deps, now, logError });
  return () => membershipSweep.runOnce();
}

function sweepDeps(given: AppDeps) {
  const now = given.now ?? (() => new Date());
  const logError = given.logError ?? logToConsole;
  const deps = withMailRecords({ ...given, now, logError });
  const { service, checkouts } = createPurchaseWiring({ ...deps, now, logError });
  return { db: deps.db, mailer: deps.mailer, config: deps.config, now, logError, service, checkouts };
}
