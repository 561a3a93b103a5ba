// The public license API as the app mounts it (docs/licenses.md): the service over Firestore behind
// the routes, with the license rate limits of server/lib/rateLimits.ts.
import type { Firestore } from 'firebase-admin/firestore';
import type { RateLimits } from '../lib/rateLimits';
import { createLicenseRouter } from './licenseRoutes';
import { createLicenseService } from './licenseService';

export { licenseCors } from './licenseRoutes';
export { createBuyerLicenses } from './buyerLicenses';

export function createLicenseApi(deps: {
  db: Firestore;
  now: () => Date;
  limits: Pick<RateLimits, 'licenses' | 'licenseKey'>;
  logError: (message: string, error: unknown) => void;
}) {
  return createLicenseRouter({
    service: createLicenseService({ db: deps.db, now: deps.now }),
    clientLimiter: deps.limits.licenses,
    keyLimiter: deps.limits.licenseKey,
    logError: deps.logError,
  });
}
