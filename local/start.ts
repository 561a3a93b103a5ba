// `npm start`: the whole store on this machine, with demo data, no accounts and no internet.
// `npm run reset`: wipe .data/ and put the demo seed back.
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createServer as createViteServer, type PreviewServer, type ViteDevServer } from 'vite';
import { buildStore, serveBuiltStore } from './builtStore';
import { cspStandIns, startCloud, type Cloud } from './cloud';
import { clearPort } from './portHolders';
import { demoAdmin } from './seed/seed';

const root = resolve(import.meta.dirname, '..');
// While it bundles vite.config.ts, Vite warns that the config would not load under its planned 'native'
// config loader (extensionless imports in scripts/): nothing for someone starting the store to act on, and
// 22 lines before the URL table. The default (bundling) loader is the one used (docs/local-cloud.md).
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
// LOCAL_DATA_DIR lets tests run a second local cloud without touching the newcomer's .data/.
const dataDir = resolve(root, process.env.LOCAL_DATA_DIR ?? '.data');
// `npm run start:prod` (or `npm start -- --prod`): the built store, served as Firebase Hosting would.
const production = process.argv.includes('--prod');
// Never dist/, which is what deploys: this build talks to the local emulators.
const builtStoreDir = resolve(dataDir, 'dist');

const portSettings = [
  { key: 'store', variable: 'STORE_PORT', fallback: 5173, what: 'the store (Vite)' },
  { key: 'api', variable: 'API_PORT', fallback: 5001, what: 'the API' },
  { key: 'firestore', variable: 'FIRESTORE_PORT', fallback: 8080, what: 'the Firestore emulator' },
  { key: 'auth', variable: 'AUTH_PORT', fallback: 9099, what: 'the Auth emulator' },
  { key: 'authHub', variable: 'AUTH_HUB_PORT', fallback: 4400, what: 'the Firebase emulator hub' },
  { key: 'authLogging', variable: 'AUTH_LOGGING_PORT', fallback: 4500, what: 'the Firebase emulator logging' },
  { key: 'images', variable: 'IMAGES_PORT', fallback: 9400, what: 'the image host' },
  { key: 'storage', variable: 'STORAGE_PORT', fallback: 9199, what: 'the Cloud Storage stand-in' },
  { key: 'smtp', variable: 'MAIL_SMTP_PORT', fallback: 1025, what: 'the mail catcher (SMTP)' },
  { key: 'mail', variable: 'MAIL_PORT', fallback: 8025, what: 'the mail catcher inbox' },
] as const;

type PortKey = (typeof portSettings)[number]['key'];

function fail(message: string): never {
  process.stderr.write(`\n✖ ${message}\n`);
  process.exit(1);
}

async function choosePorts(log: (line: string) => void): Promise<Record<PortKey, number>> {
  const ports = {} as Record<PortKey, number>;
  for (const setting of portSettings) {
    const raw = process.env[setting.variable];
    const port = raw ? Number(raw) : setting.fallback;
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      fail(`${setting.variable}=${raw} is not a valid port number.`);
    // A left-over Auth emulator of an earlier run is stopped; any other holder is named (portHolders.ts).
    const refusal = await clearPort({ port, what: setting.what, variable: setting.variable }, { root, log });
    if (refusal) fail(refusal);
    ports[setting.key] = port;
  }
  return ports;
}

async function reset(): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
  const cloud = await startCloud({ dataDir, persist: true, seed: true });
  await cloud.stop();
  process.stdout.write(`Local data reset: ${dataDir} holds the demo seed again. Run \`npm start\`.\n`);
}

async function start(): Promise<void> {
  const log = (line: string) => process.stdout.write(`  ${line}\n`);
  const ports = await choosePorts(log);
  const storeUrl = `http://127.0.0.1:${ports.store}`;
  process.stdout.write('Starting the local cloud...\n');

  let cloud: Cloud | undefined;
  let vite: ViteDevServer | PreviewServer | undefined;
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('\nStopping...\n');
    await vite?.close();
    await cloud?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    cloud = await startCloud({
      dataDir,
      ports,
      persist: true,
      withAuth: true,
      withApi: true,
      seed: true,
      storeUrl,
      log,
    });
    Object.assign(process.env, cloud.webEnv, { API_PROXY_TARGET: cloud.api?.url ?? '' });
    if (production) {
      process.stdout.write(`  Building the store as for production into ${builtStoreDir}...\n`);
      await buildStore(root, builtStoreDir);
      vite = await serveBuiltStore({
        root,
        outDir: builtStoreDir,
        port: ports.store,
        apiUrl: cloud.api?.url ?? '',
        standIns: cspStandIns(cloud),
        compress: true,
      });
    } else {
      const dev = await createViteServer({
        root,
        server: { port: ports.store, strictPort: true, host: '127.0.0.1' },
        clearScreen: false,
      });
      vite = dev;
      await dev.listen();
    }
  } catch (error) {
    process.stderr.write(`\n✖ ${error instanceof Error ? error.message : String(error)}\n`);
    await shutdown(1);
    return;
  }

  const rows: Array<[string, string]> = [
    ['Store', storeUrl],
    ['Admin dashboard', `${storeUrl}/admindashboard`],
    ['API', cloud.api?.url ?? '-'],
    ['Firestore emulator', cloud.firestore.url],
    ['Auth emulator', cloud.auth?.url ?? '-'],
    ['Image host', cloud.images.url],
    ['Cloud Storage', cloud.storage.url],
    ['Mail inbox', cloud.mail.webUrl],
    ['SMTP', `127.0.0.1:${cloud.mail.smtpPort}`],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  process.stdout.write(
    [
      '',
      production
        ? 'The production build of the store is running with demo data, served as Firebase Hosting serves it:'
        : 'The store is running with demo data:',
      '',
      ...rows.map(([name, url]) => `  ${name.padEnd(width)}  ${url}`),
      '',
      `  Demo admin: ${demoAdmin.email} / ${demoAdmin.password}`,
      `  Data is kept in ${dataDir} (npm run reset restores the demo seed).`,
      '',
      '  Press Ctrl-C to stop everything.',
      '',
    ].join('\n'),
  );
}

if (process.argv.includes('--reset-only')) {
  reset().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
} else {
  void start();
}
