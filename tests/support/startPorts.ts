// The ports `npm start` takes, each from its variable (local/start.ts): tests that run the orchestrator
// give every one a free port, so they never meet a developer's running store or each other.
import { freePort } from '../../local/ports';

export const startPortVariables = [
  'STORE_PORT',
  'API_PORT',
  'FIRESTORE_PORT',
  'AUTH_PORT',
  'AUTH_HUB_PORT',
  'AUTH_LOGGING_PORT',
  'IMAGES_PORT',
  'STORAGE_PORT',
  'MAIL_SMTP_PORT',
  'MAIL_PORT',
] as const;

/** Each port variable of `npm start` set to a port that is free now. */
export async function freeStartPorts(): Promise<Record<(typeof startPortVariables)[number], string>> {
  const env = {} as Record<(typeof startPortVariables)[number], string>;
  for (const name of startPortVariables) env[name] = String(await freePort());
  return env;
}
