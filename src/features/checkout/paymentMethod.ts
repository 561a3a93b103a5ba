import type { AppConfig } from '../../lib/config';
import type { PaymentRequest } from './paymentRequest';

export type Payments = AppConfig['payments'];
export type PaymentMethod = 'paystack' | 'paypal' | 'demo' | 'none';

/**
 * NGN pays through Paystack, USD through PayPal (docs/payments.md). Without the provider's public key the
 * local stack offers the demo payment instead (docs/payments.md, 'Demo mode'); a deployed store without
 * keys says payment is unavailable rather than pretending.
 */
export function paymentMethod(currency: PaymentRequest['currency'], payments: Payments): PaymentMethod {
  const configured = currency === 'NGN' ? payments.paystackPublicKey : payments.paypalClientId;
  if (configured) return currency === 'NGN' ? 'paystack' : 'paypal';
  return payments.demo ? 'demo' : 'none';
}
