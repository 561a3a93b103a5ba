// E-mails to buyers as the app mounts them (docs/emails.md): the admin's routes under the admin limit.
import type { Express, RequestHandler } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import type { ServerConfig } from '../config';
import { createMailings } from './mailings';
import { createMailingRouter } from './mailingRoutes';
import { createUnsubscribeRouter } from './unsubscribeRoutes';
import { createUnsubscribes } from './unsubscribes';

export function mountMailings(
  app: Express,
  shared: {
    db: Firestore;
    mailer: Pick<Transporter, 'sendMail'>;
    config: Pick<ServerConfig, 'MAIL_FROM' | 'SELLER_EMAIL' | 'STORE_NAME'>;
    requireAdmin: RequestHandler;
    limits: { admin: RequestHandler };
    now: () => Date;
    logError: (message: string, error: unknown) => void;
  },
): void {
  const { db, mailer, config, requireAdmin, limits, now, logError } = shared;
  const mailings = createMailings({ db, mailer, config, now });
  app.use('/api/admin/mailings', createMailingRouter({ mailings, requireAdmin, limiter: limits.admin, logError }));
}

/**
 * The unsubscribe links of e-mails to buyers: a page and its form POST (or a mail client's one-click
 * POST), never JSON, under the access links' rate limit; mounted before the JSON body check.
 */
export function mountUnsubscribe(
  app: Express,
  shared: {
    db: Firestore;
    config: Pick<ServerConfig, 'STORE_NAME'>;
    limits: { access: RequestHandler };
    now: () => Date;
    logError: (message: string, error: unknown) => void;
  },
): void {
  const { db, config, limits, now, logError } = shared;
  const unsubscribes = createUnsubscribes({ db, now });
  app.use(
    '/api/unsubscribe',
    limits.access,
    createUnsubscribeRouter({ unsubscribes, storeName: config.STORE_NAME, logError }),
  );
}
