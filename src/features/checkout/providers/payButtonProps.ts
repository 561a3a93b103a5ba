import type { CheckoutAnswer, CheckoutProvider, OrderAnswer } from '../../../../domain/apiContracts';
import type { Customer } from '../api/orderApi';
import type { PaymentRequest } from '../paymentRequest';

/** What the dialog gives each way of paying (demo, Paystack, PayPal). */
export interface PayButtonProps {
  request: PaymentRequest;
  /**
   * Checks the form and returns the buyer when it may be used; otherwise null, after showing why
   * (the field messages, or 'Emails do not match!').
   */
  readCustomer: () => Customer | null;
  /**
   * Pay pressed: asks the API for a checkout (the price the server sets). Resolves with it when the
   * buyer may pay it now; with null after showing why not (the price changed and must be confirmed
   * by pressing Pay again, the product is gone, the store cannot be reached).
   */
  prepareCheckout: (customer: Customer) => Promise<CheckoutAnswer | null>;
  /** A payment or a recording of one is under way: nothing may start another. */
  busy: boolean;
  /** Records a payment the provider reported as made, and shows the outcome. */
  fulfil: (record: () => Promise<OrderAnswer>, provider: CheckoutProvider) => Promise<void>;
  /** The buyer sent a transfer the provider has not yet seen: the dialog waits for it. */
  transferPending: (checkout: Pick<CheckoutAnswer, 'checkoutId' | 'reference'>, customer: Customer) => Promise<void>;
}
