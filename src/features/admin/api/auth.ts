// Every Firebase Auth call of the admin area (only lib/ and features/*/api/ touch the SDK:
// docs/architecture.md), and the API's account e-mails (reset, verification), which the API sends
// over the store's own SMTP instead of Firebase's mail (docs/admin.md).
// Components get plain data and AppErrors; tests mock this module (tests/support/adminAuth.mock.ts).
import {
  applyActionCode,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  onAuthStateChanged,
  signInWithEmailAndPassword,
  signOut,
  updateProfile,
  verifyPasswordResetCode,
  type User,
} from 'firebase/auth';
import { authWords } from '../../../lib/authErrors';
import { toAppError, type ErrorWords } from '../../../lib/errors';
import { getAuthLazy, getSecondaryAuth } from '../../../lib/firebase';
import { requestJson } from '../../../lib/http';

/** The API's account e-mails (server/admin/accountMailRoutes.ts). */
const accountMailUrls = {
  passwordReset: '/api/admin-account/password-reset',
  verification: '/api/admin-account/verification-email',
};

export interface AuthUser {
  uid: string;
  email: string;
  displayName: string;
  /** Whether the owner of the account proved the e-mail address is theirs (the verification link). */
  emailVerified: boolean;
}

function toAuthUser(user: User): AuthUser {
  return {
    uid: user.uid,
    email: user.email ?? '',
    displayName: user.displayName ?? '',
    emailVerified: user.emailVerified,
  };
}

/** Auth's codes in words, and the API's own sentence whatever the status. */
const adminAuthWords: ErrorWords = { ...authWords, spoken: 'all' };

/**
 * Runs an Auth call, or a call of the API, and rethrows its failure as an AppError with a sentence
 * fit to show: the API's own sentence when it gave one.
 */
async function mapped<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toAppError(error, adminAuthWords);
  }
}

/** Calls `listener` with the signed-in user (or null) now and on every change; returns the unsubscribe. */
export async function watchAuthUser(listener: (user: AuthUser | null) => void): Promise<() => void> {
  const auth = await getAuthLazy();
  return onAuthStateChanged(auth, (user) => listener(user ? toAuthUser(user) : null));
}

export function signIn(email: string, password: string): Promise<AuthUser> {
  return mapped(async () => {
    const credential = await signInWithEmailAndPassword(await getAuthLazy(), email.trim(), password);
    return toAuthUser(credential.user);
  });
}

export function signOutAdmin(): Promise<void> {
  return mapped(async () => signOut(await getAuthLazy()));
}

/**
 * Creates the account on the main Auth and leaves it signed in, so the caller can send it the
 * verification e-mail; its approval request waits until the address is verified (docs/admin.md).
 */
export function createAccount(name: string, email: string, password: string): Promise<AuthUser> {
  return mapped(async () => {
    const credential = await createUserWithEmailAndPassword(await getAuthLazy(), email.trim(), password);
    await updateProfile(credential.user, { displayName: name.trim() });
    return { ...toAuthUser(credential.user), displayName: name.trim() };
  });
}

/**
 * Asks the API to mail the signed-in account its verification link, which opens the store's
 * /adminverify; the verified account then files its request to become an admin at login
 * (docs/admin.md).
 */
export function sendVerificationEmail(): Promise<void> {
  return mapped(async () => {
    const user = (await getAuthLazy()).currentUser;
    if (user) await requestJson('POST', accountMailUrls.verification, { token: await user.getIdToken() });
  });
}

/** Applies the code of a verification link: the account's address is verified from now on. */
export function verifyEmailAddress(code: string): Promise<void> {
  return mapped(async () => {
    const auth = await getAuthLazy();
    await applyActionCode(auth, code);
    // A session open in this browser sees the address verified without signing in again.
    await auth.currentUser?.reload();
  });
}

/** Creates someone else's account on the secondary app, so the admin doing it stays signed in. */
export function createAccountForOther(name: string, email: string, password: string): Promise<AuthUser> {
  return mapped(async () => {
    const auth = await getSecondaryAuth();
    const credential = await createUserWithEmailAndPassword(auth, email.trim(), password);
    try {
      await updateProfile(credential.user, { displayName: name.trim() });
    } finally {
      await signOut(auth);
    }
    return { ...toAuthUser(credential.user), displayName: name.trim() };
  });
}

/**
 * Asks the API to mail a reset link to the address, which opens our reset page (docs/admin.md). The
 * API answers alike whether or not the address has an account.
 */
export function sendResetLink(email: string): Promise<void> {
  return mapped(async () => {
    await requestJson('POST', accountMailUrls.passwordReset, { body: { email: email.trim() } });
  });
}

/** The e-mail address a reset code belongs to; fails when the code is invalid, used or expired. */
export function checkResetCode(code: string): Promise<string> {
  return mapped(async () => verifyPasswordResetCode(await getAuthLazy(), code));
}

export function resetPassword(code: string, newPassword: string): Promise<void> {
  return mapped(async () => confirmPasswordReset(await getAuthLazy(), code, newPassword));
}
