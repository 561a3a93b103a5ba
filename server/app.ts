// The API (DESIGN §2, STYLE §10): one app built from injected dependencies, so tests and the local
// cloud run the very code that deploys as a Firebase function. Handlers stay thin.
import express, { type ErrorRequestHandler, type Express } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import type { ServerConfig } from './config';
import { createContactRouter } from './contact/contactRoutes';
import { createContactService } from './contact/contactService';
import { applyHttpSecurity, bodyTooLarge, jsonBodies } from './lib/httpSecurity';
import { createRateLimits } from './lib/rateLimits';

export interface AppDeps {
  config: ServerConfig;
  db: Firestore;
  mailer: Pick<Transporter, 'sendMail'>;
  now?: () => Date;
  /** Where failures that do not reach the client are reported; console.error goes to Cloud Logging. */
  logError?: (message: string, error: unknown) => void;
}

function logToConsole(message: string, error: unknown): void {
  console.error(message, error);
}

export function createApp(deps: AppDeps): Express {
  const logError = deps.logError ?? logToConsole;
  const app = express();
  // --- Hardening (issue 9): headers, proxy hops, JSON-only bodies, size limit, rate limits. ---
  applyHttpSecurity(app, { trustProxyHops: deps.config.TRUST_PROXY_HOPS });
  const limits = createRateLimits(deps.config);
  // --- end hardening ---
  app.use(jsonBodies());

  app.get('/api/health', (_req, res) => {
    res.json({ ok: true, project: deps.config.FIREBASE_PROJECT_ID });
  });

  app.use(
    '/api/contact',
    createContactRouter({
      service: createContactService({ config: deps.config, db: deps.db, mailer: deps.mailer, logError }),
      limiter: limits.contact,
      logError,
    }),
  );

  app.use('/api', (_req, res) => {
    res.status(404).json({ message: 'Not found' });
  });

  // Bodies that are not JSON, or too large, get a readable message; never a stack trace.
  const onError: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
    const status =
      typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
        ? error.status
        : 500;
    const message =
      status === 413
        ? bodyTooLarge
        : status < 500
          ? 'The request body is not valid JSON.'
          : 'Something went wrong. Please try again.';
    res.status(status).json({ message });
  };
  app.use(onError);
  return app;
}
