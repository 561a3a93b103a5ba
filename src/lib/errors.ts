// Errors are mapped once, here, to a code and a message fit to show a person (STYLE §5).
// Raw SDK codes and stack traces never reach the screen.
export interface AppError {
  code: string;
  message: string;
}

const friendly: Record<string, string> = {
  unavailable: 'The store could not be reached. Check your connection and try again.',
  'deadline-exceeded': 'Request time out',
  'permission-denied': 'You do not have permission to do that.',
  'not-found': 'That item could not be found.',
  network: 'Connection failed.',
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

export const fallbackMessage = 'Something went wrong. Please try again.';

export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  const code =
    typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
      ? error.code.replace(/^firestore\//, '')
      : error instanceof TypeError
        ? 'network'
        : 'unknown';
  return { code, message: friendly[code] ?? fallbackMessage };
}

export function isAppError(value: unknown): value is AppError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'code' in value &&
    'message' in value &&
    typeof value.code === 'string' &&
    typeof value.message === 'string' &&
    !(value instanceof Error)
  );
}
