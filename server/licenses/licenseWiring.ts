// The license routes as the app mounts them (docs/licenses.md): the license API's CORS, before the app
// parses bodies so refused bodies carry it too; the public API (service over Firestore behind the
// routes, with the license rate limits of server/lib/rateLimits.ts) and the seller's actions (admins
// only, the admin rate limit).
import type { Express, RequestHandler } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import type { ServerConfig } from '../config';
import type { RateLimits } from '../lib/rateLimits';
import { createLicenseAdmin } from './licenseAdmin';
import { createLicenseAdminRouter } from './licenseAdminRoutes';
import { createLicenseRouter, licenseCors } from './licenseRoutes';
import { createLicenseService } from './licenseService';

/** The license API's CORS on all its answers, refused bodies too, and nothing else. */
export function mountLicenseCors(app: Express): void {
  app.use('/api/licenses', licenseCors);
}

/** The public license API at /api/licenses and the seller's actions under /api/admin. */
export function mountLicenses(
  app: Express,
  shared: {
    db: Firestore;
    mailer: Pick<Transporter, 'sendMail'>;
    config: Pick<ServerConfig, 'MAIL_FROM' | 'SELLER_EMAIL' | 'STORE_NAME'>;
    now: () => Date;
    limits: Pick<RateLimits, 'licenses' | 'licenseKey' | 'admin'>;
    requireAdmin: RequestHandler;
    logError: (message: string, error: unknown) => void;
  },
): void {
  const { db, limits, logError } = shared;
  app.use(
    '/api/licenses',
    createLicenseRouter({
      service: createLicenseService({ db, now: shared.now }),
      clientLimiter: limits.licenses,
      keyLimiter: limits.licenseKey,
      logError,
    }),
  );
  app.use(
    '/api/admin',
    createLicenseAdminRouter({
      requireAdmin: shared.requireAdmin,
      admin: createLicenseAdmin({ db, mailer: shared.mailer, config: shared.config, logError }),
      limiter: limits.admin,
      logError,
    }),
  );
}
