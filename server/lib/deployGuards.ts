// Settings the deployed function refuses to start with (docs/security.md). With an emulator host set,
// firebase-admin talks to that emulator and accepts unsigned ID tokens, so anyone could sign in
// as an admin: a function that finds one in its environment must not serve at all.

export class UnsafeDeploymentError extends Error {
  override name = 'UnsafeDeploymentError';
}

// STORAGE_API_ENDPOINT and STORAGE_KEY_FILE point the API at the local Cloud Storage stand-in and its
// local signing key: a deployed API using them would hand buyers URLs to a machine they cannot reach.
const emulatorVariables = [
  'FIRESTORE_EMULATOR_HOST',
  'FIREBASE_AUTH_EMULATOR_HOST',
  'STORAGE_API_ENDPOINT',
  'STORAGE_KEY_FILE',
] as const;

/**
 * Throws when the environment is not fit for the deployed API. FUNCTIONS_EMULATOR=true is what
 * firebase-tools sets when it emulates functions (and what the bundle test sets); Cloud Functions
 * never sets it, so only an emulated function may run against emulators.
 */
export function assertDeployedEnvironment(env: Record<string, string | undefined>): void {
  const emulated = env.FUNCTIONS_EMULATOR === 'true';
  const found = emulatorVariables.filter((name) => Boolean(env[name]?.trim()));
  if (found.length > 0 && !emulated) {
    throw new UnsafeDeploymentError(
      `${found.join(' and ')} must never be set on the deployed API (they point it at the local cloud: an emulator accepts unsigned tokens).`,
    );
  }
}
