// Stand-ins for the admin feature's two data-access modules, typed against the real ones so a
// changed signature breaks the build here instead of letting the mocks drift (docs/testing.md).
//   vi.mock('<path to>/src/features/admin/api/auth', () => import('<path to>/adminAuth.mock'));
//   vi.mock('<path to>/src/features/admin/api/admins', () => import('<path to>/adminAuth.mock'));
// The Auth side keeps a signed-in user that the screens observe through watchAuthUser.
import { vi } from 'vitest';
import type { AdminInfo } from '../../src/lib/admin';

type AuthModule = typeof import('../../src/features/admin/api/auth');
type AdminsModule = typeof import('../../src/features/admin/api/admins');
type AuthUser = Awaited<ReturnType<AuthModule['signIn']>>;

let currentUser: AuthUser | null = null;
const listeners = new Set<(user: AuthUser | null) => void>();

/** Signs a user in or out, as Firebase Auth would report it to every watcher. */
export function setAuthUser(user: AuthUser | null) {
  currentUser = user;
  for (const listener of listeners) listener(user);
}

export const watchAuthUser = vi.fn<AuthModule['watchAuthUser']>();
export const signIn = vi.fn<AuthModule['signIn']>();
export const signOutAdmin = vi.fn<AuthModule['signOutAdmin']>();
export const createAccount = vi.fn<AuthModule['createAccount']>();
export const createAccountForOther = vi.fn<AuthModule['createAccountForOther']>();
export const sendVerificationEmail = vi.fn<AuthModule['sendVerificationEmail']>();
export const sendResetLink = vi.fn<AuthModule['sendResetLink']>();
export const checkResetCode = vi.fn<AuthModule['checkResetCode']>();
export const resetPassword = vi.fn<AuthModule['resetPassword']>();
export const verifyEmailAddress = vi.fn<AuthModule['verifyEmailAddress']>();

export const fetchAdmin = vi.fn<AdminsModule['fetchAdmin']>();
export const updateAdminPhone = vi.fn<AdminsModule['updateAdminPhone']>();
export const createAdminRecord = vi.fn<AdminsModule['createAdminRecord']>();
export const hasAdminRequest = vi.fn<AdminsModule['hasAdminRequest']>();
export const submitAdminRequest = vi.fn<AdminsModule['submitAdminRequest']>();
export const fetchAdminRequests = vi.fn<AdminsModule['fetchAdminRequests']>();
export const approveAdminRequest = vi.fn<AdminsModule['approveAdminRequest']>();
export const rejectAdminRequest = vi.fn<AdminsModule['rejectAdminRequest']>();

const authMock = {
  watchAuthUser,
  signIn,
  signOutAdmin,
  createAccount,
  createAccountForOther,
  sendVerificationEmail,
  sendResetLink,
  checkResetCode,
  resetPassword,
  verifyEmailAddress,
} satisfies AuthModule;

const adminsMock = {
  fetchAdmin,
  updateAdminPhone,
  createAdminRecord,
  hasAdminRequest,
  submitAdminRequest,
  fetchAdminRequests,
  approveAdminRequest,
  rejectAdminRequest,
} satisfies AdminsModule;

export function buildAdmin(overrides: Partial<AdminInfo> = {}): AdminInfo {
  return {
    uid: 'uid-ada',
    name: 'Ada Obi',
    email: 'ada@digitalstore.test',
    phone: '+234 803 123 4567',
    createdAt: '2026-03-14T09:30:00.000Z',
    ...overrides,
  };
}

export function asAuthUser(admin: AdminInfo, emailVerified = true): AuthUser {
  return { uid: admin.uid, email: admin.email, displayName: admin.name, emailVerified };
}

/**
 * Forgets calls and starts signed out, with the common happy answers: signing in or out changes
 * the watched user, admin records come from `admins` (by uid), no pending requests.
 */
export function resetAdminMocks(admins: AdminInfo[] = []) {
  Object.values({ ...authMock, ...adminsMock }).forEach((fn) => fn.mockReset());
  listeners.clear();
  currentUser = null;
  watchAuthUser.mockImplementation(async (listener) => {
    listeners.add(listener);
    // Firebase reports the current user asynchronously, right after subscribing.
    queueMicrotask(() => listener(currentUser));
    return () => listeners.delete(listener);
  });
  signOutAdmin.mockImplementation(async () => setAuthUser(null));
  fetchAdmin.mockImplementation(async (uid) => admins.find((admin) => admin.uid === uid) ?? null);
  fetchAdminRequests.mockResolvedValue([]);
  updateAdminPhone.mockResolvedValue(undefined);
  createAdminRecord.mockResolvedValue(undefined);
  // Signed-in accounts have filed their request unless a test says otherwise.
  hasAdminRequest.mockResolvedValue(true);
  submitAdminRequest.mockResolvedValue(undefined);
  sendVerificationEmail.mockResolvedValue(undefined);
  approveAdminRequest.mockResolvedValue(undefined);
  rejectAdminRequest.mockResolvedValue(undefined);
  sendResetLink.mockResolvedValue(undefined);
  resetPassword.mockResolvedValue(undefined);
  verifyEmailAddress.mockResolvedValue(undefined);
}
