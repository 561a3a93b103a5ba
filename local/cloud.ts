// The local cloud (docs/local-cloud.md): Firestore emulator, Auth emulator, image host, Cloud Storage
// stand-in, mail catcher and the API, started together for `npm start` and for the integration and e2e
// tests.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import type { Firestore } from 'firebase-admin/firestore';
import { createAdminAuth, refuseAllTokens } from '../server/admin/adminAuth';
import { createApp, createCheckoutExpiry, createEmailSweeps, createReminders } from '../server/app';
import { createDemoBank } from './demoBank';
import { createDemoPaystackAccounts } from './demoPaystackAccounts';
import { parseServerConfig } from '../server/config';
import { createAdminFirestore } from '../server/lib/firestoreAdmin';
import { createMailer } from '../server/mailer';
import { projectId, startAuthEmulator, type AuthEmulator } from './authEmulator';
import { startFirestoreEmulator, type FirestoreEmulator } from './firestore/server';
import { admitLocalRequest, originPolicy, storeOrigins } from './guard';
import { closeServer } from './http';
import { startImageHost, type ImageHost } from './images/imageHost';
import { startMailCatcher, type MailCatcher } from './mail/mailCatcher';
import { loadOrCreateServiceAccount } from './storage/serviceAccount';
import { startStorageHost, type StorageHost } from './storage/storageHost';
import { freePort } from './ports';
import { relinkLocalCovers, seedCatalog, seedDemoAdmin } from './seed/seed';
import { seedDemoCourse } from './seed/demoCourse';
import { seedDemoFiles } from './seed/demoFiles';
import { seedAffiliateProgram } from './seed/affiliates';
import { createFileStorage } from '../server/files/storage';
import { localBuildVersion } from '../server/health/buildVersion';

export { projectId };

export interface CloudPorts {
  firestore: number;
  auth: number;
  authHub: number;
  authLogging: number;
  images: number;
  storage: number;
  smtp: number;
  mail: number;
  api: number;
}

export interface CloudOptions {
  /** Where data lives between runs; each part keeps its own file or folder inside. */
  dataDir: string;
  /** 0 = any free port. */
  ports?: Partial<CloudPorts>;
  /** Persist Firestore (and Auth accounts) across restarts. Tests run in memory. */
  persist?: boolean;
  withAuth?: boolean;
  withApi?: boolean;
  /** The composite indexes queries may use; default the project's firestore.indexes.json (as deployed). */
  indexesFile?: string;
  /** Seed the demo catalog when the database is new. */
  seed?: boolean;
  /** The store's public origin, used in e-mails (access links). */
  storeUrl?: string;
  /** Other browser origins that may call the emulator, image host and API (a second test store). */
  extraOrigins?: readonly string[];
  /**
   * The security rules the Firestore emulator enforces: the project's firestore.rules unless another
   * file is given; `false` runs it open (every request allowed), for tests of the emulator itself.
   */
  rulesFile?: string | false;
  /** Extra API environment (tests point provider base URLs at msw, lower rate limits, ...). */
  apiEnv?: Record<string, string>;
  log?: (line: string) => void;
  /**
   * With the API: how often the scheduled sweeps run (the e-mails of purchases whose mail failed,
   * checkout reminders; the deployed scheduled functions run every 15 minutes). 0 turns them off,
   * for tests that watch a failed e-mail stay failed until they retry it themselves. Default one
   * minute.
   */
  emailRetryMs?: number;
  /**
   * With the API: how often it sends the purchase links buyers asked for at /purchases (the API only
   * records the requests; deployed, the same scheduled function sends them). 0 turns it off, for
   * tests that run the sweep themselves. Default one minute.
   */
  resendSweepMs?: number;
}

export interface Cloud {
  projectId: string;
  firestore: FirestoreEmulator;
  auth: AuthEmulator | null;
  images: ImageHost;
  /** The Cloud Storage stand-in, its bucket, and the key file the API signs URLs with. */
  storage: StorageHost & { bucket: string; keyFile: string };
  mail: MailCatcher;
  api: { url: string; port: number } | null;
  db: Firestore;
  /** VITE_* variables that point the SPA at this cloud. */
  webEnv: Record<string, string>;
  /** The API's environment (what server/config.ts reads). */
  apiEnv: Record<string, string>;
  seeded: boolean;
  stop(): Promise<void>;
}

/**
 * This cloud's stand-in for each production origin the hosting CSP allows, for a store served with
 * Hosting's headers (scripts/pagesServer.ts): the emulators, the image host, and the geo-IP
 * lookup at `geoIpUrl`.
 */
