// The payment dialog of a membership or an instalment plan in USD (docs/memberships.md, 'PayPal plans'):
// PayPal's SDK loads for subscriptions, the subscription names the checkout's plan and id, and the API
// confirms it (or the buyer waits for PayPal to charge it). A discount code makes the first payment a
// single order, said in one line. Our API is msw; @paypal/react-paypal-js is replaced at its module
// boundary, typed against the real module, and plays what PayPal's SDK does with the buttons' callbacks.
import type { PayPalScriptOptions } from '@paypal/paypal-js';
import type { PayPalButtonsComponentProps } from '@paypal/react-paypal-js';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentDialog } from '../../../../src/features/checkout/components/PaymentDialog';
import type { PaymentRequest } from '../../../../src/features/checkout/paymentRequest';
import { setupAlerts } from '../../../support/alerts';
import { server } from '../../../support/msw';
import { renderWithProviders } from '../../../support/renderWithProviders';

const paypal = vi.hoisted(() => ({
  providerOptions: [] as PayPalScriptOptions[],
  subscriptionsCreated: [] as Array<Record<string, unknown>>,
  ordersCreated: [] as string[],
}));

/** The buyer approves in PayPal's window: a subscription with a createSubscription, else an order. */
async function playPayPal(props: PayPalButtonsComponentProps) {
  await props.onClick?.({}, { resolve: async () => {}, reject: async () => {} });
  try {
    if (props.createSubscription) {
      const actions = {
        subscription: {
          create: async (body: Record<string, unknown>) => {
            paypal.subscriptionsCreated.push(body);
            return 'I-BW452GLLEP1G';
          },
        },
      } as unknown as Parameters<NonNullable<PayPalButtonsComponentProps['createSubscription']>>[1];
      const subscriptionID = await props.createSubscription({}, actions);
      await props.onApprove!(
        { subscriptionID, orderID: '', payerID: 'PAYER123' },
        {} as Parameters<NonNullable<PayPalButtonsComponentProps['onApprove']>>[1],
      );
      return;
    }
    const orderID = await props.createOrder!(
      { paymentSource: 'paypal' },
      {} as Parameters<NonNullable<PayPalButtonsComponentProps['createOrder']>>[1],
    );
    paypal.ordersCreated.push(orderID);
  } catch (error) {
    props.onError?.({ message: error instanceof Error ? error.message : String(error) });
  }
}

vi.mock(import('@paypal/react-paypal-js'), () => ({
  PayPalScriptProvider: ({ options, children }) => {
    paypal.providerOptions.push(options);
    return <>{children}</>;
  },
  usePayPalScriptReducer: () => [
    { options: { clientId: 'test' }, isInitial: false, isPending: false, isRejected: false, isResolved: true },
    () => {},
  ],
  PayPalButtons: (props) => (
    <button type="button" onClick={() => void playPayPal(props)}>
      PayPal
    </button>
  ),
}));

setupAlerts();

const monthly: PaymentRequest = {
  amount: 5,
  currency: 'USD',
  productName: 'Signals Group',
  productId: 'signals-group',
  pricing: { kind: 'membership', interval: 'monthly' },
};
const payments = { paystackPublicKey: '', paypalClientId: 'paypal-client-abc', demo: false };
const customer = {
  name: 'Ada Obi',
  email: 'ada@example.com',
  confirmEmail: 'ada@example.com',
  phone: '+2348031234567',
};
const okAnswer = {
  transactionId: 'paypal_I-BW452GLLEP1G',
  emailSent: true,
  accessUrl: 'http://store.test/api/access/t',
};
const api = {
  checkouts: [] as Array<Record<string, unknown>>,
  confirms: [] as Array<{ path: string; body: unknown }>,
  planId: 'P-5ML4271244454362WXNWU5NQ' as string | null,
  confirm: (): Response => HttpResponse.json(okAnswer),
  /** What the waiting state's poll reads. */
  status: 'paid' as 'waiting' | 'paid',
};

beforeEach(() => {
  paypal.providerOptions.length = 0;
  paypal.subscriptionsCreated.length = 0;
  paypal.ordersCreated.length = 0;
  api.checkouts.length = 0;
  api.confirms.length = 0;
  api.planId = 'P-5ML4271244454362WXNWU5NQ';
  api.confirm = () => HttpResponse.json(okAnswer);
  api.status = 'paid';
  server.use(
    http.post('*/api/checkouts/quote', () =>
      HttpResponse.json({ code: 'SPRING', currency: 'USD', listPrice: 5, discount: 1, amount: 4 }),
    ),
    http.post('*/api/checkouts', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      api.checkouts.push(body);
      const discounted = body.code === 'SPRING';
      return HttpResponse.json(
        {
          checkoutId: '0000000000000000000b',
          reference: 'pp-0000000000000000000b',
          provider: 'paypal',
          amount: discounted ? 4 : 5,
          listPrice: 5,
          discount: discounted ? 1 : 0,
          currency: 'USD',
          expiresAt: '2026-11-22T10:00:00.000Z',
          ...(!discounted && api.planId ? { paypalPlanId: api.planId } : {}),
        },
        { status: 201 },
      );
    }),
    http.post('*/api/paypal/orders', () => HttpResponse.json({ id: 'ORDER-7XY' })),
    http.post('*/api/paypal/subscriptions/:id/confirm', async ({ request }) => {
      api.confirms.push({ path: new URL(request.url).pathname, body: await request.json() });
      return api.confirm();
    }),
    http.get('*/api/checkouts/:id/status', () =>
      HttpResponse.json({
        state: api.status,
        kind: 'paypal',
        productName: 'Signals Group',
        amount: 5,
        currency: 'USD',
        email: 'ada@example.com',
        ...(api.status === 'paid' ? { accessUrl: okAnswer.accessUrl } : {}),
      }),
    ),
  );
});

