// The API of the local cloud: the same app the deployed API runs (server/app.ts), behind the local
// guard, with the scheduled sweeps on timers and the demo bank that confirms demo transfers.
import { createServer, type Server } from 'node:http';
import type { Firestore } from 'firebase-admin/firestore';
import { createAdminAuth, refuseAllTokens } from '../server/admin/adminAuth';
import {
  createApp,
  createCheckoutExpiry,
  createEmailSweeps,
  createMailingRun,
  createMembershipSweepRun,
  createReminders,
  createSequenceRun,
} from '../server/app';
import { parseServerConfig } from '../server/config';
import { createMailer } from '../server/mailer';
import { projectId } from './authEmulator';
import { createDemoBank } from './demoBank';
import { createDemoPaystackAccounts } from './demoPaystackAccounts';
import { admitLocalRequest, originPolicy } from './guard';
import { closeServer } from './http';

export interface LocalApiOptions {
  /** The API's environment (local/cloudEnv.ts). */
  apiEnv: Record<string, string>;
  db: Firestore;
  host: string;
  port: number;
  /** Browser origins that may call it (the store's). */
  allowedOrigins: readonly string[];
  log: (line: string) => void;
  /** Where it adds what stops it and its timers; the cloud runs them in reverse at its stop. */
  stops: Array<() => Promise<void>>;
  /** How often the e-mail retry, reminder and expiry sweeps run; 0 turns them off. Default one minute. */
  emailRetryMs?: number | undefined;
  /** How often requested purchase links are sent; 0 turns it off. Default one minute. */
  resendSweepMs?: number | undefined;
  /** How often the e-mails to buyers' queue and the after-purchase sequences run; 0 turns them off. Default one minute. */
  mailingSweepMs?: number | undefined;
}

type Sweep = { name: string; run: () => Promise<string | null> };

// Sweeps on a timer, one after the other; a run still going when the next is due is not
// doubled, and each reports only when it did something.
function scheduleSweeps(
  ms: number,
  sweeps: Sweep[],
  log: (line: string) => void,
  stops: Array<() => Promise<void>>,
): void {
  if (ms <= 0) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void (async () => {
      for (const sweep of sweeps) {
        try {
          const done = await sweep.run();
          if (done) log(`${sweep.name}: ${done}`);
        } catch (error) {
          log(`${sweep.name} failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    })().finally(() => {
      running = false;
    });
  }, ms);
  timer.unref();
  stops.push(() => {
    clearInterval(timer);
    return Promise.resolve();
  });
}

export async function startLocalApi({
  apiEnv,
  db,
  host,
  port,
  allowedOrigins,
  log,
  stops,
  emailRetryMs,
  resendSweepMs,
  mailingSweepMs,
}: LocalApiOptions): Promise<{ url: string; port: number }> {
  const config = parseServerConfig(apiEnv);
  const every = (ms: number, sweeps: Sweep[]) => scheduleSweeps(ms, sweeps, log, stops);
  // The API verifies admins' ID tokens against this cloud's Auth emulator; a cloud without one
  // refuses every token.
  const auth = config.FIREBASE_AUTH_EMULATOR_HOST
    ? createAdminAuth({ projectId, emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST })
    : refuseAllTokens;
  const mailer = createMailer(config);
  // Confirms 'Pay by transfer (demo)' after DEMO_TRANSFER_DELAY_MS, through the API's demo webhook.
  const demoBank = createDemoBank({
    apiUrl: () => `http://${host}:${port}`,
    accessLinkSecret: config.ACCESS_LINK_SECRET ?? '',
    delayMs: config.DEMO_TRANSFER_DELAY_MS,
    log,
  });
  stops.push(() => {
    demoBank.stop();
    return Promise.resolve();
  });
  const app = createApp({
    config,
    db,
    mailer,
    auth,
    demoTransferSent: demoBank.transferSent,
    // Paystack's banks and subaccounts for the affiliate program, offline (used in demo mode only).
    paystackAccounts: createDemoPaystackAccounts(),
  });
  // What the deployed scheduled functions do every 15 minutes, here every minute.
  const emailSweeps = createEmailSweeps({ config, db, mailer });
  const reminders = createReminders({ config, db, mailer });
  const expireCheckouts = createCheckoutExpiry({ config, db, mailer });
  const sweepMemberships = createMembershipSweepRun({ config, db, mailer });
  every(emailRetryMs ?? 60_000, [
    {
      name: 'E-mail retry',
      run: async () => {
        const { retried, sent } = await emailSweeps.retryUnsentEmails();
        return retried > 0 ? `${sent} of ${retried} purchases now sent` : null;
      },
    },
    {
      name: 'Checkout reminders',
      run: async () => {
        const { sent, skipped, failed } = await reminders();
        return sent + failed > 0 ? `${sent} sent, ${failed} failed, ${skipped} not needed` : null;
      },
    },
    {
      name: 'Checkout expiry',
      run: async () => {
        const { expired, released } = await expireCheckouts();
        return expired > 0 ? `${expired} expired, ${released} code uses released` : null;
      },
    },
    {
      name: 'Memberships',
      run: async () => {
        const { ended, sent, failed } = await sweepMemberships();
        return ended + sent + failed > 0 ? `${ended} ended, ${sent} e-mails sent, ${failed} failed` : null;
      },
    },
  ]);
  every(resendSweepMs ?? 60_000, [
    {
      name: 'Purchase links',
      run: async () => {
        const { claimed, done } = await emailSweeps.sendResendRequests();
        return claimed > 0 ? `${done} of ${claimed} requests done` : null;
      },
    },
  ]);
  // The deployed scheduled function sendMailings, every minute: the queue of e-mails to buyers, then
  // the after-purchase sequences (docs/emails.md, 'Sending').
  const sendMailings = createMailingRun({ config, db, mailer });
  const sendSequences = createSequenceRun({ config, db, mailer });
  every(mailingSweepMs ?? 60_000, [
    {
      name: 'E-mails to buyers',
      run: async () => {
        const { started, sent, failed, skipped } = await sendMailings();
        return started + sent + failed + skipped > 0
          ? `${started} started, ${sent} sent, ${failed} failed, ${skipped} skipped`
          : null;
      },
    },
    {
      name: 'After-purchase e-mails',
      run: async () => {
        const { sent, failed } = await sendSequences();
        return sent + failed > 0 ? `${sent} sent, ${failed} failed` : null;
      },
    },
  ]);
  // The API answers only to its own Host, and to no other origin than the store's (docs/security.md).
  const access = { port: () => port, allowsOrigin: originPolicy(allowedOrigins) };
  const server = await new Promise<Server>((resolve, reject) => {
    const s = createServer((req, res) => {
      if (admitLocalRequest(req, res, access)) app(req, res);
    });
    s.listen(port, host, () => resolve(s));
    s.once('error', reject);
  });
  stops.push(() => closeServer(server));
  return { url: `http://${host}:${port}`, port };
}
