import type { Currency } from '../../../domain/money';
import type { ProductPricing } from '../../../domain/productPricing';

/** The buyer's details as typed in the dialog; carried over when the buyer switches currency there. */
export interface CustomerDraft {
  name: string;
  email: string;
  confirmEmail: string;
  phone: string;
}

/**
 * What the payment dialog is given. No product URL: the deliverable link is private and
 * reaches the buyer only from the API after payment (docs/security.md).
 */
export interface PaymentRequest {
  amount: number;
  currency: Currency;
  productName: string;
  productId: string;
  /** A discount code to apply as the dialog opens (a product link with `?code=`). */
  code?: string;
  /** A checkout to resume (the reminder's link, `?checkout=`); the API makes a new one if it no longer fits. */
  checkoutId?: string;
  /** The product's price in each currency, both shown in the dialog. */
  prices?: Record<Currency, number>;
  /** How the product is charged (docs/memberships.md); absent for a single payment. */
  pricing?: ProductPricing;
  /** What the buyer had typed before switching currency in the dialog. */
  customer?: CustomerDraft;
}
