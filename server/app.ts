// The API (DESIGN §2, STYLE §10): one app built from injected dependencies, so tests and the local
// cloud run the very code that deploys as a Firebase function. Handlers stay thin.
import express, { type ErrorRequestHandler, type Express } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import type { ServerConfig } from './config';

export interface AppDeps {
  config: ServerConfig;
  db: Firestore;
  mailer: Pick<Transporter, 'sendMail'>;
  now?: () => Date;
}

export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', true);
  app.use(express.json({ limit: '32kb' }));

  app.get('/api/health', (_req, res) => {
    res.json({ ok: true, project: deps.config.FIREBASE_PROJECT_ID });
  });

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
      status === 413 ? 'The request is too large.' : status < 500 ? 'The request body is not valid JSON.' : 'Something went wrong. Please try again.';
    res.status(status).json({ message });
  };
  app.use(onError);
  return app;
}
