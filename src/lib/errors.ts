// Errors are mapped once, here, to a code and a message fit to show a person (docs/storefront.md,
// 'Messages'). Raw SDK codes and stack traces never reach the screen.
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
  // An admin's save refused because another admin changed the same product since it was opened.
  'product-changed': 'This product was changed by someone else. Reload it and try again.',
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
