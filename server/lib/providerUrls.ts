// Provider API bases carry secret keys: outside the local stack they must be https, so a
// misconfigured base cannot send a Paystack or Cloudinary secret over plain HTTP (docs/security.md).
import { isLoopbackHost } from './loopback';

export interface ProviderUrlSettings {
  PAYSTACK_BASE_URL: string;
  PAYPAL_BASE_URL: string;
  CLOUDINARY_API_BASE: string;
  DEMO_PAYMENTS: boolean;
  FIRESTORE_EMULATOR_HOST?: string | undefined;
}

const providerKeys = ['PAYSTACK_BASE_URL', 'PAYPAL_BASE_URL', 'CLOUDINARY_API_BASE'] as const;

/**
 * One line per base URL that is not allowed: https always is; http only to a loopback host while
 * the local stack runs (demo payments or the Firestore emulator on), where tests and the local
 * image host stand in for the providers.
 */
export function providerUrlProblems(settings: ProviderUrlSettings): string[] {
  const localStack = settings.DEMO_PAYMENTS || Boolean(settings.FIRESTORE_EMULATOR_HOST);
  return providerKeys.flatMap((key) => {
    const url = new URL(settings[key]);
    if (url.protocol === 'https:') return [];
    if (url.protocol === 'http:' && localStack && isLoopbackHost(url.hostname)) return [];
    return [`${key}: must be an https URL (plain http is allowed only to 127.0.0.1 or localhost in the local cloud)`];
  });
}
