// Courses in the app (docs/courses.md): the services and routers built once from the app's own
// dependencies (the downloads service, the one session cookie, the bucket), and where they are mounted.
import type { Express, RequestHandler } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import type { ServerConfig } from '../config';
import type { Downloads } from '../downloads/downloads';
import type { FileStorage } from '../files/storage';
import type { RateLimits } from '../lib/rateLimits';
import type { SessionCookies } from '../lib/sessionCookie';
import { createCertificates } from './certificates';
import { createCourseAdmin, type CourseAdmin } from './courseAdmin';
import { createCourseAdminRouter } from './courseAdminRoutes';
import { createLearn } from './learn';
import { createLearnRouter } from './learnRoutes';
import { createPreviews, type Previews } from './previews';
import { createCertificateRouter, createPreviewRouter } from './publicCourseRoutes';

export interface CourseWiringDeps {
  config: ServerConfig;
  db: Firestore;
  files: () => FileStorage | null;
  /** What the course player reads of a buyer's browser, from the purchase wiring. */
  purchases: {
    buyers: {
      downloads: Downloads;
      cookies: SessionCookies;
      librarySessionEmail: (sessionId: string) => Promise<string | null>;
    };
  };
  requireAdmin: RequestHandler;
  limits: RateLimits;
  now: () => Date;
  logError: (message: string, error: unknown) => void;
}

/** The course editor, dropping this instance's kept preview outline whenever it changes a course. */
function forgettingPreviews(admin: CourseAdmin, previews: Previews): CourseAdmin {
  return {
    ...admin,
    save: (productId, ...rest) => admin.save(productId, ...rest).finally(() => previews.forget(productId)),
    attachVideo: (files, productId, ...rest) =>
      admin.attachVideo(files, productId, ...rest).finally(() => previews.forget(productId)),
  };
}

/** Mounts the course routes; call before the app's /api fallback. */
export function mountCourses(app: Express, deps: CourseWiringDeps): void {
  const { config, db, files, now, logError } = deps;
  const buyers = deps.purchases.buyers;
  const previews = createPreviews({ db });
  const certificates = createCertificates({ db, storeName: config.STORE_NAME, storeUrl: config.PUBLIC_STORE_URL });
  app.use(
    '/api/admin/courses',
    createCourseAdminRouter({
      admin: forgettingPreviews(createCourseAdmin({ db, maxVideoBytes: config.MAX_FILE_BYTES, now }), previews),
      storage: files,
      maxVideoBytes: config.MAX_FILE_BYTES,
      requireAdmin: deps.requireAdmin,
      limiter: deps.limits.admin,
      logError,
    }),
  );
  app.use(
    '/api/learn',
    deps.limits.learn,
    createLearnRouter({
      learn: createLearn({ db, downloads: buyers.downloads, certificates, now }),
      cookies: buyers.cookies,
      storage: files,
      confirmLimiter: deps.limits.confirm,
      librarySessionEmail: buyers.librarySessionEmail,
      secureCookies: config.PUBLIC_STORE_URL.startsWith('https://'),
      logError,
    }),
  );
  const publicLimiter = deps.limits.coursePages;
  app.use('/api/courses', createPreviewRouter({ previews, storage: files, limiter: publicLimiter, logError }));
  app.use('/api/certificates', createCertificateRouter({ certificates, limiter: publicLimiter, logError }));
}
