import { describe, expect, it } from 'vitest';
import { authWords } from '../../../src/lib/authErrors';
import { toAppError } from '../../../src/lib/errors';

// What Firebase Auth rejects with: an Error carrying a code.
function authFailure(code: string) {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { code });
}

describe('Firebase Auth failures as sentences', () => {
  it.each([
    ['auth/wrong-password', 'The e-mail address or password is incorrect.'],
    ['auth/invalid-credential', 'The e-mail address or password is incorrect.'],
    ['auth/user-not-found', 'No account exists with this e-mail address.'],
    ['auth/too-many-requests', 'Too many attempts. Please wait a few minutes and try again.'],
    ['auth/network-request-failed', 'Could not reach the sign-in service. Check your connection and try again.'],
    ['auth/email-already-in-use', 'An account with this e-mail address already exists.'],
    ['auth/weak-password', 'The password is too weak. Use at least 6 characters.'],
    ['auth/expired-action-code', 'This reset link has expired. Please ask for a new one.'],
    ['auth/invalid-action-code', 'This reset link is invalid or has already been used. Please ask for a new one.'],
  ])('%s reads "%s"', (code, message) => {
    expect(toAppError(authFailure(code), authWords)).toEqual({ code, message });
  });

  it('never passes an unknown auth/ code or the SDK text through', () => {
    const error = toAppError(authFailure('auth/internal-error'), authWords);
    expect(error.message).toBe('Something went wrong. Please try again.');
    expect(error.message).not.toContain('auth/');
  });

  it('keeps the Firestore sentences for Firestore failures in the same flows', () => {
    expect(toAppError(authFailure('permission-denied'), authWords)).toEqual({
      code: 'permission-denied',
      message: 'You do not have permission to do that.',
    });
  });
});
