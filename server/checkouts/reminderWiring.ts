// The reminder e-mails' unsubscribe links as the app mounts them (checkouts/reminderRoutes.ts): a page
// and its form POST, never JSON, under the access links' rate limit.
import type { Express, RequestHandler } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import type { ServerConfig } from '../config';
import { createReminderOptOuts } from './reminderOptOuts';
import { createReminderRouter } from './reminderRoutes';

export function mountReminders(
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
  const optOuts = createReminderOptOuts({ db, now });
  app.use('/api/reminders', limits.access, createReminderRouter({ optOuts, storeName: config.STORE_NAME, logError }));
}
