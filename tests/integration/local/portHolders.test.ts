// `npm start` and the ports an earlier run left held (docs/local-cloud.md, 'Left-over processes'): real
// processes on this machine hold real ports. An Auth emulator whose `npm start` died is played by a
// Node process that loads this checkout's guard (local/authEmulatorGuard.mjs, as the emulator's does)
// and whose parent, a shell, has exited; a process of another program is a plain Node listener.
import { execFileSync, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, isPortFree } from '../../../local/ports';
import { clearPort, portHolder } from '../../../local/portHolders';

const root = resolve(import.meta.dirname, '../../..');
const guardUrl = pathToFileURL(resolve(root, 'local/authEmulatorGuard.mjs')).href;
const listen = 'require("node:net").createServer().listen(Number(process.argv[1]), "127.0.0.1")';

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already stopped
    }
  }
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function untilHeld(port: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (await isPortFree(port)) {
    if (Date.now() > deadline) throw new Error(`nothing listened on ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A Node process listening on the port, a child of this test (its parent alive). */
async function childListener(port: number, guard: boolean): Promise<number> {
  const args = [...(guard ? ['--import', guardUrl] : []), '-e', listen, String(port)];
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'ignore' });
  if (child.pid === undefined) throw new Error('the listener did not start');
  started.push(child.pid);
  await untilHeld(port);
  return child.pid;
}

/** A guarded listener started by a shell that exits at once: its parent is gone, as after a killed run. */
async function orphanedEmulator(port: number): Promise<number> {
  const pid = Number(
    execFileSync(
      'sh',
      [
        '-c',
        '"$0" --import "$1" -e "$2" "$3" >/dev/null 2>&1 & echo $!',
        process.execPath,
        guardUrl,
        listen,
        String(port),
      ],
      { cwd: root, encoding: 'utf8' },
    ).trim(),
  );
  started.push(pid);
  await untilHeld(port);
  return pid;
}

const need = (port: number) => ({ port, what: 'the Auth emulator', variable: 'AUTH_PORT' });

describe('npm start and ports held by other processes', () => {
  it('answers nothing to do for a free port', async () => {
    const lines: string[] = [];
    expect(await clearPort(need(await freePort()), { root, log: (line) => lines.push(line) })).toBeNull();
    expect(lines).toEqual([]);
  });

  it('stops an Auth emulator an earlier run left behind, says so, and has the port free', async () => {
    const port = await freePort();
    const pid = await orphanedEmulator(port);
    expect(await portHolder(port)).toMatchObject({ pid });

    const lines: string[] = [];
    expect(await clearPort(need(port), { root, log: (line) => lines.push(line) })).toBeNull();
    expect(lines).toEqual([`Stopped an Auth emulator an earlier run left behind (process ${pid}, port ${port}).`]);
    expect(alive(pid)).toBe(false);
    expect(await isPortFree(port)).toBe(true);
  });

  it('names the process of another program that holds the port and how to stop it, and leaves it running', async () => {
    const port = await freePort();
    const pid = await childListener(port, false);
    const lines: string[] = [];
    expect(await clearPort(need(port), { root, log: (line) => lines.push(line) })).toBe(
      [
        `Port ${port} (the Auth emulator) is already in use: stop what uses it or set AUTH_PORT to a free port.`,
        `  It is held by process ${pid}: ${process.execPath} -e ${listen} ${port}`,
        `  Stop it with: kill ${pid}`,
      ].join('\n'),
    );
    expect(lines).toEqual([]);
    expect(alive(pid)).toBe(true);
  });

  it('never stops an Auth emulator whose local cloud is still running (its Node parent alive)', async () => {
    const port = await freePort();
    const pid = await childListener(port, true);
    const answer = await clearPort(need(port), { root, log: () => undefined });
    expect(answer).toContain(`  It is held by process ${pid}: ${process.execPath} --import ${guardUrl} -e`);
    expect(answer).toContain(`  Stop it with: kill ${pid}`);
    expect(alive(pid)).toBe(true);
  });
});
