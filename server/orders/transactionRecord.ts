// The sale as stored (docs/payments.md, 'The transaction record'): one transactions/{provider}_{reference}
// record per verified payment, which fulfilment writes and refunds, Sales and the access routes read.
import { providerNames, type CheckoutProvider, type EmailStatus, type PaymentMethod } from '../../domain/apiContracts';
import type { Currency } from '../../domain/money';

/** The domain's one provider union ('free': a discount code left nothing to pay, no provider took part). */
export type Provider = CheckoutProvider;

/** The sale's paymentMethod is the provider's name. */
export const paymentMethodOf = providerNames;

/** The sale as stored, with what fulfilment needs (docs/payments.md, 'The transaction record'). */
export interface TransactionRecord {
  productName: string;
  productId: string;
  productUrl: string;
  /** What the buyer was charged in `currency`: the checkout's amount (after any discount). */
  amount: number;
  transactionReference: string;
  paidAt: string;
  customerName: string;
  /** Trimmed and lower-cased, so /purchases finds it with one equality query. */
  customerEmail: string;
  customerPhone: string;
  /** What the provider says was paid, in major units. */
  amountPaid: number;
  currency: Currency;
  sellerEmail: string;
  paymentMethod: PaymentMethod;
  emailStatus: EmailStatus;
  emailAttempts: number;
  /** When the current holder claimed the e-mails; a claim older than staleClaimMs is taken over. */
  emailClaimedAt: string;
  buyerEmailSent: boolean;
  sellerNoticeSent: boolean;
  accessRevoked: boolean;
  /** The checkout the payment was made for, and the price it set (docs/payments.md). */
  checkoutId: string | null;
  listPrice: number;
  discountCode: string | null;
  discountAmount: number;
  /** PayPal's capture id, which a refund names; absent for other providers. */
  captureId?: string;
  /**
   * The sale's license key (docs/licenses.md), for a product that issues them: null while it is
   * 'to be sent' (the seller's pool was empty); absent for products without keys.
   */
  licenseKey?: string | null;
  /** Pool keys left after this sale, set on the one sale that told the seller fewer than 10 remain. */
  licensePoolLeft?: number;
  /** The affiliate whose link brought the sale (docs/affiliates.md); absent for none. */
  affiliateCode?: string;
  /** Their commission, minor units (reduced by partial refunds). */
  commissionMinor?: number;
  /** 'split': paid by Paystack at the moment of sale; 'ledger': owed on the commission ledger. */
  commissionPaidBy?: 'split' | 'ledger';
  /** The membership or instalment plan the sale is a payment of (docs/memberships.md); absent for none. */
  membershipId?: string;
  /** Which payment of the plan it is, the first being 1. */
  membershipPayment?: number;
  /** The sale line's words: 'Membership started', 'Renewal 3 of ∞', 'Instalment 2 of 3'. */
  membershipLabel?: string;
}

/** The reference is already fulfilled for another product, or for another buyer (contract: 409). */
export class ReferenceConflictError extends Error {
  override name = 'ReferenceConflictError';
  constructor(message = 'This payment reference has already been used for another product.') {
    super(message);
  }
}

export function transactionIdFor(provider: Provider, reference: string): string {
  return `${provider}_${reference}`;
}
