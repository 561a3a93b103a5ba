// Integration tests: one local cloud on free ports, in memory, for the whole run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startCloud } from '../../local/cloud';

export interface CloudInfo {
  firestoreHost: string;
  firestoreUrl: string;
  apiUrl: string;
  mailUrl: string;
  imagesUrl: string;
  /** The Cloud Storage stand-in, its bucket, and the service-account key file the API signs with. */
  storageUrl: string;
  storageBucket: string;
  storageKeyFile: string;
  storageDir: string;
  /** The Auth emulator (http://host:port) and the project it serves. */
  authUrl: string;
  /** The Firebase emulator hub and the logging emulator's websocket, run beside the Auth emulator. */
  authHubUrl: string;
  authLoggingUrl: string;
  projectId: string;
  apiEnv: Record<string, string>;
  webEnv: Record<string, string>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    cloud: CloudInfo;
  }
}

interface RunningCloud {
  info: CloudInfo;
  stop: () => Promise<void>;
}

async function startIntegrationCloud(): Promise<RunningCloud> {
  const dataDir = await mkdtemp(join(tmpdir(), 'store-integration-'));
  // Every test posts from 127.0.0.1: the shared API's limits are out of the way (tests that check
  // a limit start their own API with a low one).
  const cloud = await startCloud({
    dataDir,
    withApi: true,
    withAuth: true,
    seed: false,
    // Tests watch failed e-mails stay failed until they retry them (the retry sweep is tested on its own).
    emailRetryMs: 0,
    // The tests send the purchase links buyers asked for by running that sweep themselves.
    resendSweepMs: 0,
    // The mailing tests run the send queue and the sequences themselves, with their own clocks.
    mailingSweepMs: 0,
    apiEnv: {
      CONTACT_RATE_LIMIT: '1000',
      ORDER_RATE_LIMIT: '1000',
      RESEND_RATE_LIMIT: '1000',
      ACCESS_RATE_LIMIT: '1000',
      ADMIN_RATE_LIMIT: '1000',
      ACCOUNT_MAIL_RATE_LIMIT: '1000',
      ACCOUNT_MAIL_ADDRESS_RATE_LIMIT: '1000',
    },
  });
  return {
    info: {
      firestoreHost: `127.0.0.1:${cloud.firestore.port}`,
      firestoreUrl: cloud.firestore.url,
      apiUrl: cloud.api?.url ?? '',
      mailUrl: cloud.mail.webUrl,
      imagesUrl: cloud.images.url,
      storageUrl: cloud.storage.url,
      storageBucket: cloud.storage.bucket,
      storageKeyFile: cloud.storage.keyFile,
      storageDir: cloud.storage.dir,
      authUrl: cloud.auth?.url ?? '',
      authHubUrl: cloud.auth?.hubUrl ?? '',
      authLoggingUrl: cloud.auth?.loggingUrl ?? '',
      projectId: cloud.projectId,
      apiEnv: cloud.apiEnv,
      webEnv: cloud.webEnv,
    },
    stop: async () => {
      await cloud.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// The integration and integration-slow projects are one suite split so `npm run test:quick` can
// leave the slow files out: in a run of both they share one cloud, as when they were one project.
// Each project loads this file on its own, so the cloud is kept on the process's global object.
const sharedKey = Symbol.for('digital-store.tests.integrationCloud');
interface SharedCloud {
  running: Promise<RunningCloud>;
  users: number;
}
const shared = globalThis as typeof globalThis & { [sharedKey]?: SharedCloud };

export default async function setup(project: TestProject) {
  const entry = (shared[sharedKey] ??= { running: startIntegrationCloud(), users: 0 });
  entry.users += 1;
  const { info, stop } = await entry.running;
  project.provide('cloud', info);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    delete shared[sharedKey];
    await stop();
  };
}
