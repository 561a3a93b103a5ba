// e2e: the production build of the SPA, served with the local cloud, for a real Chromium.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, preview } from 'vite';
import type { TestProject } from 'vitest/node';
import { startCloud } from '../../local/cloud';
import { freePort } from '../../local/ports';
import { findChrome } from './browser';

export interface E2eInfo {
  baseUrl: string;
  mailUrl: string;
  firestoreHost: string;
  apiEnv: Record<string, string>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eInfo;
  }
}

const root = resolve(import.meta.dirname, '../..');

export default async function setup(project: TestProject) {
  findChrome(); // fail early, with a clear message, when no browser is installed
  const dataDir = await mkdtemp(join(tmpdir(), 'store-e2e-'));
  const storePort = await freePort();
  const baseUrl = `http://127.0.0.1:${storePort}`;
  const cloud = await startCloud({ dataDir, withApi: true, seed: true, storeUrl: baseUrl });
  const outDir = join(dataDir, 'dist');
  const savedEnv = { ...process.env };
  Object.assign(process.env, cloud.webEnv, { VITE_GEOIP_URL: 'https://geoip.e2e.test/json' });
  try {
    await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    process.env = savedEnv;
  }
  process.env.API_PROXY_TARGET = cloud.api?.url ?? '';
  const server = await preview({
    root,
    logLevel: 'warn',
    build: { outDir },
    preview: {
      port: storePort,
      strictPort: true,
      host: '127.0.0.1',
      proxy: { '/api': { target: cloud.api?.url ?? '', changeOrigin: true } },
    },
  });
  project.provide('e2e', {
    baseUrl,
    mailUrl: cloud.mail.webUrl,
    firestoreHost: `127.0.0.1:${cloud.firestore.port}`,
    apiEnv: cloud.apiEnv,
  });
  return async () => {
    await server.close();
    await cloud.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
