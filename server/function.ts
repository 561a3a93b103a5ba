// The deployed API: one HTTPS function behind the hosting rewrite /api/** (firebase.json), running
// the same createApp as the local cloud and the tests.
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import {
  createApp,
  createCheckoutExpiry,
  createEmailRetry,
  createHealthRun,
  createMailingRun,
  createMembershipSweepRun,
  createReviewRequestRun,
  createSequenceRun,
  createReminders,
  type AppDeps,
} from './app';
import { lagosTimeZone } from '../domain/lagosDates';
import { hasCritical } from '../domain/storeHealth';
import { parseServerConfig } from './config';
import { createAdminAuth } from './admin/adminAuth';
import { assertDeployedEnvironment } from './lib/deployGuards';
import { createAdminFirestore } from './lib/firestoreAdmin';
import { createMailer } from './mailer';

// Secret values come from Secret Manager (`firebase functions:secrets:set NAME`) as environment
// variables; everything else from the .env file deployed with the function (docs/deploy.md).
const secrets = [
  'SMTP_PASS',
  'PAYSTACK_SECRET_KEY',
  'PAYPAL_CLIENT_SECRET',
  'CLOUDINARY_API_SECRET',
  'ACCESS_LINK_SECRET',
  'MAILGUN_WEBHOOK_SIGNING_KEY',
];

function appDeps(): AppDeps {
  assertDeployedEnvironment(process.env);
  // Cloud Functions names the project in GCLOUD_PROJECT; FIREBASE_PROJECT_ID may override it.
  const config = parseServerConfig({
    ...process.env,
    FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? process.env.GCLOUD_PROJECT,
  });
  if (config.DEMO_PAYMENTS) throw new Error('DEMO_PAYMENTS must never be set on the deployed API.');
  // Without it every cold start would mint new access links and the old ones would stop answering
  // replays; a deployment must keep one fixed secret.
  if (!config.ACCESS_LINK_SECRET) throw new Error('ACCESS_LINK_SECRET must be set on the deployed API.');
  return {
    config,
    db: createAdminFirestore({ projectId: config.FIREBASE_PROJECT_ID }),
    mailer: createMailer(config),
    auth: createAdminAuth({ projectId: config.FIREBASE_PROJECT_ID }),
  };
}

let app: ReturnType<typeof createApp> | undefined;
let retryEmailsNow: ReturnType<typeof createEmailRetry> | undefined;
let sendRemindersNow: ReturnType<typeof createReminders> | undefined;
let expireCheckoutsNow: ReturnType<typeof createCheckoutExpiry> | undefined;
let sweepMembershipsNow: ReturnType<typeof createMembershipSweepRun> | undefined;
let checkHealthNow: ReturnType<typeof createHealthRun> | undefined;
let sendMailingsNow: ReturnType<typeof createMailingRun> | undefined;
let sendSequencesNow: ReturnType<typeof createSequenceRun> | undefined;
let sendReviewRequestsNow: ReturnType<typeof createReviewRequestRun> | undefined;

// The rate limits count per instance (server/lib/rateLimits.ts): maxInstances bounds both the
// bill under a flood and how many windows a client can spread its requests over.
export const api = onRequest({ region: 'us-central1', secrets, memory: '256MiB', maxInstances: 10 }, (req, res) => {
  // Built on the first request, not at import: the deploy tool loads this file to read the
  // function's settings, without the runtime environment.
  app ??= createApp(appDeps());
  app(req, res);
});

// A purchase whose e-mail failed (the mail server was down) is recorded and its access link works;
// this sends what is still unsent, so the buyer gets the e-mail without asking, and the purchase
// links buyers asked for at /purchases, which the API only records (docs/payments.md).
export const retryEmails = onSchedule(
  { schedule: 'every 15 minutes', region: 'us-central1', secrets, memory: '256MiB', maxInstances: 1 },
  async () => {
    retryEmailsNow ??= createEmailRetry(appDeps());
    const outcome = await retryEmailsNow();
    if (outcome.retried > 0) console.log(`E-mail retry: ${outcome.sent} of ${outcome.retried} purchases now sent`);
    if (outcome.resends.claimed > 0) {
      console.log(`Purchase links: ${outcome.resends.done} of ${outcome.resends.claimed} requests done`);
    }
  },
);

