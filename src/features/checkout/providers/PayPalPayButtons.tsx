// USD through PayPal's buttons (docs/payments.md). The API creates the order at the database
// price and captures it; this module only relays PayPal's callbacks. A membership or instalment plan
// subscribes instead (docs/memberships.md, 'PayPal plans'): the SDK loads for subscriptions, the
// subscription names the checkout's plan and id, and the API reads it back from PayPal before anything
// is released. @paypal/react-paypal-js and PayPal's SDK script load only when a USD buyer opens the dialog.
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { useRef } from 'react';
import { showError, showInfo } from '../../../lib/alerts';
import { toAppError } from '../../../lib/errors';
import { capturePayPalOrder, confirmPayPalSubscription, createPayPalOrder, type Customer } from '../api/orderApi';
import { beforePaymentWords, messages, reasonOf } from '../checkoutMessages';
import type { PayButtonProps } from './payButtonProps';

const payPalOrderWords = beforePaymentWords(messages.payPalError);

export function PayPalPayButtons({
  clientId,
  subscribe = false,
  ...props
}: PayButtonProps & {
  clientId: string;
  /** A plan's first payment without a discount: PayPal's subscription buttons instead of an order. */
  subscribe?: boolean;
}) {
  // The SDK loads for one intent: a change (a code applied to a plan) loads it again for the other.
  const options = subscribe
    ? { clientId, currency: 'USD', intent: 'subscription', vault: true }
    : { clientId, currency: 'USD', intent: 'capture' };
  return (
    <PayPalScriptProvider key={options.intent} options={options}>
      <PayPalArea {...props} subscribe={subscribe} />
    </PayPalScriptProvider>
  );
}

function PayPalArea({
  request,
  readCustomer,
  prepareCheckout,
  busy,
  fulfil,
  subscribe,
}: PayButtonProps & { subscribe: boolean }) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  // The buyer as checked when they clicked: createOrder and onApprove use the same details.
  const customer = useRef<Customer | null>(null);
  // PayPal hands a failed createOrder to onError as well (possibly wrapped): one message is enough.
  const explained = useRef(false);

  /** The checkout for the buyer as checked at the click: the API sets the price (and the plan). */
  const openCheckout = async () => {
    const buyer = customer.current ?? readCustomer();
    if (!buyer) {
      explained.current = true;
      throw new Error('The form is not complete.');
    }
    customer.current = buyer;
    // A changed price is shown in the dialog and this attempt ends; the next click pays the new price.
    const checkout = await prepareCheckout(buyer);
    if (!checkout) {
      explained.current = true;
      throw new Error('The checkout was not opened.');
    }
    return checkout;
  };

  if (isRejected) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800 ring-1 ring-red-200">
        {messages.payPalScriptFailed}
      </p>
    );
  }

  return (
    <div aria-busy={isPending || busy}>
      {isPending && (
        <p role="status" className="py-3 text-center text-slate-600">
          Loading PayPal...
        </p>
      )}
      <PayPalButtons
        style={{ layout: 'vertical', shape: 'rect', label: subscribe ? 'subscribe' : 'pay' }}
        disabled={busy}
        onClick={(_data, actions) => {
          explained.current = false;
          customer.current = busy ? null : readCustomer();
          return customer.current ? actions.resolve() : actions.reject();
        }}
        {...(subscribe
          ? {
              createSubscription: async (_data, actions) => {
                const checkout = await openCheckout();
                if (!checkout.paypalPlanId) {
                  // PayPal's plan could not be made (PayPal unreachable): no subscription without it.
                  void showError(messages.payPalPlanUnavailable);
                  explained.current = true;
                  throw new Error('The checkout has no PayPal plan.');
                }
                return actions.subscription.create({ plan_id: checkout.paypalPlanId, custom_id: checkout.checkoutId });
              },
              onApprove: async (data) => {
                const buyer = customer.current;
                const subscriptionId = data.subscriptionID;
                if (!buyer || !subscriptionId) return;
                await fulfil(() => confirmPayPalSubscription(subscriptionId, request.productId, buyer), 'paypal');
              },
            }
          : {
              createOrder: async () => {
                const checkout = await openCheckout();
                try {
                  return await createPayPalOrder(checkout.checkoutId);
                } catch (error) {
                  // The API refuses the order with a sentence for the buyer ('Emails do not match!', a
                  // product no longer for sale): shown here as it is rather than as a PayPal error.
                  void showError(toAppError(error, payPalOrderWords).message);
                  explained.current = true;
                  throw error;
                }
              },
              onApprove: async (data) => {
                const buyer = customer.current;
                if (!buyer) return;
                await fulfil(() => capturePayPalOrder(data.orderID, request.productId, buyer), 'paypal');
              },
            })}
        onCancel={() => void showInfo(messages.payPalCancelled)}
        onError={(error) => {
          if (explained.current) {
            explained.current = false;
            return;
          }
          const reason = reasonOf(error);
          void showError(reason ? messages.payPalError(reason) : messages.unknownError);
        }}
      />
    </div>
  );
}
