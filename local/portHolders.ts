// Who holds a port `npm start` needs (docs/local-cloud.md, 'Left-over processes'). The Auth emulator
// runs as a detached child (local/authEmulator.ts) so that Ctrl-C can stop its whole process group;
// when the `npm start` that started it dies without Ctrl-C (killed, a closed terminal), it lives on
// holding its three ports. Such a left-over, recognised by this checkout's guard in its command line
// and a parent that is no longer a Node process, is stopped; any other holder is named with how to
// stop it. Linux answers from /proc; elsewhere lsof and ps, when present.
import { execFile } from 'node:child_process';
import { readFile, readdir, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { isPortFree } from './ports';

const run = promisify(execFile);

export interface PortHolder {
  pid: number;
  /** The parent's process id (1, or a sub-reaper's, once the parent has died). */
  ppid: number;
  /** The command line, its arguments joined by spaces. */
  command: string;
}

async function listeningInodes(port: number): Promise<Set<string>> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1];
      // State 0A is LISTEN; the local address ends in the port, in hex.
      if (!local || fields[3] !== '0A' || Number.parseInt(local.split(':')[1] ?? '', 16) !== port) continue;
      if (fields[9]) inodes.add(fields[9]);
    }
  }
  return inodes;
}

async function procHolder(pid: number): Promise<PortHolder | null> {
  try {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8');
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's name, which is in parentheses and may itself hold spaces.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return { pid, ppid, command: cmdline.split('\0').filter(Boolean).join(' ') };
  } catch {
    return null;
  }
}

async function fromProc(port: number): Promise<PortHolder | null> {
  const inodes = await listeningInodes(port);
  if (inodes.size === 0) return null;
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  for (const pid of pids) {
    // Another user's process keeps its descriptors from us: it is named by lsof, if at all.
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => []);
    for (const fd of fds) {
      const target = await readlink(join('/proc', pid, 'fd', fd)).catch(() => '');
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode && inodes.has(inode)) return procHolder(Number(pid));
    }
  }
  return null;
}

async function fromLsof(port: number): Promise<PortHolder | null> {
  try {
    const { stdout } = await run('lsof', ['-nP', `-iTCP:${port}`, '-sTCP:LISTEN', '-Fp']);
    const pid = Number(/^p(\d+)$/m.exec(stdout)?.[1]);
    if (!pid) return null;
    const ps = await run('ps', ['-o', 'ppid=', '-o', 'command=', '-p', String(pid)]);
    const match = /^\s*(\d+)\s+(.*)$/.exec(ps.stdout.trim());
    return match ? { pid, ppid: Number(match[1]), command: match[2] ?? '' } : { pid, ppid: 0, command: '' };
  } catch {
    return null;
  }
}

/** The process listening on the port on this machine, or null when none or it cannot be told. */
export async function portHolder(port: number): Promise<PortHolder | null> {
  if (process.platform === 'linux') {
    const found = await fromProc(port);
    if (found) return found;
  }
  return fromLsof(port);
}

async function commandOf(pid: number): Promise<string> {
  if (process.platform === 'linux') return (await procHolder(pid))?.command ?? '';
  return (await run('ps', ['-o', 'command=', '-p', String(pid)]).catch(() => ({ stdout: '' }))).stdout.trim();
}

/**
 * An Auth emulator an earlier `npm start` (or test run) of this checkout left behind: its command line
 * loads this checkout's guard, and its parent, which was the local cloud's Node process, is gone.
 */
export async function isLeftOver(holder: PortHolder, root: string): Promise<boolean> {
  const guard = join(root, 'local', 'authEmulatorGuard.mjs');
  if (!holder.command.includes(pathToFileURL(guard).href) && !holder.command.includes(guard)) return false;
  if (holder.ppid <= 1) return true;
  const parent = (await commandOf(holder.ppid)).split(' ')[0] ?? '';
  return !/(^|\/)node(\.exe)?$/.test(parent) && parent !== process.execPath;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops a left-over as Ctrl-C would (SIGINT, so the emulator exports its accounts), then SIGKILL. */
async function stopLeftOver(holder: PortHolder, port: number, timeoutMs: number): Promise<boolean> {
  // The emulator leads its own process group (spawned detached): the group goes together.
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-holder.pid, name);
    } catch {
      try {
        process.kill(holder.pid, name);
      } catch {
        // already gone
      }
    }
  };
  signal('SIGINT');
  const deadline = Date.now() + timeoutMs;
  while (alive(holder.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (alive(holder.pid)) signal('SIGKILL');
  for (let i = 0; i < 50 && !(await isPortFree(port)); i += 1) await new Promise((r) => setTimeout(r, 100));
  return isPortFree(port);
}

function shown(command: string): string {
  return command.length > 120 ? `${command.slice(0, 117)}...` : command;
}

export interface PortNeed {
  port: number;
  /** What `npm start` runs there, e.g. 'the Auth emulator'. */
  what: string;
  /** The variable that moves it, e.g. 'AUTH_PORT'. */
  variable: string;
}

/**
 * Makes the port free for `npm start`: null when it is (a left-over of this checkout stopped on the
 * way, told through `log`), else what to say: who holds it and how to stop it.
 */
export async function clearPort(
  need: PortNeed,
  { root, log, stopTimeoutMs = 10_000 }: { root: string; log: (line: string) => void; stopTimeoutMs?: number },
): Promise<string | null> {
  if (await isPortFree(need.port)) return null;
  const busy = `Port ${need.port} (${need.what}) is already in use: stop what uses it or set ${need.variable} to a free port.`;
  const holder = await portHolder(need.port);
  if (!holder) return busy;
  if (await isLeftOver(holder, root)) {
    if (await stopLeftOver(holder, need.port, stopTimeoutMs)) {
      log(`Stopped an Auth emulator an earlier run left behind (process ${holder.pid}, port ${need.port}).`);
      return null;
    }
  }
  return [
    busy,
    `  It is held by process ${holder.pid}: ${shown(holder.command) || 'a command this user cannot read'}`,
    `  Stop it with: kill ${holder.pid}`,
  ].join('\n');
}