// One reminder per checkout left unpaid for an hour (docs/payments.md, 'Checkout reminders').
export const sendReminders = onSchedule(
  { schedule: 'every 15 minutes', region: 'us-central1', secrets, memory: '256MiB', maxInstances: 1 },
  async () => {
    sendRemindersNow ??= createReminders(appDeps());
    const { sent, failed } = await sendRemindersNow();
    if (sent + failed > 0) console.log(`Checkout reminders: ${sent} sent, ${failed} failed`);
  },
);

// Unpaid checkouts past their expiry give back the discount code use they held (docs/payments.md,
// 'Discount codes'); a payment arriving later still fulfils against its checkout.
export const expireCheckouts = onSchedule(
  { schedule: 'every 15 minutes', region: 'us-central1', secrets, memory: '256MiB', maxInstances: 1 },
  async () => {
    expireCheckoutsNow ??= createCheckoutExpiry(appDeps());
    const { expired, released } = await expireCheckoutsNow();
    if (expired > 0) console.log(`Checkout expiry: ${expired} expired, ${released} code uses released`);
    // Then the memberships (docs/memberships.md, 'The sweep'): plans past their grace end, e-mails owed go.
    sweepMembershipsNow ??= createMembershipSweepRun(appDeps());
    const plans = await sweepMembershipsNow();
    if (plans.ended + plans.sent + plans.failed > 0) {
      console.log(`Memberships: ${plans.ended} ended, ${plans.sent} e-mails sent, ${plans.failed} failed`);
    }
  },
);

// The send queue of e-mails to buyers (docs/emails.md, 'Sending'): each run sends at most
// MAILING_RATE_PER_MINUTE and resumes whatever a crash or a deploy interrupted; then the after-purchase
// sequences' e-mails that came due, and the review requests (docs/reviews.md).
export const sendMailings = onSchedule(
  {
    schedule: 'every 1 minutes',
    region: 'us-central1',
    secrets,
    memory: '256MiB',
    maxInstances: 1,
    timeoutSeconds: 540,
  },
  async () => {
    sendMailingsNow ??= createMailingRun(appDeps());
    const { started, sent, failed, skipped } = await sendMailingsNow();
    if (started + sent + failed + skipped > 0) {
      console.log(`E-mails to buyers: ${started} started, ${sent} sent, ${failed} failed, ${skipped} skipped`);
    }
    sendSequencesNow ??= createSequenceRun(appDeps());
    const sequences = await sendSequencesNow();
    if (sequences.sent + sequences.failed > 0) {
      console.log(`After-purchase e-mails: ${sequences.sent} sent, ${sequences.failed} failed`);
    }
    sendReviewRequestsNow ??= createReviewRequestRun(appDeps());
    const requests = await sendReviewRequestsNow();
    if (requests.sent + requests.failed > 0) {
      console.log(`Review requests: ${requests.sent} sent, ${requests.failed} failed`);
    }
  },
);

// Store health's checks once a day, kept as storeHealth/latest (docs/admin.md, 'Store health'): a
// problem that starts at night shows in the dashboard in the morning.
export const checkStoreHealth = onSchedule(
  {
    schedule: 'every day 06:00',
    timeZone: lagosTimeZone,
    region: 'us-central1',
    secrets,
    memory: '256MiB',
    maxInstances: 1,
  },
  async () => {
    checkHealthNow ??= createHealthRun(appDeps());
    const report = await checkHealthNow();
    const critical = report.checks.filter((check) => check.status === 'critical').map((check) => check.id);
    if (hasCritical(report.checks)) console.error(`Store health: critical checks ${critical.join(', ')}`);
  },
);
