// The contact form as the app mounts it (POST /api/contact): the service behind its routes, under the
// contact rate limit.
import type { Express, RequestHandler } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import type { ServerConfig } from '../config';
import { createContactRouter } from './contactRoutes';
import { createContactService } from './contactService';

export function mountContact(
  app: Express,
  shared: {
    config: ServerConfig;
    db: Firestore;
    mailer: Pick<Transporter, 'sendMail'>;
    limits: { contact: RequestHandler };
    logError: (message: string, error: unknown) => void;
  },
): void {
  const { config, db, mailer, logError } = shared;
  app.use(
    '/api/contact',
    createContactRouter({
      service: createContactService({ config, db, mailer, logError }),
      limiter: shared.limits.contact,
      logError,
    }),
  );
}
