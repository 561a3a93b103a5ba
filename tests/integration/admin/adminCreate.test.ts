// `npm run admin:create` (local/adminCreate.ts) against the local cloud: the first admin, who can
// then sign in to the dashboard through the SPA's own sign-in.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createAdminFirestore } from '../../../server/lib/firestoreAdmin';

type Session = typeof import('../../../src/features/admin/auth/adminSession');
type AuthApi = typeof import('../../../src/features/admin/api/auth');

const cloud = inject('cloud');
const root = resolve(import.meta.dirname, '../../..');
const db = createAdminFirestore({ projectId: cloud.projectId, emulatorHost: cloud.firestoreHost });
let session: Session;
let auth: AuthApi;

function adminCreate(args: string[]) {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', 'local/adminCreate.ts', ...args], {
    cwd: root,
    env: {
      ...process.env,
      FIREBASE_PROJECT_ID: cloud.projectId,
      FIREBASE_AUTH_EMULATOR_HOST: new URL(cloud.authUrl).host,
      FIRESTORE_EMULATOR_HOST: cloud.firestoreHost,
    },
  });
}

beforeAll(async () => {
  process.env.VITE_USE_EMULATORS = '1';
  process.env.VITE_FIRESTORE_EMULATOR_HOST = cloud.firestoreHost;
  process.env.VITE_AUTH_EMULATOR_URL = cloud.authUrl;
  session = await import('../../../src/features/admin/auth/adminSession');
  auth = await import('../../../src/features/admin/api/auth');
});

describe('npm run admin:create', () => {
  it('creates an admin who can sign in to the dashboard', async () => {
    const email = `owner+${Date.now().toString(36)}@digitalstore.test`;
    const { stdout } = await adminCreate([
      '--email',
      email,
      '--password',
      'owner-pass-2026',
      '--name',
      'Store Owner',
      '--phone',
      '+234 800 111 2222',
    ]);
    const uid = /uid (\S+)\)/.exec(stdout)?.[1];
    expect(stdout).toContain(`Admin ${email} created`);
    expect(uid).toBeTruthy();

    const record = await db.doc(`admins/${uid}`).get();
    expect(record.data()).toMatchObject({ uid, name: 'Store Owner', email, phone: '+234 800 111 2222' });

    expect(await session.logIn(email, 'owner-pass-2026')).toMatchObject({
      kind: 'admin',
      admin: { uid, name: 'Store Owner', phone: '+234 800 111 2222' },
    });
    await auth.signOutAdmin();
  });

  it('names what is missing and how to call it', async () => {
    const failure = await adminCreate(['--email', 'someone@digitalstore.test']).catch(
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failure).toMatchObject({ code: 1 });
    expect('stderr' in failure ? failure.stderr : '').toContain('Missing: --password, --name');
    expect('stderr' in failure ? failure.stderr : '').toContain(
      'Usage: npm run admin:create -- --email EMAIL --password PASSWORD --name NAME [--phone PHONE]',
    );
  });
});
