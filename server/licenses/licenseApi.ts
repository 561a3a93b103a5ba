// The license routes as the app mounts them (docs/licenses.md): the public API (service over Firestore
// behind the routes, with the license rate limits of server/lib/rateLimits.ts) and the seller's
// actions (admins only, the admin rate limit).
import type { RequestHandler } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import type { ServerConfig } from '../config';
import type { RateLimits } from '../lib/rateLimits';
import { createLicenseAdmin } from './licenseAdmin';
import { createLicenseAdminRouter } from './licenseAdminRoutes';
import { createLicenseRouter } from './licenseRoutes';
import { createLicenseService } from './licenseService';

export { licenseCors } from './licenseRoutes';
export { createBuyerLicenses } from './buyerLicenses';

export function createLicenseRoutes(deps: {
  db: Firestore;
  mailer: Pick<Transporter, 'sendMail'>;
  config: Pick<ServerConfig, 'MAIL_FROM' | 'SELLER_EMAIL' | 'STORE_NAME'>;
  now: () => Date;
  limits: Pick<RateLimits, 'licenses' | 'licenseKey' | 'admin'>;
  requireAdmin: RequestHandler;
  logError: (message: string, error: unknown) => void;
}) {
  const { db, limits, logError } = deps;
  return {
    publicApi: createLicenseRouter({
      service: createLicenseService({ db, now: deps.now }),
      clientLimiter: limits.licenses,
      keyLimiter: limits.licenseKey,
      logError,
    }),
    admin: createLicenseAdminRouter({
      requireAdmin: deps.requireAdmin,
      admin: createLicenseAdmin({ db, mailer: deps.mailer, config: deps.config, logError }),
      limiter: limits.admin,
      logError,
    }),
  };
}
