// Store health (docs/admin.md, 'Store health'): the checks that need the function's own identity and
// secrets, run together, every one even when another fails, and kept as storeHealth/latest for the
// dashboard's panel, its header mark and `npm run doctor`.
import { Resolver } from 'node:dns/promises';
import type { Firestore } from 'firebase-admin/firestore';
import type { HealthCheckResult, HealthReport } from '../../domain/storeHealth';
import type { ServerConfig } from '../config';
import type { FileStorage } from '../files/storage';
import { createMailer } from '../mailer';
import type { PaypalClient } from '../payments/paypalClient';
import { checkResult } from './checkResult';
import { latestReport, storeReport } from './healthRecords';
import { mailDomainChecks, mailFailuresCheck, smtpCheck, type TxtResolver } from './mailChecks';
import { paypalWebhookCheck, paystackKeyModeCheck, paystackWebhookCheck } from './paymentChecks';
import { signingCheck } from './signingCheck';

export interface StoreHealthDeps {
  config: ServerConfig;
  db: Firestore;
  files: () => FileStorage | null;
  paypal: PaypalClient | null;
  /** The DNS the mail checks ask; by default the machine's resolver. */
  dns?: TxtResolver;
  /** Logs in to the mail server; by default a fresh connection with the store's SMTP settings. */
  verifySmtp?: () => Promise<unknown>;
  now: () => Date;
  logError: (message: string, error: unknown) => void;
}

export interface StoreHealth {
  /** Runs every check now, stores the report and answers it. */
  run(): Promise<HealthReport>;
  /** The last stored report, or null before the first run. */
  latest(): Promise<HealthReport | null>;
}

function defaultResolver(): TxtResolver {
  return new Resolver({ timeout: 5_000, tries: 2 });
}

function smtpLogin(config: ServerConfig): () => Promise<unknown> {
  return async () => {
    const transport = createMailer(config);
    try {
      return await transport.verify();
    } finally {
      transport.close();
    }
  };
}

export function createStoreHealth(deps: StoreHealthDeps): StoreHealth {
  const { config, db, logError } = deps;
  const dns = deps.dns ?? defaultResolver();
  const verifySmtp = deps.verifySmtp ?? smtpLogin(config);

  /** A check that throws still answers, in words; the error goes to the log. */
  const guarded = async (id: string, title: string, run: () => Promise<HealthCheckResult[]>) => {
    try {
      return await run();
    } catch (error) {
      logError(`Store health: the ${id} check failed`, error);
      return [
        checkResult(
          id,
          title,
          'critical',
          'The check could not finish.',
          "Run the checks again; if it stays, see the function's logs.",
        ),
      ];
    }
  };

  return {
    async run() {
      const now = deps.now();
      const one = (check: Promise<HealthCheckResult>) => check.then((result) => [result]);
      const groups = await Promise.all([
        guarded('signing', 'Signed download links', () =>
          one(signingCheck(deps.files(), { projectId: config.FIREBASE_PROJECT_ID, now })),
        ),
        guarded('paystack-key-mode', 'Paystack keys', () => one(Promise.resolve(paystackKeyModeCheck(config)))),
        guarded('paystack-webhook', 'Paystack webhook', () => one(paystackWebhookCheck(config, db, now))),
        guarded('paypal-webhook', 'PayPal webhook', () => one(paypalWebhookCheck(config, deps.paypal))),
        guarded('smtp', 'Mail server', () => one(smtpCheck(config, verifySmtp))),
        guarded('mail-domain', 'Sender domain', () => mailDomainChecks(config, dns)),
        guarded('mail-failures', 'Failed e-mails', () => one(mailFailuresCheck(db, now))),
      ]);
      const report: HealthReport = { checks: groups.flat(), ranAt: now.toISOString() };
      await storeReport(db, report);
      return report;
    },
    latest: () => latestReport(db),
  };
}