export function cspStandIns(cloud: Cloud, geoIpUrl?: string): Record<string, string[]> {
  const auth = cloud.auth ? [cloud.auth.url] : [];
  return {
    'https://firestore.googleapis.com': [`http://127.0.0.1:${cloud.firestore.port}`],
    'https://identitytoolkit.googleapis.com': auth,
    'https://securetoken.googleapis.com': auth,
    'https://api.cloudinary.com': [cloud.images.url],
    'https://res.cloudinary.com': [cloud.images.url],
    'https://storage.googleapis.com': [cloud.storage.url],
    // A test's own geo-IP service; without one the store asks the real one, which the CSP names.
    ...(geoIpUrl ? { 'https://ipapi.co': [new URL(geoIpUrl).origin] } : {}),
  };
}

/** The rules that deploy (firebase.json), enforced by the local cloud too. */
export const projectRulesFile = resolve(import.meta.dirname, '../firestore.rules');

/**
 * The demo store's one contact address: the footer and contact page show it, and the store's e-mails
 * name it (SELLER_EMAIL: their reply-to and the seller's copies).
 */
export const demoContactEmail = 'seller@digitalstore.test';

export const storeIdentity = {
  VITE_STORE_NAME: 'Digital Store',
  VITE_COMPANY_NAME: 'Digital Store Ltd',
  VITE_CONTACT_EMAIL: demoContactEmail,
  VITE_CONTACT_PHONE: '+234 800 000 0000',
  VITE_PRODUCT_SITE_URL: 'https://www.digitalstore.test',
  VITE_DEFAULT_AUTHOR: 'Digital Store Content Team',
};

const providerVariables = [
  'PAYSTACK_SECRET_KEY',
  'PAYSTACK_BASE_URL',
  'PAYPAL_CLIENT_ID',
  'PAYPAL_CLIENT_SECRET',
  'PAYPAL_BASE_URL',
  'PAYPAL_MERCHANT_ID',
  // Not a provider's, but the demo bank's stand-in for one: `DEMO_TRANSFER_DELAY_MS=20000 npm start`.
  'DEMO_TRANSFER_DELAY_MS',
] as const;

function providerEnvFromShell(): Record<string, string> {
  return Object.fromEntries(
    providerVariables.flatMap((name) => {
      const value = process.env[name]?.trim();
      return value ? [[name, value]] : [];
    }),
  );
}

// The local image host checks signatures with these, as Cloudinary does with the account's; the
// API signs with the same pair. Local only: the deployed API reads real ones from Secret Manager.
const imageHostCredentials = { apiKey: 'local-key', apiSecret: 'local-secret' };

async function resolvePorts(wanted: Partial<CloudPorts> = {}): Promise<CloudPorts> {
  const pick = async (port: number | undefined) => (port ? port : freePort());
  return {
    firestore: await pick(wanted.firestore),
    auth: await pick(wanted.auth),
    authHub: await pick(wanted.authHub),
    authLogging: await pick(wanted.authLogging),
    images: await pick(wanted.images),
    storage: await pick(wanted.storage),
    smtp: await pick(wanted.smtp),
    mail: await pick(wanted.mail),
    api: await pick(wanted.api),
  };
}

