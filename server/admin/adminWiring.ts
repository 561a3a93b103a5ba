// What the dashboard asks the API for, as the app mounts it (docs/admin.md): the admin account e-mails,
// cover images on the image host, and the per-sale actions, each service behind its routes.
import type { Express, RequestHandler } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import type { ServerConfig } from '../config';
import type { RateLimits } from '../lib/rateLimits';
import type { PurchaseMailDeps } from '../mail/orderMails';
import type { AccessLinks } from '../orders/accessLinks';
import type { Fulfilment } from '../orders/fulfilment';
import { refuseAllTokens, type AccountActions, type IdTokenVerifier } from './adminAuth';
import { createAccountMailRouter } from './accountMailRoutes';
import { createAccountMails } from './accountMails';
import { createCloudinaryClient } from './cloudinaryClient';
import { createImageRouter } from './imageRoutes';
import { createSaleActions } from './saleActions';
import { createSaleRouter } from './saleRoutes';

type LogError = (message: string, error: unknown) => void;

/** The service and its routes at /api/admin-account; without Auth every token is refused. */
export function mountAccountMails(
  app: Express,
  shared: Pick<PurchaseMailDeps, 'mailer'> & {
    auth?: IdTokenVerifier & Partial<AccountActions>;
    config: Pick<ServerConfig, 'MAIL_FROM' | 'STORE_NAME' | 'PUBLIC_STORE_URL'>;
    limits: Pick<RateLimits, 'accountMail' | 'accountMailAddress'>;
    logError: LogError;
  },
): void {
  const { mailer, config, limits, logError } = shared;
  const auth = { ...refuseAllTokens, ...shared.auth };
  app.use(
    '/api/admin-account',
    createAccountMailRouter({
      mails: createAccountMails({ auth, mailer, config }),
      auth,
      clientLimiter: limits.accountMail,
      addressLimiter: limits.accountMailAddress,
      logError,
    }),
  );
}

/** The image host's client when its three keys are set; null leaves the image routes refusing. */
function cloudinaryFor(config: ServerConfig, now: () => Date) {
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

/** Signing cover uploads and deleting images, admins only, under the admin rate limit. */
export function mountImages(
  app: Express,
  shared: {
    config: ServerConfig;
    requireAdmin: RequestHandler;
    limits: Pick<RateLimits, 'admin'>;
    now: () => Date;
    logError: LogError;
  },
): void {
  const { config, requireAdmin, limits, now, logError } = shared;
  app.use(['/api/uploads', '/api/deleteproductimage'], limits.admin);
  app.use('/api', createImageRouter({ requireAdmin, cloudinary: cloudinaryFor(config, now), logError }));
}

/** The per-sale actions at /api/admin/transactions (resend, access, download reset). */
export function mountSales(
  app: Express,
  shared: PurchaseMailDeps & {
    db: Firestore;
    requireAdmin: RequestHandler;
    limits: Pick<RateLimits, 'admin'>;
    purchases: { links: AccessLinks; fulfilment: Pick<Fulfilment, 'ensureAccess'> };
    now: () => Date;
    logError: LogError;
  },
): void {
  const { db, mailer, config, requireAdmin, limits, now, logError } = shared;
  const { links, fulfilment } = shared.purchases;
  app.use(
    '/api/admin/transactions',
    createSaleRouter({
      requireAdmin,
      actions: createSaleActions({ db, mailer, config, links, fulfilment, logError, now }),
      limiter: limits.admin,
      logError,
    }),
  );
}
