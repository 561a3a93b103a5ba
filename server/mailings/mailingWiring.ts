// E-mails to buyers as the app mounts them (docs/emails.md): the admin's routes under the admin limit, and
// the mail provider's signed event webhook (bounces and complaints).
import type { Express, Request, RequestHandler } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import type { ServerConfig } from '../config';
import { createMailings } from './mailings';
import { createLibraryMailingRouter } from './libraryMailingRoutes';
import { createLibraryMailings } from './libraryMailings';
import { createMailEventRouter } from './mailEventRoutes';
import { createMailEvents } from './mailgunEvents';
import { createMailingRouter } from './mailingRoutes';
import { createSequenceRouter } from './sequenceRoutes';
import { createSequences } from './sequences';
import { createSuppressions } from './suppressions';
import { createUnsubscribeRouter } from './unsubscribeRoutes';
import { createUnsubscribes } from './unsubscribes';

export function mountMailings(
  app: Express,
  shared: {
    db: Firestore;
    mailer: Pick<Transporter, 'sendMail'>;
    config: Pick<ServerConfig, 'MAIL_FROM' | 'SELLER_EMAIL' | 'STORE_NAME' | 'MAILGUN_WEBHOOK_SIGNING_KEY'>;
    requireAdmin: RequestHandler;
    limits: { admin: RequestHandler; access: RequestHandler };
    purchases: { signedInEmail: (req: Pick<Request, 'get'>) => Promise<string | null> };
    now: () => Date;
    logError: (message: string, error: unknown) => void;
  },
): void {
  const { db, mailer, config, requireAdmin, limits, now, logError } = shared;
  const mailings = createMailings({ db, mailer, config, now });
  app.use('/api/admin/mailings', createMailingRouter({ mailings, requireAdmin, limiter: limits.admin, logError }));
  app.use(
    '/api/library/mailings',
    limits.access,
    createLibraryMailingRouter({
      mailings: createLibraryMailings({ db, suppressions: createSuppressions({ db, now }) }),
      signedInEmail: shared.purchases.signedInEmail,
      logError,
    }),
  );
  const sequences = createSequences({ db, now });
  app.use('/api/admin/sequences', createSequenceRouter({ sequences, requireAdmin, limiter: limits.admin, logError }));
  const signingKey = config.MAILGUN_WEBHOOK_SIGNING_KEY;
  const suppressions = createSuppressions({ db, now });
  const events = signingKey ? createMailEvents({ db, suppressions, signingKey, now }) : null;
  app.use('/api/webhooks/mailgun', createMailEventRouter({ events, logError }));
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
