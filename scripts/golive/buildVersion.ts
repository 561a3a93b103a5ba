// The build's version as the deployed API's GET /api/health answers it: package.json's version plus
// the git commit when known (BUILD_VERSION, written into .env.functions by the setup).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function buildVersion(dir: string): string {
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
  try {
    const commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return commit ? `${version}+${commit}` : version;
  } catch {
    return version;
  }
}
