// The Firebase Auth emulator from firebase-tools (pure Node, no Java), run as a child process with a
// generated firebase.json so its ports can be chosen freely, and behind the local cloud's Host and
// Origin checks (authEmulatorGuard.mjs).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const projectId = 'demo-digital-store';

export interface AuthEmulator {
  url: string;
  port: number;
  /** The emulator hub and the logging websocket firebase-tools runs beside it. */
  hubUrl: string;
  loggingUrl: string;
  stop(): Promise<void>;
}

const guardPreload = pathToFileURL(join(import.meta.dirname, 'authEmulatorGuard.mjs')).href;

async function waitForHttp(url: string, timeoutMs: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The Auth emulator exited early:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The Auth emulator did not start within ${timeoutMs / 1000} s:\n${output()}`);
}

export async function startAuthEmulator(options: {
  port: number;
  hubPort: number;
  loggingPort: number;
  workDir: string;
  /** Folder to import from and export to on exit, so accounts survive a restart. */
  persistDir?: string;
  host?: string;
  /** Browser origins that may call it (the store); undefined = any loopback origin (see local/guard.ts). */
  allowedOrigins?: readonly string[];
}): Promise<AuthEmulator> {
  const host = options.host ?? '127.0.0.1';
  await mkdir(options.workDir, { recursive: true });
  const configPath = join(options.workDir, 'firebase.json');
  await writeFile(
    configPath,
    JSON.stringify({
      emulators: {
        auth: { host, port: options.port },
        hub: { host, port: options.hubPort },
        logging: { host, port: options.loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const require = createRequire(import.meta.url);
  const cli = require.resolve('firebase-tools/lib/bin/firebase.js');
  const args = [
    '--import',
    guardPreload,
    cli,
    'emulators:start',
    '--only',
    'auth',
    '--project',
    projectId,
    '--config',
    configPath,
  ];
  if (options.persistDir) {
    if (existsSync(join(options.persistDir, 'firebase-export-metadata.json')))
      args.push('--import', options.persistDir);
    args.push('--export-on-exit', options.persistDir);
  }
  const child = spawn(process.execPath, args, {
    cwd: options.workDir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      FIREBASE_CLI_EXPERIMENTS: '',
      CI: 'true',
      ...(options.allowedOrigins ? { LOCAL_GUARD_ORIGINS: JSON.stringify(options.allowedOrigins) } : {}),
    },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://${host}:${options.port}`;

  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      process.kill(-child.pid, 'SIGINT');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 10_000);
    await exited;
    clearTimeout(timer);
  };

  try {
    // firebase-tools loads a large module tree before it listens: about 50 s on a busy 2-core machine.
    await waitForHttp(url, 180_000, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    port: options.port,
    hubUrl: `http://${host}:${options.hubPort}`,
    loggingUrl: `http://${host}:${options.loggingPort}`,
    stop,
  };
}
