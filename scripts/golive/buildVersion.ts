// The build's version as the deployed API's GET /api/health answers it: package.json's version plus
// the git commit when known (BUILD_VERSION, written into .env.functions by the setup).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

function parts(dir: string): { version: string; commit: string } {
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
  try {
    const commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return { version, commit };
  } catch {
    return { version, commit: '' };
  }
}

export function buildVersion(dir: string): string {
  const { version, commit } = parts(dir);
  return commit ? `${version}+${commit}` : version;
}

/**
 * Whether a version the API answered names this build: package.json's version, and the commit when
 * both know one (compared on its first 7 characters, however long a hash either side writes).
 */
export function isThisBuild(answered: string, dir: string): boolean {
  const { version, commit } = parts(dir);
  const rest = answered.slice(version.length);
  if (!answered.startsWith(version) || /^[0-9.]/.test(rest)) return false;
  const answeredCommit = /[0-9a-f]{7,40}/.exec(rest)?.[0] ?? '';
  // Without a commit on one side the version is all that can be compared.
  if (!commit || !answeredCommit) return true;
  return answeredCommit.slice(0, 7) === commit.slice(0, 7);
}
