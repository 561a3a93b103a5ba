// The affiliate program as the app mounts it (docs/affiliates.md): Paystack's bank and subaccount
// endpoints (or, in the local stack's demo mode, the stand-in the app was given), the services, and
// the public and admin routers with their rate limits.
import type { Express, Request, RequestHandler } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import type { ServerConfig } from '../config';
import type { RateLimits } from '../lib/rateLimits';
import { createPaystackAccounts, type PaystackAccounts } from '../payments/paystackAccounts';
import type { Affiliates } from './affiliates';
import { createAffiliatePage } from './affiliatePage';
import { createAffiliateAdminRouter, createAffiliateRouter } from './affiliateRoutes';
import type { Commissions } from './commissions';

/**
 * Paystack's own endpoints when its key is set; otherwise the local stand-in, accepted only in demo
 * mode (DEMO_PAYMENTS, which only the local stack sets); otherwise none (bank payouts unavailable).
 */
export function paystackAccountsFor(
  config: Pick<ServerConfig, 'PAYSTACK_SECRET_KEY' | 'PAYSTACK_BASE_URL' | 'PROVIDER_TIMEOUT_MS' | 'DEMO_PAYMENTS'>,
  standIn: PaystackAccounts | undefined,
): PaystackAccounts | null {
  if (config.PAYSTACK_SECRET_KEY) {
    return createPaystackAccounts({
      secretKey: config.PAYSTACK_SECRET_KEY,
      baseUrl: config.PAYSTACK_BASE_URL,
      timeoutMs: config.PROVIDER_TIMEOUT_MS,
    });
  }
  return config.DEMO_PAYMENTS && standIn ? standIn : null;
}

/** The affiliates' public routes at /api/affiliates and the seller's at /api/admin/affiliates. */
export function mountAffiliates(
  app: Express,
  shared: {
    db: Firestore;
    purchases: {
      affiliates: Affiliates;
      commissions: Commissions;
      /** Affiliates sign in to their page as buyers do to the library: the same mailed code and session. */
      signedInEmail: (req: Pick<Request, 'get'>) => Promise<string | null>;
    };
    requireAdmin: RequestHandler;
    limits: Pick<RateLimits, 'contact' | 'access' | 'admin'>;
    logError: (message: string, error: unknown) => void;
  },
): void {
  const { db, requireAdmin, limits, logError } = shared;
  const { affiliates, commissions, signedInEmail } = shared.purchases;
  const publicApi = createAffiliateRouter({
    affiliates,
    page: createAffiliatePage({ db, affiliates, commissions }),
    signedInEmail,
    // Applications and account checks send e-mails and call Paystack: the contact form's limit.
    applyLimiter: limits.contact,
    clickLimiter: limits.access,
    logError,
  });
  const admin = createAffiliateAdminRouter({ affiliates, commissions, requireAdmin, limiter: limits.admin, logError });
  app.use('/api/affiliates', publicApi).use('/api/admin/affiliates', admin);
}
