// The sweeps' question about a Paystack checkout (server/orders/pendingOrders.ts): what each answer of
// fulfilment means for the checkout. 'issue' lets it expire (and give its code use back); a payment
// recorded for the seller only because saving failed is 'unknown', so it is kept and tried again.
import { describe, expect, it } from 'vitest';
import type { Checkout } from '../../../../server/checkouts/checkouts';
import type { OrderServiceDeps } from '../../../../server/orders/orderContext';
import { checkPaystackCheckout } from '../../../../server/orders/pendingOrders';
import { PaymentIssueRecordedError } from '../../../../server/payments/paymentIssues';
import { PaymentNotVerifiedError, ProviderUnavailableError } from '../../../../server/payments/providerErrors';

const logged: string[] = [];
const deps = {
  paystack: {},
  waiting: { logError: (message: string) => logged.push(message) },
} as unknown as OrderServiceDeps;
const checkout = { id: 'chk-1', provider: 'paystack', reference: 'ref-1', status: 'open' } as unknown as Checkout;

const failing = (error: Error) => () => Promise.reject(error);

describe('checkPaystackCheckout', () => {
  it("answers 'paid' for a fulfilled payment and 'waiting' for one under way", async () => {
    expect(await checkPaystackCheckout(deps, checkout, () => Promise.resolve({ accessUrl: '/x' }))).toBe('paid');
    expect(await checkPaystackCheckout(deps, checkout, () => Promise.resolve('waiting'))).toBe('waiting');
  });

  it("answers 'issue' for a payment the seller must handle, which no later try changes", async () => {
    const error = new PaymentIssueRecordedError('paystack_ref-1', 'ada@example.com');
    expect(await checkPaystackCheckout(deps, checkout, failing(error))).toBe('issue');
  });

  it("answers 'unknown' for a payment recorded for the seller because saving it failed: tried again later", async () => {
    const error = new PaymentIssueRecordedError('paystack_ref-1', 'ada@example.com', true);
    expect(await checkPaystackCheckout(deps, checkout, failing(error))).toBe('unknown');
  });

  it("answers 'unpaid' when Paystack says no, 'unknown' when it cannot be asked or fulfilment fails", async () => {
    expect(await checkPaystackCheckout(deps, checkout, failing(new PaymentNotVerifiedError('no')))).toBe('unpaid');
    const down = new ProviderUnavailableError('Paystack', 'timeout');
    expect(await checkPaystackCheckout(deps, checkout, failing(down))).toBe('unknown');
    expect(await checkPaystackCheckout(deps, checkout, failing(new Error('boom')))).toBe('unknown');
    expect(logged).toEqual(['Checkout chk-1: Paystack check failed']);
  });

  it("answers 'unpaid' for a checkout that is not Paystack's", async () => {
    const paypal = { ...checkout, provider: 'paypal' } as Checkout;
    expect(await checkPaystackCheckout(deps, paypal, () => Promise.resolve('waiting'))).toBe('unpaid');
  });
});
