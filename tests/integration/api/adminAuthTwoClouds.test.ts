// Two local clouds in one process (the test runner's integration and e2e clouds): each API verifies
// admins' ID tokens against its own Auth emulator. firebase-admin reads the emulator host from the
// process environment, so before createAdminAuth took turns the cloud started last captured every
// verification and the other cloud's admins were refused (the e2e admin tests failed in `npm test`
// and passed alone). Two real Auth emulators; nothing of ours is faked.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startAuthEmulator, projectId, type AuthEmulator } from '../../../local/authEmulator';
import { freePort } from '../../../local/ports';
import { createAdminAuth } from '../../../server/admin/adminAuth';
import { signUpStranger } from '../../support/authEmulatorUsers';

const cloud = inject('cloud');
let second: AuthEmulator;
let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'store-second-auth-'));
  second = await startAuthEmulator({
    port: await freePort(),
    hubPort: await freePort(),
    loggingPort: await freePort(),
    workDir,
  });
}, 90_000);
afterAll(async () => {
  await second?.stop();
  await rm(workDir, { recursive: true, force: true });
});

const hostOf = (url: string) => new URL(url).host;

describe('two clouds in one process', () => {
  it('verify each admin against their own Auth emulator, also when the calls interleave', async () => {
    expect(cloud.projectId).toBe(projectId);
    const first = createAdminAuth({ projectId, emulatorHost: hostOf(cloud.authUrl) });
    // Created last: before the fix its host was the one every verifier used.
    const other = createAdminAuth({ projectId, emulatorHost: hostOf(second.url) });
    const firstUsers = await Promise.all([0, 1, 2].map(() => signUpStranger(cloud.authUrl)));
    const otherUsers = await Promise.all([0, 1, 2].map(() => signUpStranger(second.url)));

    const checks = await Promise.allSettled([
      ...firstUsers.map((user) => first.verifyIdToken(user.idToken)),
      ...otherUsers.map((user) => other.verifyIdToken(user.idToken)),
      ...firstUsers.map((user) => first.verifyIdToken(user.idToken)),
    ]);
    expect(checks.map((check) => (check.status === 'fulfilled' ? check.value.uid : 'refused'))).toEqual([
      ...firstUsers.map((user) => user.uid),
      ...otherUsers.map((user) => user.uid),
      ...firstUsers.map((user) => user.uid),
    ]);
  });

  it('refuses a token from the other cloud: its account does not exist here', async () => {
    const first = createAdminAuth({ projectId, emulatorHost: hostOf(cloud.authUrl) });
    const other = createAdminAuth({ projectId, emulatorHost: hostOf(second.url) });
    const stranger = await signUpStranger(second.url);
    await expect(first.verifyIdToken(stranger.idToken)).rejects.toThrow();
    expect((await other.verifyIdToken(stranger.idToken)).uid).toBe(stranger.uid);
  });
});