async function fillForm(user: UserEvent) {
  const dialog = screen.getByRole('dialog', { name: 'Complete Payment', hidden: true });
  for (const [label, value] of [
    ['Full Name', customer.name],
    ['Email', customer.email],
    ['Confirm Email', customer.confirmEmail],
    ['Phone Number', customer.phone],
  ] as const) {
    await user.click(within(dialog).getByLabelText(label));
    await user.paste(value);
  }
}

const render = (request: PaymentRequest = monthly) =>
  renderWithProviders(<PaymentDialog request={request} payments={payments} onClose={vi.fn()} waitPollMs={40} />);

describe('a monthly membership in USD', () => {
  it('loads PayPal for subscriptions, subscribes to the checkout’s plan and shows the purchase the API confirmed', async () => {
    const { user } = render();
    await fillForm(user);
    await user.click(await screen.findByRole('button', { name: 'PayPal' }));
    const done = await screen.findByRole('dialog', { name: 'Payment complete' });
    expect(within(done).getByRole('link', { name: 'Open your product' })).toHaveAttribute('href', okAnswer.accessUrl);
    expect(paypal.providerOptions.at(-1)).toEqual({
      clientId: 'paypal-client-abc',
      currency: 'USD',
      intent: 'subscription',
      vault: true,
    });
    expect(api.checkouts).toEqual([{ productId: 'signals-group', currency: 'USD', customer }]);
    expect(paypal.subscriptionsCreated).toEqual([
      { plan_id: 'P-5ML4271244454362WXNWU5NQ', custom_id: '0000000000000000000b' },
    ]);
    expect(paypal.ordersCreated).toEqual([]);
    expect(api.confirms).toEqual([
      {
        path: '/api/paypal/subscriptions/I-BW452GLLEP1G/confirm',
        body: { productId: 'signals-group', customer },
      },
    ]);
  });

  it('waits while PayPal has not charged the subscription, and completes when it has', async () => {
    api.confirm = () =>
      HttpResponse.json(
        {
          pending: true,
          checkoutId: '0000000000000000000b',
          waitToken: 'a'.repeat(43),
          status: {
            state: 'waiting',
            kind: 'paypal',
            productName: 'Signals Group',
            amount: 5,
            currency: 'USD',
            email: 'ada@example.com',
          },
        },
        { status: 202 },
      );
    api.status = 'waiting';
    const { user } = render();
    await fillForm(user);
    await user.click(await screen.findByRole('button', { name: 'PayPal' }));
    const waiting = await screen.findByRole('dialog', { name: 'PayPal is reviewing this payment' });
    expect(within(waiting).getByText('$5 for Signals Group, to ada@example.com.')).toBeInTheDocument();
    api.status = 'paid';
    const done = await screen.findByRole('dialog', { name: 'Payment complete' });
    expect(within(done).getByRole('link', { name: 'Open your product' })).toHaveAttribute('href', okAnswer.accessUrl);
    expect(api.confirms).toHaveLength(1);
  });

  it('releases nothing when the API refuses the subscription, and says why in words', async () => {
    api.confirm = () =>
      HttpResponse.json({ message: 'This PayPal subscription is not on this product’s plan.' }, { status: 402 });
    const { user } = render();
    await fillForm(user);
    await user.click(await screen.findByRole('button', { name: 'PayPal' }));
    expect(
      await screen.findByRole('dialog', {
        name: 'PayPal payment failed: This PayPal subscription is not on this product’s plan.',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Payment complete' })).toBeNull();
  });

  it('starts no subscription when the checkout came without a PayPal plan, and says so', async () => {
    api.planId = null;
    const { user } = render();
    await fillForm(user);
    await user.click(await screen.findByRole('button', { name: 'PayPal' }));
    expect(
      await screen.findByRole('dialog', {
        name: 'PayPal cannot start this plan right now. Please try again in a few minutes.',
      }),
    ).toBeInTheDocument();
    expect(paypal.subscriptionsCreated).toEqual([]);
    expect(api.confirms).toEqual([]);
  });

  it('with a discount code pays the first month as one order and says in one line that it does not renew', async () => {
    const { user } = render();
    expect(paypal.providerOptions.at(-1)).toMatchObject({ intent: 'subscription' });
    await user.click(screen.getByLabelText('Discount code'));
    await user.paste('SPRING');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText(
        'With this code PayPal takes this first payment only: your membership lasts one month and does not renew by itself.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(paypal.providerOptions.at(-1)).toMatchObject({ intent: 'capture' }));
    await fillForm(user);
    await user.click(await screen.findByRole('button', { name: 'PayPal' }));
    await waitFor(() => expect(paypal.ordersCreated).toEqual(['ORDER-7XY']));
    expect(api.checkouts.at(-1)).toMatchObject({ code: 'SPRING' });
    expect(paypal.subscriptionsCreated).toEqual([]);
  });
});

describe('instalments in USD', () => {
  it('say in one line with a discount code that the other instalments are not charged by themselves', async () => {
    const { user } = render({ ...monthly, pricing: { kind: 'instalments', count: 3 } });
    await user.click(screen.getByLabelText('Discount code'));
    await user.paste('SPRING');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText(
        'With this code PayPal takes this first instalment only: the others are not charged by themselves.',
      ),
    ).toBeInTheDocument();
  });
});
