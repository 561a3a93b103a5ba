// Whether the deployed API runs the build in this clone: GET /api/health answers the build's version
// (server/health/buildVersion.ts: package.json's version and the commit's first 7 hex digits).
import { commitDigits, localBuildVersion } from '../../server/health/buildVersion';

/** This clone's build version, as the functions build writes it (BUILD_VERSION). */
export function buildVersion(dir: string): string {
  return localBuildVersion(dir);
}

/**
 * Whether a version the API answered names this build: package.json's version, and the commit when
 * both know one (compared on its first 7 characters, however long a hash the other side wrote).
 */
export function isThisBuild(answered: string, dir: string): boolean {
  const local = localBuildVersion(dir);
  const [version = '', commit = ''] = local.split('+');
  const rest = answered.slice(version.length);
  if (!answered.startsWith(version) || /^[0-9.]/.test(rest)) return false;
  const answeredCommit = /[0-9a-f]{7,40}/.exec(rest)?.[0] ?? '';
  // Without a commit on one side the version is all that can be compared.
  if (!commit || !answeredCommit) return true;
  return answeredCommit.slice(0, commitDigits) === commit.slice(0, commitDigits);
}
