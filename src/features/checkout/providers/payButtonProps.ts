import type { OrderAnswer } from '../../../../domain/apiContracts';
import type { Customer } from '../api/orderApi';
import type { PaymentRequest } from '../paymentRequest';

export type PaidProvider = 'paystack' | 'paypal' | 'demo';

/** What the dialog gives each way of paying (demo, Paystack, PayPal). */
export interface PayButtonProps {
  request: PaymentRequest;
  /**
   * Checks the form and returns the buyer when it may be used; otherwise null, after showing why
   * (the field messages, or 'Emails do not match!').
   */
  readCustomer: () => Customer | null;
  /** A payment or a recording of one is under way: nothing may start another. */
  busy: boolean;
  /** Records a payment the provider reported as made, and shows the outcome. */
  fulfil: (record: () => Promise<OrderAnswer>, provider: PaidProvider) => Promise<void>;
}
