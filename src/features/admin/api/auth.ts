// Every Firebase Auth call of the admin area (only lib/ and features/*/api/ touch the SDK:
// docs/architecture.md).
// Components get plain data and AppErrors; tests mock this module (tests/support/adminAuth.mock.ts).
import {
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  onAuthStateChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  updateProfile,
  verifyPasswordResetCode,
  type User,
} from 'firebase/auth';
import { toAuthError } from '../../../lib/authErrors';
import { getAuthLazy, getSecondaryAuth } from '../../../lib/firebase';
import { paths } from '../../../../domain/routes';

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

/** Where a link Firebase Auth e-mails continues: a page of this store (none outside a browser). */
function continueTo(path: string): { url: string } | undefined {
  return typeof window === 'undefined' ? undefined : { url: `${window.location.origin}${path}` };
}

/** Runs an Auth call and rethrows its failure as an AppError with a sentence fit to show. */
async function mapped<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toAuthError(error);
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
 * Firebase Auth's verification e-mail for the signed-in account. Its link continues to the login
 * page, where the verified account files its request to become an admin (docs/admin.md).
 */
export function sendVerificationEmail(): Promise<void> {
  return mapped(async () => {
    const user = (await getAuthLazy()).currentUser;
    if (user) await sendEmailVerification(user, continueTo(paths.adminLogin));
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

/** Firebase Auth's reset e-mail; its link continues to our reset page (docs/admin.md). */
export function sendResetLink(email: string): Promise<void> {
  return mapped(async () =>
    sendPasswordResetEmail(await getAuthLazy(), email.trim(), continueTo(paths.adminResetPassword)),
  );
}

/** The e-mail address a reset code belongs to; fails when the code is invalid, used or expired. */
export function checkResetCode(code: string): Promise<string> {
  return mapped(async () => verifyPasswordResetCode(await getAuthLazy(), code));
}

export function resetPassword(code: string, newPassword: string): Promise<void> {
  return mapped(async () => confirmPasswordReset(await getAuthLazy(), code, newPassword));
}
