// Readable sentences for Firebase Auth failures (docs/admin.md), apart from lib/errors.ts so that only
// the admin chunk carries them: the storefront never signs anyone in (critical JS budget,
// docs/performance.md).
import type { ErrorWords } from './errors';

const authMessages: Record<string, string> = {
  // Firebase Auth (admin area). Sign-in answers the same for a wrong password and an unknown
  // address when e-mail enumeration protection is on (auth/invalid-credential).
  'auth/wrong-password': 'The e-mail address or password is incorrect.',
  'auth/invalid-credential': 'The e-mail address or password is incorrect.',
  'auth/invalid-login-credentials': 'The e-mail address or password is incorrect.',
  'auth/user-not-found': 'No account exists with this e-mail address.',
  'auth/invalid-email': 'Please enter a valid e-mail address.',
  'auth/user-disabled': 'This account has been disabled. Please contact the store owner.',
  'auth/too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'auth/network-request-failed': 'Could not reach the sign-in service. Check your connection and try again.',
  'auth/email-already-in-use': 'An account with this e-mail address already exists.',
  'auth/weak-password': 'The password is too weak. Use at least 6 characters.',
  'auth/missing-password': 'Please enter a password.',
  'auth/expired-action-code': 'This reset link has expired. Please ask for a new one.',
  'auth/invalid-action-code': 'This reset link is invalid or has already been used. Please ask for a new one.',
  'auth/operation-not-allowed': 'E-mail and password sign-in is not enabled for this store.',
};

/** Firebase Auth's codes in words, for the one mapper (toAppError in lib/errors.ts); never a raw `auth/...` code. */
export const authWords: ErrorWords = { firebase: authMessages };