export async function startCloud(options: CloudOptions): Promise<Cloud> {
  const log = options.log ?? (() => {});
  const ports = await resolvePorts(options.ports);
  const host = '127.0.0.1';
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const fn of stops.reverse()) {
      try {
        await fn();
      } catch (error) {
        log(`while stopping: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    stops.length = 0;
  };

  try {
    await mkdir(options.dataDir, { recursive: true });
    const dataFile = options.persist ? join(options.dataDir, 'firestore.json') : undefined;
    // A marker written after a complete seed: a start that failed half-way seeds again next time,
    // while a catalog the admin emptied on purpose stays empty.
    const seedMarker = join(options.dataDir, 'seeded.json');
    const needsSeed = !options.persist || !existsSync(seedMarker);
    const indexesFile = options.indexesFile ?? resolve(import.meta.dirname, '..', 'firestore.indexes.json');
    const storeUrl = options.storeUrl ?? 'http://127.0.0.1:5173';
    // Browser pages of the store may call the emulator and the image host; no other page may.
    const allowedOrigins = [storeUrl, ...(options.extraOrigins ?? [])].flatMap(storeOrigins);
    const rulesFile = options.rulesFile === false ? undefined : (options.rulesFile ?? projectRulesFile);
    const firestore = await startFirestoreEmulator({
      port: ports.firestore,
      host,
      dataFile,
      indexesFile,
      allowedOrigins,
      rulesFile,
      log,
    });
    stops.push(() => firestore.close());
    log(`Firestore emulator ready on ${firestore.url}`);

    const images = await startImageHost({
      dir: join(options.dataDir, 'images'),
      port: ports.images,
      host,
      allowedOrigins,
      apiKey: imageHostCredentials.apiKey,
      apiSecret: imageHostCredentials.apiSecret,
    });
    stops.push(() => images.close());

    // The key is made on the first start and kept, like a service account's key file; the stand-in
    // gets only its public half.
    const account = await loadOrCreateServiceAccount(join(options.dataDir, 'storage-service-account.json'), projectId);
    const bucket = `${projectId}.firebasestorage.app`;
    const storageHost = await startStorageHost({
      dir: join(options.dataDir, 'storage'),
      buckets: [bucket],
      keys: [{ clientEmail: account.clientEmail, publicKey: account.publicKey }],
      port: ports.storage,
      host,
      allowedOrigins,
    });
    stops.push(() => storageHost.close());
    const storage = Object.assign(storageHost, { bucket, keyFile: account.keyFile });
    log(`Cloud Storage stand-in ready on ${storage.url}`);

    const mail = await startMailCatcher({ smtpPort: ports.smtp, webPort: ports.mail, host });
    stops.push(() => mail.close());

    let auth: AuthEmulator | null = null;
    if (options.withAuth) {
      auth = await startAuthEmulator({
        port: ports.auth,
        hubPort: ports.authHub,
        loggingPort: ports.authLogging,
        workDir: join(options.dataDir, 'firebase-cli'),
        persistDir: options.persist ? join(options.dataDir, 'auth') : undefined,
        host,
        allowedOrigins,
      });
      stops.push(() => auth?.stop() ?? Promise.resolve());
      log(`Auth emulator ready on ${auth.url}`);
    }

    const firestoreHost = `${host}:${firestore.port}`;
    const db = createAdminFirestore({ projectId, emulatorHost: firestoreHost });
    const apiEnv: Record<string, string> = {
      FIREBASE_PROJECT_ID: projectId,
      FIRESTORE_EMULATOR_HOST: firestoreHost,
      ...(auth ? { FIREBASE_AUTH_EMULATOR_HOST: `${host}:${auth.port}` } : {}),
      SMTP_HOST: host,
      SMTP_PORT: String(mail.smtpPort),
      MAIL_FROM: 'Digital Store <orders@digitalstore.test>',
      SELLER_EMAIL: demoContactEmail,
      STORE_NAME: storeIdentity.VITE_STORE_NAME,
      PUBLIC_STORE_URL: storeUrl,
      DEMO_PAYMENTS: '1',
      // Fixed, so access links in the local inbox keep working across restarts of npm start.
      ACCESS_LINK_SECRET: 'local-cloud-access-link-secret-not-for-production',
      CLOUDINARY_CLOUD_NAME: images.cloudName,
      CLOUDINARY_API_KEY: imageHostCredentials.apiKey,
      CLOUDINARY_API_SECRET: imageHostCredentials.apiSecret,
      CLOUDINARY_API_BASE: images.url,
      STORAGE_BUCKET: bucket,
      STORAGE_API_ENDPOINT: storage.url,
      STORAGE_KEY_FILE: account.keyFile,
      // The API is reached directly or through Vite's proxy, which adds no X-Forwarded-For entry
      // of its own: only the socket's address is the client's (server/lib/clientAddress.ts).
      TRUST_PROXY_HOPS: '0',
      // What GET /api/health answers, as the functions build writes it for the deployed API.
      BUILD_VERSION: localBuildVersion(resolve(import.meta.dirname, '..')),
      // Provider test keys from the shell (`PAYSTACK_SECRET_KEY=sk_test_... npm start`) let the local
      // store take real sandbox payments; without them only the demo payment is offered.
      // A stand-in merchant id, so the local configuration is complete; with sandbox keys from the
      // shell, PAYPAL_MERCHANT_ID must come from the shell too (the API refuses a client id without it).
      ...(process.env.PAYPAL_CLIENT_ID?.trim() ? {} : { PAYPAL_MERCHANT_ID: 'LOCALSTOREMERCHANT' }),
      ...providerEnvFromShell(),
      ...options.apiEnv,
    };

    // Kept data names the image host of the run that wrote it; covers must reach this run's.
    if (options.persist) {
      const relinked = await relinkLocalCovers(db, images.url, images.cloudName);
      if (relinked > 0) log(`Pointed ${relinked} product covers at the image host on ${images.url}`);
    }

    let seeded = false;
    if (options.seed && needsSeed) {
      const count = await seedCatalog({
        db,
        putImage: (publicId, ext, data) => images.put(publicId, ext, data),
        defaultAuthor: storeIdentity.VITE_DEFAULT_AUTHOR,
      });
      // Two demo products get real files in the storage stand-in, attached as the API attaches uploads.
      const bucket = createFileStorage(parseServerConfig(apiEnv)).bucket;
      const files = await seedDemoFiles({ db, bucket });
      log(`Seeded ${files} demo files into the storage stand-in`);
      // The demo course: its lessons and its short video (docs/courses.md).
      log(`Seeded a demo course of ${await seedDemoCourse({ db, bucket })} lessons`);
      await seedAffiliateProgram(db);
      log('Seeded the affiliate program and its demo affiliate, ADA');
      if (options.persist) await writeFile(seedMarker, JSON.stringify({ seededAt: new Date().toISOString(), count }));
      seeded = true;
      log(`Seeded ${count} catalog documents`);
    }
    if (options.seed && auth) await seedDemoAdmin(db, auth.url);

    let api: Cloud['api'] = null;
    if (options.withApi) {
      const config = parseServerConfig(apiEnv);
      // The API verifies admins' ID tokens against this cloud's Auth emulator; a cloud without one
      // refuses every token.
      const auth = config.FIREBASE_AUTH_EMULATOR_HOST
        ? createAdminAuth({ projectId, emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST })
        : refuseAllTokens;
      const mailer = createMailer(config);
      // Confirms 'Pay by transfer (demo)' after DEMO_TRANSFER_DELAY_MS, through the API's demo webhook.
      const demoBank = createDemoBank({
        apiUrl: () => `http://${host}:${ports.api}`,
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
      type Sweep = { name: string; run: () => Promise<string | null> };
      // Sweeps on a timer, one after the other; a run still going when the next is due is not
      // doubled, and each reports only when it did something.
      const every = (ms: number, sweeps: Sweep[]) => {
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
      };
      // What the deployed scheduled functions do every 15 minutes, here every minute.
      const emailSweeps = createEmailSweeps({ config, db, mailer });
      const reminders = createReminders({ config, db, mailer });
      const expireCheckouts = createCheckoutExpiry({ config, db, mailer });
      every(options.emailRetryMs ?? 60_000, [
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
      ]);
      every(options.resendSweepMs ?? 60_000, [
        {
          name: 'Purchase links',
          run: async () => {
            const { claimed, done } = await emailSweeps.sendResendRequests();
            return claimed > 0 ? `${done} of ${claimed} requests done` : null;
          },
        },
      ]);
      // The API answers only to its own Host, and to no other origin than the store's (docs/security.md).
      const access = { port: () => ports.api, allowsOrigin: originPolicy(allowedOrigins) };
      const server = await new Promise<Server>((resolve, reject) => {
        const s = createServer((req, res) => {
          if (admitLocalRequest(req, res, access)) app(req, res);
        });
        s.listen(ports.api, host, () => resolve(s));
        s.once('error', reject);
      });
      stops.push(() => closeServer(server));
      api = { url: `http://${host}:${ports.api}`, port: ports.api };
    }

    const webEnv: Record<string, string> = {
      VITE_USE_EMULATORS: '1',
      VITE_FIREBASE_PROJECT_ID: projectId,
      VITE_FIREBASE_API_KEY: 'demo-api-key',
      VITE_FIREBASE_AUTH_DOMAIN: 'localhost',
      VITE_FIREBASE_APP_ID: 'demo-app',
      VITE_FIRESTORE_EMULATOR_HOST: firestoreHost,
      VITE_AUTH_EMULATOR_URL: auth?.url ?? `http://${host}:${ports.auth}`,
      VITE_IMAGE_UPLOAD_URL: images.uploadUrl,
      VITE_DEMO_PAYMENTS: '1',
      VITE_CONTACT_URL: '/api/contact',
      // No call leaves the machine: the currency defaults to USD, as after a failed lookup (src/lib/geo.ts).
      VITE_GEOIP_URL: 'off',
      // Canonical URLs and the home page's structured data name the store's origin.
      VITE_PUBLIC_STORE_URL: storeUrl,
      ...storeIdentity,
    };

    return { projectId, firestore, auth, images, storage, mail, api, db, webEnv, apiEnv, seeded, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
