import type { Currency } from '../../lib/money';

/**
 * What the payment dialog is given (SPEC §2). No product URL: the deliverable link is private and
 * reaches the buyer only from the API after payment (DESIGN §3).
 */
export interface PaymentRequest {
  amount: number;
  currency: Currency;
  productName: string;
  productId: string;
}
