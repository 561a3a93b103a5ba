// The build's version (docs/admin.md, 'Store health'): package.json's version and the commit it was
// built from, e.g. 0.1.0+1a2b3c4. The functions build writes it into the function's env as
// BUILD_VERSION; GET /api/health answers it, so `npm run doctor` can tell that the live store runs
// the build in this clone.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The commit's first 7 hex digits: the short form git and the hosting consoles show. */
export const commitDigits = 7;

export function buildVersionOf(packageVersion: string, commit: string | null): string {
  return commit ? `${packageVersion}+${commit.slice(0, commitDigits)}` : packageVersion;
}

/** The version of the clone at `root`: its package.json version, with its HEAD commit when git knows it. */
export function localBuildVersion(root: string): string {
  const { version } = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string };
  let commit: string | null = null;
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    // not a git clone (an unpacked archive): the version alone
  }
  return buildVersionOf(version, commit && /^[0-9a-f]{40}$/.test(commit) ? commit : null);
}
