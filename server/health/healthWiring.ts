// Store health's place in the API (docs/admin.md, 'Store health'): the version answer of
// GET /api/health, the admin routes, the daily run, and the records the checks read (webhook
// arrivals, failed e-mails), from the same dependencies as the rest of the app.
import type { Express, RequestHandler } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import type { ServerConfig } from '../config';
import type { FileStorage } from '../files/storage';
import type { PaypalClient } from '../payments/paypalClient';
import { recordWebhookArrival, withMailFailureLog, type WebhookProvider } from './healthRecords';
import { createHealthRouter } from './healthRoutes';
import { createStoreHealth, type StoreHealth } from './healthService';
import type { TxtResolver } from './mailChecks';

/** What tests may put in place of the outside world the checks ask. */
export interface HealthProbes {
  /** The DNS the mail checks ask (server/health/mailChecks.ts); the machine's resolver by default. */
  dns?: TxtResolver;
  /** The SMTP login check; by default a fresh connection with the store's settings. */
  verifySmtp?: () => Promise<unknown>;
}

interface HealthWiringDeps extends HealthProbes {
  config: ServerConfig;
  db: Firestore;
  now: () => Date;
  logError: (message: string, error: unknown) => void;
}

/** The dependencies with a mailer that records each refused e-mail (mailFailures). */
export function withMailRecords<D extends HealthWiringDeps & { mailer: Pick<Transporter, 'sendMail'> }>(deps: D): D {
  return { ...deps, mailer: withMailFailureLog(deps.mailer, deps) };
}

/** Records a signed webhook event's arrival; a failure to record never fails the event. */
export function webhookArrivals(deps: HealthWiringDeps, provider: WebhookProvider) {
  return (eventType: string): Promise<void> =>
    recordWebhookArrival(deps.db, provider, eventType, deps.now()).catch((error: unknown) =>
      deps.logError(`The ${provider} webhook's arrival could not be recorded`, error),
    );
}

export function healthFor(
  deps: HealthWiringDeps,
  parts: { files: () => FileStorage | null; paypal: PaypalClient | null },
): StoreHealth {
  return createStoreHealth({ ...deps, ...parts });
}

/** GET /api/health (public: the build's version, for `npm run doctor`) and the admin routes. */
export function mountHealth(
  app: Express,
  shared: HealthWiringDeps & {
    requireAdmin: RequestHandler;
    limits: { admin: RequestHandler };
    files: () => FileStorage | null;
    purchases: { paypal: PaypalClient | null };
  },
): void {
  const { config, requireAdmin, files, logError } = shared;
  const health = healthFor(shared, { files, paypal: shared.purchases.paypal });
  app.get('/api/health', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ ok: true, version: config.BUILD_VERSION ?? 'unknown' });
  });
  app.use('/api/admin/health', createHealthRouter({ requireAdmin, limiter: shared.limits.admin, health, logError }));
}
