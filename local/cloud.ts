// The local cloud (docs/local-cloud.md): Firestore emulator, Auth emulator, image host, Cloud Storage
// stand-in, mail catcher and the API, started together for `npm start` and for the integration and e2e
// tests.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Firestore } from 'firebase-admin/firestore';
import { parseServerConfig } from '../server/config';
import { createFileStorage } from '../server/files/storage';
import { createAdminFirestore } from '../server/lib/firestoreAdmin';
import { projectId, startAuthEmulator, type AuthEmulator } from './authEmulator';
import { startLocalApi } from './cloudApi';
import { apiEnvironment, imageHostCredentials, storeIdentity, webEnvironment, type CloudAddresses } from './cloudEnv';
import { startFirestoreEmulator, type FirestoreEmulator } from './firestore/server';
import { storeOrigins } from './guard';
import { startImageHost, type ImageHost } from './images/imageHost';
import { startMailCatcher, type MailCatcher } from './mail/mailCatcher';
import { freePort } from './ports';
import { seedAffiliateProgram } from './seed/affiliates';
import { seedDemoCourse } from './seed/demoCourse';
import { seedDemoFiles } from './seed/demoFiles';
import { relinkLocalCovers, seedCatalog, seedDemoAdmin } from './seed/seed';
import { loadOrCreateServiceAccount } from './storage/serviceAccount';
import { startStorageHost, type StorageHost } from './storage/storageHost';

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
  /**
   * With the API: how often the e-mails to buyers' send queue and the after-purchase sequences run
   * (deployed, the scheduled function sendMailings, every minute). 0 turns them off, for tests that
   * run the queue themselves. Default one minute.
   */
  mailingSweepMs?: number;
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

/** The Cloud Storage stand-in with the store's bucket, trusting the local service account's key. */
async function startStorageStandIn(
  dataDir: string,
  at: { port: number; host: string; allowedOrigins: readonly string[] },
  stops: Array<() => Promise<void>>,
): Promise<Cloud['storage']> {
  // The key is made on the first start and kept, like a service account's key file; the stand-in
  // gets only its public half.
  const account = await loadOrCreateServiceAccount(join(dataDir, 'storage-service-account.json'), projectId);
  const bucket = `${projectId}.firebasestorage.app`;
  const storageHost = await startStorageHost({
    dir: join(dataDir, 'storage'),
    buckets: [bucket],
    keys: [{ clientEmail: account.clientEmail, publicKey: account.publicKey }],
    ...at,
  });
  stops.push(() => storageHost.close());
  return Object.assign(storageHost, { bucket, keyFile: account.keyFile });
}

/**
 * Seeds the demo store into a new cloud: its catalog, demo files, demo course and affiliate program.
 * Returns the number of catalog documents.
 */
async function seedDemoStore(
  db: Firestore,
  images: ImageHost,
  apiEnv: Record<string, string>,
  log: (line: string) => void,
): Promise<number> {
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
  return count;
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

    const storage = await startStorageStandIn(options.dataDir, { port: ports.storage, host, allowedOrigins }, stops);
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
    const addresses: CloudAddresses = {
      host,
      firestoreHost,
      authPort: auth ? auth.port : null,
      authUrl: auth?.url ?? `http://${host}:${ports.auth}`,
      smtpPort: mail.smtpPort,
      images,
      storage,
      storeUrl,
    };
    const apiEnv = apiEnvironment(addresses, options.apiEnv);

    // Kept data names the image host of the run that wrote it; covers must reach this run's.
    if (options.persist) {
      const relinked = await relinkLocalCovers(db, images.url, images.cloudName);
      if (relinked > 0) log(`Pointed ${relinked} product covers at the image host on ${images.url}`);
    }

    let seeded = false;
    if (options.seed && needsSeed) {
      const count = await seedDemoStore(db, images, apiEnv, log);
      if (options.persist) await writeFile(seedMarker, JSON.stringify({ seededAt: new Date().toISOString(), count }));
      seeded = true;
      log(`Seeded ${count} catalog documents`);
    }
    if (options.seed && auth) await seedDemoAdmin(db, auth.url);

    const api = options.withApi
      ? await startLocalApi({
          apiEnv,
          db,
          host,
          port: ports.api,
          allowedOrigins,
          log,
          stops,
          emailRetryMs: options.emailRetryMs,
          resendSweepMs: options.resendSweepMs,
          mailingSweepMs: options.mailingSweepMs,
        })
      : null;

    const webEnv = webEnvironment(addresses);

    return { projectId, firestore, auth, images, storage, mail, api, db, webEnv, apiEnv, seeded, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
