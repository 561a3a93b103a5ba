import type { Currency } from '../../../domain/money';

/**
 * What the payment dialog is given. No product URL: the deliverable link is private and
 * reaches the buyer only from the API after payment (docs/security.md).
 */
export interface PaymentRequest {
  amount: number;
  currency: Currency;
  productName: string;
  productId: string;
}
