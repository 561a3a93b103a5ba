// A checkout and a quote (docs/payments.md): the price is set here, before any money moves, and never
// comes from the browser.
import type { CheckoutAnswer, PriceQuoteAnswer } from '../../domain/apiContracts';
import { normalizeCode } from '../../domain/discounts';
import { CheckoutRefusedError } from '../checkouts/checkouts';
import {
  requireDemo,
  requirePaypal,
  requirePaystack,
  sameAddress,
  type CheckoutRequest,
  type OrderServiceDeps,
} from './orderContext';
import type { Currency } from '../../domain/money';
import { readStoreSettings, storeSettingsPath } from '../../domain/storeSettings';

export async function createCheckout(
  deps: OrderServiceDeps,
  { productId, currency, customer, code, provider, checkoutId, clientAddress, ref, renewBy }: CheckoutRequest,
): Promise<CheckoutAnswer> {
  const { checkouts } = deps;
  const chosen = provider ?? (currency === 'NGN' ? 'paystack' : 'paypal');
  const checkProvider = () => {
    if (chosen === 'demo') requireDemo(deps);
    else if (chosen === 'paystack') {
      // Paystack charges this store in NGN only; USD goes through PayPal (docs/payments.md).
      if (currency !== 'NGN') {
        throw new CheckoutRefusedError('Card payments are in NGN. Please pay in USD with PayPal.', 400);
      }
      requirePaystack(deps);
    } else {
      if (currency !== 'USD') throw new CheckoutRefusedError('PayPal payments are in USD.', 400);
      requirePaypal(deps);
    }
  };
  const wantedCode = code?.trim() ? normalizeCode(code) : null;
  if (checkoutId) {
    const earlier = await checkouts.byId(checkoutId);
    // The same price only for the same purchase: product, currency, buyer, code and a provider
    // that fits, while the checkout is open, unexpired and still holds its code's use; otherwise
    // a new one at today's price.
    if (
      earlier &&
      earlier.status === 'open' &&
      !checkouts.isExpired(earlier) &&
      !earlier.codeHoldReplacedBy &&
      earlier.productId === productId &&
      earlier.currency === currency &&
      sameAddress(earlier.customer.email, customer.email) &&
      earlier.discountCode === wantedCode &&
      (earlier.provider === chosen || earlier.provider === 'free')
    ) {
      if (earlier.provider !== 'free') checkProvider();
      return withPlan(deps, await withChannels(deps, checkouts.answerFor(earlier)), productId, renewBy);
    }
  }
  // An affiliate the API does not accept (unknown, not approved, the buyer's own) is ignored: the
  // buyer still pays, and nobody earns a commission (docs/affiliates.md).
  const affiliate =
    ref && deps.affiliates ? await deps.affiliates.attributionFor(ref.toUpperCase(), customer.email) : null;
  const { answer } = await checkouts.create({
    affiliate,
    productId,
    currency,
    provider: chosen,
    customer,
    code: wantedCode ?? undefined,
    clientAddress,
    // Refused before anything is written, so a code use is never held for a provider that cannot
    // take the payment; once the price is known, since a free order needs no provider at all.
    // Whether this address had the product free is not asked here: the answer would tell anyone
    // who the store's buyers are. The free order's fulfilment decides it (payFree).
    beforeWrite: (amountMinor) => {
      if (amountMinor > 0) checkProvider();
    },
  });
  return withPlan(deps, await withChannels(deps, answer), productId, renewBy);
}

/** A Paystack checkout carries the channels the seller offers (settings/store), for the popup's `channels`. */
async function withChannels({ db }: Pick<OrderServiceDeps, 'db'>, answer: CheckoutAnswer): Promise<CheckoutAnswer> {
  if (answer.provider !== 'paystack') return answer;
  const settings = await db.collection(storeSettingsPath.collection).doc(storeSettingsPath.id).get();
  return { ...answer, channels: readStoreSettings(settings.data()).paystackChannels };
}

/**
 * A Paystack checkout of a membership or an instalment plan asked to renew by card carries the product's
 * plan, which the popup passes so Paystack charges the later payments itself (docs/memberships.md); a
 * PayPal checkout of one carries the PayPal plan the buttons subscribe to (USD renews only so). Not
 * with a discount: the provider charges a plan's own amount, and the code takes its share off this payment.
 */
async function withPlan(
  { renewalPlans }: Pick<OrderServiceDeps, 'renewalPlans'>,
  answer: CheckoutAnswer,
  productId: string,
  renewBy: CheckoutRequest['renewBy'],
): Promise<CheckoutAnswer> {
  if (answer.discount > 0 || !renewalPlans) return answer;
  if (answer.provider === 'paypal' && renewalPlans.paypalPlanFor) {
    const planId = await renewalPlans.paypalPlanFor(productId);
    return planId ? { ...answer, paypalPlanId: planId } : answer;
  }
  if (answer.provider !== 'paystack' || renewBy !== 'card') return answer;
  const plan = await renewalPlans.paystackPlanFor(productId);
  return plan ? { ...answer, paystackPlan: plan } : answer;
}

// The same answer for a buyer and a stranger: what an address had free is decided at fulfilment.
export function quote(
  { checkouts }: Pick<OrderServiceDeps, 'checkouts'>,
  {
    productId,
    currency,
    code,
    email,
  }: { productId: string; currency: Currency; code: string; email?: string | undefined },
): Promise<PriceQuoteAnswer> {
  return checkouts.quote({ productId, currency, code, email: email ?? '' });
}
