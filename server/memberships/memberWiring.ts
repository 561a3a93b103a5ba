// Members as the app mounts it (docs/memberships.md): the list and the seller's actions at
// /api/admin/memberships, on the purchase wiring's memberships service and refunds; the demo's
// renew and fail buttons only where demo payments are on.
import type { Express, RequestHandler } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import type { ServerConfig } from '../config';
import type { RateLimits } from '../lib/rateLimits';
import type { RefundService } from '../refunds/refundService';
import { createMemberList } from './memberList';
import { createMemberRouter } from './memberRoutes';
import type { Memberships } from './memberships';

export function mountMembers(
  app: Express,
  shared: {
    db: Firestore;
    config: Pick<ServerConfig, 'DEMO_PAYMENTS'>;
    requireAdmin: RequestHandler;
    limits: Pick<RateLimits, 'admin'>;
    purchases: { memberships: Memberships; refunds: RefundService };
    now: () => Date;
    logError: (message: string, error: unknown) => void;
  },
): void {
  const { db, config, requireAdmin, limits, purchases, now, logError } = shared;
  app.use(
    '/api/admin/memberships',
    createMemberRouter({
      requireAdmin,
      memberships: purchases.memberships,
      list: createMemberList({ db, now }),
      refunds: purchases.refunds,
      demo: config.DEMO_PAYMENTS,
      limiter: limits.admin,
      logError,
      now,
    }),
  );
}
