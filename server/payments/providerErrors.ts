// The two ways a payment provider call can fail, as the API answers them (contract: 402 and 502).
// Messages are ours, written for the shopper; a provider's own answer never reaches the client.

/** Network error, timeout, 5xx, or an answer we cannot read: nothing is recorded, the shopper retries. */
export class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError';
  constructor(
    readonly provider: 'Paystack' | 'PayPal',
    /** For the log only. */
    readonly detail: string,
  ) {
    super('Could not reach the payment provider. Please try again.');
  }
}

/** The provider answered, and the answer does not prove this payment for this product. */
export class PaymentNotVerifiedError extends Error {
  override name = 'PaymentNotVerifiedError';
}

/**
 * The provider confirms money was taken, but not as the checkout asked (less, another currency,
 * another product): the payment cannot be fulfilled automatically and must not be dropped either.
 */
export class PaymentMismatchError extends PaymentNotVerifiedError {
  override name = 'PaymentMismatchError';
}

export const providerUnavailableMessage = 'Could not reach the payment provider. Please try again.';

/**
 * fetch with a deadline, turning every transport failure into ProviderUnavailableError. The answer's
 * status is left to the caller, which knows which 4xx mean "not paid".
 */
export async function callProvider(
  provider: 'Paystack' | 'PayPal',
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new ProviderUnavailableError(provider, `${init.method ?? 'GET'} ${url}: ${String(error)}`);
  }
  if (response.status >= 500) {
    throw new ProviderUnavailableError(provider, `${init.method ?? 'GET'} ${url}: HTTP ${response.status}`);
  }
  // No Content (PayPal's answer to a subscription's cancel, suspend or activate) carries no body.
  if (response.status === 204) return { status: 204, body: null };
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new ProviderUnavailableError(
      provider,
      `${init.method ?? 'GET'} ${url}: unreadable answer (${String(error)})`,
    );
  }
  return { status: response.status, body };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
