// NGN through Paystack's popup (docs/payments.md). react-paystack lives only in this module,
// which the dialog loads when an NGN buyer opens it: nobody downloads it before Buy Now.
import { usePaystackPayment } from 'react-paystack';
import { showError } from '../../../lib/alerts';
import { formatPrice } from '../../../../domain/money';
import { placeOrder, type Customer } from '../api/orderApi';
import { messages, reasonOf } from '../checkoutMessages';
import { splitFullName, toMinorUnits } from '../paymentDetails';
import { payButtonClass } from './payButtonClass';
import type { PayButtonProps } from './payButtonProps';

export function PaystackPayButton({
  request,
  readCustomer,
  prepareCheckout,
  busy,
  fulfil,
  transferPending,
  publicKey,
}: PayButtonProps & { publicKey: string }) {
  const initializePayment = usePaystackPayment({ publicKey });

  const pay = async () => {
    if (busy) return;
    const customer = readCustomer();
    if (!customer) return;
    // The popup opens for exactly the checkout the API set: its reference and its amount.
    // (react-paystack cannot resume a transaction initialized on the server, so the amount is
    // passed here; the API verifies the payment against the checkout either way.)
    const checkout = await prepareCheckout(customer);
    if (!checkout) return;
    const { reference } = checkout;
    const { firstName, lastName } = splitFullName(customer.name);
    const record = () =>
      placeOrder({ provider: 'paystack', reference, productId: request.productId, currency: 'NGN', customer });
    // A transfer Paystack has not yet seen closes the popup (onClose) and then, in the same turn,
    // reports it pending: the closing is only a cancellation if no pending report follows.
    let transferSent = false;
    try {
      initializePayment({
        config: {
          email: customer.email,
          amount: toMinorUnits(checkout.amount),
          currency: 'NGN',
          firstname: firstName,
          lastname: lastName || undefined,
          phone: customer.phone,
          reference,
          // The ways to pay the seller offers (Store settings); Paystack's own default without them.
          ...(checkout.channels?.length ? { channels: checkout.channels } : {}),
          // A membership renewed by card: Paystack's plan, which it renews by card only (docs/memberships.md).
          ...(checkout.paystackPlan ? { plan: checkout.paystackPlan, channels: ['card'] } : {}),
          // An affiliate with a Paystack subaccount is paid their share at once (docs/affiliates.md).
          ...(checkout.split
            ? {
                subaccount: checkout.split.subaccount,
                transaction_charge: checkout.split.transactionCharge,
                bearer: checkout.split.bearer,
              }
            : {}),
          onBankTransferConfirmationPending: () => {
            transferSent = true;
            void transferPending(checkout, customer);
          },
          // A fresh object each time: the library adds the page address to it. custom_fields is what
          // the seller sees beside the payment on Paystack's dashboard.
          metadata: {
            productId: request.productId,
            checkoutId: checkout.checkoutId,
            customer: { ...customer } satisfies Customer,
            custom_fields: [{ display_name: 'Product', variable_name: 'product', value: request.productName }],
          },
        },
        onSuccess: () => void fulfil(record, 'paystack'),
        onClose: () => {
          setTimeout(() => {
            if (!transferSent) void showError(messages.paymentCancelled);
          }, 0);
        },
      });
    } catch (error) {
      // The library refuses parameters it cannot use before any money moves.
      void showError(messages.paymentFailed(reasonOf(error) ?? messages.unknownError));
    }
  };

  return (
    <button type="submit" onClick={() => void pay()} disabled={busy} className={payButtonClass}>
      Pay {formatPrice(request.amount, 'NGN')}
    </button>
  );
}
