// The admin area's data access (src/features/admin/api) with the real Firebase Auth and Firestore
// Lite SDKs, against the Auth emulator and our Firestore emulator: sign-up has the API mail the
// verification e-mail (into the cloud's mail catcher), the first sign-in with a verified address files
// the request, an admin approves or rejects it, an approved admin signs in and edits their phone.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { seedDemoAdmin, demoAdmin } from '../../../local/seed/seed';
import { verifyEmail } from '../../support/authEmulatorUsers';
import { createAdminFirestore } from '../../../server/lib/firestoreAdmin';
import type { CaughtMail } from '../../../local/mail/mailCatcher';

type AuthApi = typeof import('../../../src/features/admin/api/auth');
type AdminsApi = typeof import('../../../src/features/admin/api/admins');
type Session = typeof import('../../../src/features/admin/auth/adminSession');
type Firebase = typeof import('../../../src/lib/firebase');

const cloud = inject('cloud');
const db = createAdminFirestore({ projectId: cloud.projectId, emulatorHost: cloud.firestoreHost });
let auth: AuthApi;
let admins: AdminsApi;
let session: Session;
let firebase: Firebase;
let demoUid: string;
// Unique per run, so a rerun against the same emulators never meets an old account.
const run = Date.now().toString(36);

function registration(name: string, local: string) {
  const email = `${local}+${run}@digitalstore.test`;
  const password = `${local}-pass-2026`;
  return { name, email, confirmEmail: email, phone: '+234 803 000 0000', password, confirmPassword: password };
}

async function currentEmail(): Promise<string | null> {
  return (await firebase.getAuthLazy()).currentUser?.email ?? null;
}

/** The mails to `email` in the cloud's catcher, once `count` have arrived (or after a few seconds). */
async function mailsTo(email: string, count: number): Promise<CaughtMail[]> {
  const read = async () =>
    ((await (await fetch(`${cloud.mailUrl}/api/messages`)).json()) as CaughtMail[]).filter((mail) =>
      mail.to.includes(email.toLowerCase()),
    );
  for (let attempt = 0; attempt < 50 && (await read()).length < count; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return read();
}

beforeAll(async () => {
  // A browser resolves the SPA's '/api/...' calls against the store, whose /api is the API; Node's
  // fetch resolves nothing, so relative URLs go to this run's API, and everything else as it is.
  const nodeFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    nodeFetch(typeof input === 'string' && input.startsWith('/') ? `${cloud.apiUrl}${input}` : input, init),
  );
  // The SPA reads its configuration from the environment once; point it at this run's cloud.
  process.env.VITE_USE_EMULATORS = '1';
  process.env.VITE_FIRESTORE_EMULATOR_HOST = cloud.firestoreHost;
  process.env.VITE_AUTH_EMULATOR_URL = cloud.authUrl;
  auth = await import('../../../src/features/admin/api/auth');
  admins = await import('../../../src/features/admin/api/admins');
  session = await import('../../../src/features/admin/auth/adminSession');
  firebase = await import('../../../src/lib/firebase');
  demoUid = await seedDemoAdmin(db, cloud.authUrl);
});

afterAll(async () => {
  await auth.signOutAdmin();
  vi.unstubAllGlobals();
});

