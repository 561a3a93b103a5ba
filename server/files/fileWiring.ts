// The admin's deliverable files as the app mounts them (docs/files.md): the file service behind its
// routes at /api/admin/products, on the one bucket, admins only, under the admin rate limit.
import type { Express, RequestHandler } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import type { ServerConfig } from '../config';
import { createFileRouter } from './fileRoutes';
import { createFileService } from './fileService';
import { inspectPdf } from './pdfStamp';
import type { FileStorage } from './storage';

export function mountFiles(
  app: Express,
  shared: {
    db: Firestore;
    config: Pick<ServerConfig, 'MAX_FILE_BYTES'>;
    files: () => FileStorage | null;
    requireAdmin: RequestHandler;
    limits: { admin: RequestHandler };
    logError: (message: string, error: unknown) => void;
  },
): void {
  const { db, config, logError } = shared;
  app.use(
    '/api/admin/products',
    createFileRouter({
      service: createFileService({ db, inspectPdf, maxFileBytes: config.MAX_FILE_BYTES }),
      storage: shared.files,
      maxFileBytes: config.MAX_FILE_BYTES,
      requireAdmin: shared.requireAdmin,
      limiter: shared.limits.admin,
      logError,
    }),
  );
}