describe('admin accounts against the Auth and Firestore emulators', () => {
  it('signs up into a pending request that keeps the account out until an admin approves it', async () => {
    const chi = registration('Chi Eze', 'chi');
    await session.signUp(chi);
    expect(await currentEmail()).toBeNull();
    // The API mailed the verification link, on the store's own page.
    const [verification] = await mailsTo(chi.email, 1);
    expect(verification?.subject).toBe('Verify your e-mail address — Digital Store');
    expect(verification?.text).toMatch(/^http\S+\/adminverify\?oobCode=\S+$/m);
    // No request before the address is verified: the rules take one only from a verified e-mail.
    expect((await db.collection('adminRequests').where('email', '==', chi.email).get()).size).toBe(0);
    expect(await session.logIn(chi.email, chi.password)).toEqual({ kind: 'unverified', email: chi.email });
    expect(await currentEmail()).toBeNull();
    // Signing in before verifying mails a new link.
    expect(await mailsTo(chi.email, 2)).toHaveLength(2);
    expect((await db.collection('adminRequests').where('email', '==', chi.email).get()).size).toBe(0);

    await verifyEmail(cloud.authUrl, cloud.projectId, chi.email);
    expect(await session.logIn(chi.email, chi.password)).toEqual({ kind: 'pending' });
    const requests = await db.collection('adminRequests').where('email', '==', chi.email).get();
    expect(requests.size).toBe(1);
    const stored = requests.docs[0]!;
    expect(Object.keys(stored.data()).sort()).toEqual(['createdAt', 'email', 'name', 'phone', 'uid']);
    expect(stored.data()).toMatchObject({
      uid: stored.id,
      name: 'Chi Eze',
      email: chi.email,
      phone: '+234 803 000 0000',
    });
    const createdAt: unknown = stored.data().createdAt;
    expect(createdAt).toBeInstanceOf(Timestamp);
    expect((createdAt as Timestamp).toDate().getTime()).toBeGreaterThan(Date.now() - 60_000);

    // Signing in again files nothing more.
    expect(await session.logIn(chi.email, chi.password)).toEqual({ kind: 'pending' });
    expect(await currentEmail()).toBeNull();
    expect((await db.collection('adminRequests').where('email', '==', chi.email).get()).size).toBe(1);

    const signedIn = await session.logIn(demoAdmin.email, demoAdmin.password);
    expect(signedIn).toMatchObject({ kind: 'admin', admin: { uid: demoUid, email: demoAdmin.email } });
    const pending = await admins.fetchAdminRequests();
    const request = pending.find((r) => r.uid === stored.id);
    expect(request).toMatchObject({ name: 'Chi Eze', email: chi.email });
    expect(request?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    await admins.approveAdminRequest(request!);
    expect((await db.doc(`adminRequests/${stored.id}`).get()).exists).toBe(false);
    const record = await db.doc(`admins/${stored.id}`).get();
    expect(record.data()).toMatchObject({ uid: stored.id, name: 'Chi Eze', email: chi.email });
    await auth.signOutAdmin();

    const approved = await session.logIn(chi.email, chi.password);
    expect(approved).toMatchObject({ kind: 'admin', admin: { uid: stored.id, name: 'Chi Eze' } });
    await auth.signOutAdmin();
  });

  it('lets an admin reject a request, which removes it', async () => {
    const tobi = registration('Tobi Lawal', 'tobi');
    await session.signUp(tobi);
    await verifyEmail(cloud.authUrl, cloud.projectId, tobi.email);
    expect(await session.logIn(tobi.email, tobi.password)).toEqual({ kind: 'pending' });
    const request = (await db.collection('adminRequests').where('email', '==', tobi.email).get()).docs[0]!;
    await session.logIn(demoAdmin.email, demoAdmin.password);
    await admins.rejectAdminRequest(request.id);
    expect((await db.doc(`adminRequests/${request.id}`).get()).exists).toBe(false);
    expect((await db.doc(`admins/${request.id}`).get()).exists).toBe(false);
    expect(await session.logIn(tobi.email, tobi.password)).toEqual({ kind: 'pending' });
  });

  it('updates the signed-in admin’s phone and nothing else', async () => {
    const signedIn = await session.logIn(demoAdmin.email, demoAdmin.password);
    expect(signedIn.kind).toBe('admin');
    await admins.updateAdminPhone(demoUid, ' +234 809 000 1111 ');
    const record = await db.doc(`admins/${demoUid}`).get();
    expect(record.data()).toMatchObject({ phone: '+234 809 000 1111', email: demoAdmin.email, name: demoAdmin.name });
    expect(await admins.fetchAdmin(demoUid)).toMatchObject({ phone: '+234 809 000 1111' });
  });

  it('registers another admin through the second app while the creator stays signed in', async () => {
    await session.logIn(demoAdmin.email, demoAdmin.password);
    const dayo = registration('Dayo Bello', 'dayo');
    const created = await auth.createAccountForOther(dayo.name, dayo.email, dayo.password);
    expect(await currentEmail()).toBe(demoAdmin.email);
    await admins.createAdminRecord({ uid: created.uid, name: dayo.name, email: created.email, phone: dayo.phone });
    expect((await db.doc(`admins/${created.uid}`).get()).data()).toMatchObject({
      uid: created.uid,
      name: 'Dayo Bello',
      email: dayo.email,
    });
    await auth.signOutAdmin();
    expect(await session.logIn(dayo.email, dayo.password)).toMatchObject({
      kind: 'admin',
      admin: { name: 'Dayo Bello' },
    });
    await auth.signOutAdmin();
  });

  it("asks the API for a reset link alike for any address, and shows the API's sentence when it refuses", async () => {
    await expect(auth.sendResetLink(` ${demoAdmin.email} `)).resolves.toBeUndefined();
    await expect(auth.sendResetLink(`nobody+${run}@digitalstore.test`)).resolves.toBeUndefined();
    await expect(auth.sendResetLink('not-an-address')).rejects.toEqual({
      code: 'http/400',
      message: 'Please enter a valid email address.',
    });
    const subjects = (await mailsTo(demoAdmin.email, 1)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject.startsWith('Reset your password'))).toEqual([
      'Reset your password — Digital Store',
    ]);
    expect(await mailsTo(`nobody+${run}@digitalstore.test`, 0)).toEqual([]);
  });

  it('answers a wrong password with a readable sentence, not an auth/ code', async () => {
    await expect(session.logIn(demoAdmin.email, 'not-the-password')).rejects.toMatchObject({
      message: 'The e-mail address or password is incorrect.',
    });
    await expect(auth.createAccount('Again', demoAdmin.email, 'whatever-123')).rejects.toMatchObject({
      code: 'auth/email-already-in-use',
      message: 'An account with this e-mail address already exists.',
    });
    expect(await currentEmail()).toBeNull();
  });
});
