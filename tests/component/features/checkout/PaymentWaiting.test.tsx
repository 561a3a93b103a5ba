// Payments that complete later (docs/payments.md, 'Payments that complete later'), in the payment dialog and
// on the waiting page: a bank transfer Paystack has not yet seen, a PayPal review, and the demo transfer.
// The payment libraries are replaced at their module boundary, typed against the real modules; our API
// is msw.
import type { CreateOrderActions, OnApproveActions } from '@paypal/paypal-js';
import type { PayPalButtonsComponentProps } from '@paypal/react-paypal-js';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import type { usePaystackPayment } from 'react-paystack';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WaitStatusAnswer } from '../../../../domain/apiContracts';
import { PaymentDialog } from '../../../../src/features/checkout/components/PaymentDialog';
import { WaitingPage } from '../../../../src/features/checkout/components/WaitingPage';
import type { PaymentRequest } from '../../../../src/features/checkout/paymentRequest';
import { setupAlerts } from '../../../support/alerts';
import { server } from '../../../support/msw';
import { renderWithProviders } from '../../../support/renderWithProviders';

type PaystackStart = Parameters<ReturnType<typeof usePaystackPayment>>[0];

const paystack = vi.hoisted(() => ({ starts: [] as PaystackStart[] }));

vi.mock(import('react-paystack'), () => ({
  usePaystackPayment: () => (options) => {
    paystack.starts.push(options);
  },
}));

vi.mock(import('@paypal/react-paypal-js'), () => ({
  PayPalScriptProvider: ({ children }) => <>{children}</>,
  usePayPalScriptReducer: () => [
    { options: { clientId: 'test' }, isInitial: false, isPending: false, isRejected: false, isResolved: true },
    () => {},
  ],
  PayPalButtons: (props: PayPalButtonsComponentProps) => (
    <button
      type="button"
      onClick={() =>
        void (async () => {
          await props.onClick?.({}, { resolve: async () => {}, reject: async () => {} });
          const orderID = await props.createOrder!({ paymentSource: 'paypal' }, {} as CreateOrderActions);
          await props.onApprove!({ orderID, payerID: 'PAYER123' }, {} as OnApproveActions);
        })()
      }
    >
      PayPal
    </button>
  ),
}));

setupAlerts();

const ngn: PaymentRequest = {
  amount: 7500,
  currency: 'NGN',
  productName: 'Freelance Writing Playbook',
  productId: 'demo-freelance-writing',
};
const usd: PaymentRequest = { ...ngn, amount: 9, currency: 'USD' };
const withProviders = { paystackPublicKey: 'pk_test_public_123', paypalClientId: 'paypal-client-abc', demo: false };
const demoOnly = { paystackPublicKey: '', paypalClientId: '', demo: true };
const customer = {
  name: 'Ada Chioma Obi',
  email: 'ada@example.com',
  confirmEmail: 'ada@example.com',
  phone: '+234 803 123 4567',
};
const checkoutId = '0000000000000000000a';
const token = 'w'.repeat(43);
const accessUrl = 'http://store.test/api/access/token-abc';

function status(state: WaitStatusAnswer['state'], overrides: Partial<WaitStatusAnswer> = {}): WaitStatusAnswer {
  return {
    state,
    kind: 'transfer',
    productName: 'Freelance Writing Playbook',
    amount: 7500,
    currency: 'NGN',
    email: 'ada@example.com',
    ...(state === 'paid' ? { accessUrl } : {}),
    ...overrides,
  };
}

/** The API's checkouts, the buyer's pending report, and the waiting status a test moves along. */
const api = {
  pendingBodies: [] as unknown[],
  statusCalls: [] as string[],
  status: status('waiting'),
};

beforeEach(() => {
  paystack.starts.length = 0;
  api.pendingBodies.length = 0;
  api.statusCalls.length = 0;
  api.status = status('waiting');
  server.use(
    http.post('*/api/checkouts', async ({ request }) => {
      const body = (await request.json()) as { currency: 'NGN' | 'USD'; provider?: string };
      const provider = body.provider ?? (body.currency === 'NGN' ? 'paystack' : 'paypal');
      const prefix = provider === 'demo' ? 'demo' : provider === 'paystack' ? 'ds' : 'pp';
      return HttpResponse.json(
        {
          checkoutId,
          reference: `${prefix}-${checkoutId}`,
          provider,
          amount: body.currency === 'NGN' ? 7500 : 9,
          listPrice: body.currency === 'NGN' ? 7500 : 9,
          discount: 0,
          currency: body.currency,
          expiresAt: '2026-11-22T10:00:00.000Z',
        },
        { status: 201 },
      );
    }),
    http.post('*/api/checkouts/:id/pending', async ({ request }) => {
      api.pendingBodies.push(await request.json());
      return HttpResponse.json(
        { pending: true, checkoutId, waitToken: token, status: status('waiting') },
        { status: 202 },
      );
    }),
    http.get('*/api/checkouts/:id/status', ({ request }) => {
      api.statusCalls.push(new URL(request.url).searchParams.get('t') ?? '');
      return HttpResponse.json(api.status);
    }),
  );
});

function renderDialog(request: PaymentRequest, payments = withProviders) {
  return renderWithProviders(
    <PaymentDialog request={request} payments={payments} onClose={() => {}} waitPollMs={40} />,
  );
}

async function fillForm(user: UserEvent) {
  for (const [label, value] of [
    ['Full Name', customer.name],
    ['Email', customer.email],
    ['Confirm Email', customer.confirmEmail],
    ['Phone Number', customer.phone],
  ] as const) {
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  }
}

describe('a bank transfer Paystack has not yet seen', () => {
  it("waits instead of saying 'Payment cancelled.' when onClose is followed by onBankTransferConfirmationPending", async () => {
    const { user } = renderDialog(ngn);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Pay ₦7,500' }));
    await waitFor(() => expect(paystack.starts).toHaveLength(1));
    const { config, onClose } = paystack.starts[0]!;
    // The library's order, in one turn: the popup closes (onCancel), then reports the transfer pending.
    onClose?.();
    config?.onBankTransferConfirmationPending?.();

    const dialog = await screen.findByRole('dialog', { name: "We're waiting for your transfer" });
    expect(dialog).toHaveTextContent('Your transfer of ₦7,500 for Freelance Writing Playbook is on its way.');
    expect(dialog).toHaveTextContent(
      "We'll e-mail the product to ada@example.com as soon as Paystack confirms the money (usually within minutes).",
    );
    // Announced politely, as it changes, to a screen reader.
    expect(within(dialog).getByRole('status')).toHaveAttribute('aria-live', 'polite');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Waiting for confirmation...');
    expect(api.pendingBodies).toEqual([
      { reference: `ds-${checkoutId}`, productId: 'demo-freelance-writing', customer },
    ]);
    // Long enough for the deferred cancellation to have shown, had it been going to.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('Payment cancelled.')).not.toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('turns into the success screen with the access link when the payment is fulfilled, without a reload', async () => {
    const { user } = renderDialog(ngn);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Pay ₦7,500' }));
    await waitFor(() => expect(paystack.starts).toHaveLength(1));
    paystack.starts[0]!.onClose?.();
    paystack.starts[0]!.config?.onBankTransferConfirmationPending?.();
    await screen.findByRole('dialog', { name: "We're waiting for your transfer" });
    await waitFor(() => expect(api.statusCalls.length).toBeGreaterThan(0));
    expect(api.statusCalls[0]).toBe(token);

    api.status = status('paid');
    const done = await screen.findByRole('dialog', { name: 'Payment complete' });
    expect(within(done).getByRole('status')).toHaveTextContent(
      'Payment successfulPurchase successful! Details and access to the product have been sent to your email. Thanks for your patronage.Your access link was sent to ada@example.com.',
    );
    expect(within(done).getByRole('link', { name: 'Open your product' })).toHaveAttribute('href', accessUrl);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    // The focus moved to the new screen: Tab reaches the access link first.
    await user.tab();
    expect(within(done).getByRole('link', { name: 'Open your product' })).toHaveFocus();
  });

  it('says what to do when the transfer was never confirmed', async () => {
    const { user } = renderDialog(ngn);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Pay ₦7,500' }));
    await waitFor(() => expect(paystack.starts).toHaveLength(1));
    paystack.starts[0]!.config?.onBankTransferConfirmationPending?.();
    await screen.findByRole('dialog', { name: "We're waiting for your transfer" });
    api.status = status('expired');
    const ended = await screen.findByRole('dialog', { name: 'This payment was not confirmed' });
    expect(within(ended).getByRole('status')).toHaveTextContent(
      'We did not receive the money in time, so no order was made.',
    );
  });
});

describe('a PayPal payment under review', () => {
  it("says 'PayPal is reviewing this payment; we'll e-mail your product as soon as it clears.' and waits, then shows a decline", async () => {
    server.use(
      http.post('*/api/paypal/orders', () => HttpResponse.json({ id: 'ORDER-7XY' })),
      http.post('*/api/paypal/orders/:id/capture', () =>
        HttpResponse.json(
          {
            pending: true,
            checkoutId,
            waitToken: token,
            status: status('waiting', { kind: 'paypal', amount: 9, currency: 'USD' }),
          },
          { status: 202 },
        ),
      ),
    );
    api.status = status('waiting', { kind: 'paypal', amount: 9, currency: 'USD' });
    const { user } = renderDialog(usd);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'PayPal' }));
    const dialog = await screen.findByRole('dialog', { name: 'PayPal is reviewing this payment' });
    expect(dialog).toHaveTextContent(
      "PayPal is reviewing this payment; we'll e-mail your product as soon as it clears.",
    );
    expect(dialog).toHaveTextContent('$9 for Freelance Writing Playbook, to ada@example.com.');
    expect(screen.queryByText(/still processing/)).not.toBeInTheDocument();

    api.status = status('declined', { kind: 'paypal', amount: 9, currency: 'USD' });
    const declined = await screen.findByRole('dialog', { name: 'PayPal declined this payment' });
    expect(declined).toHaveTextContent('PayPal declined this payment, so no money was taken and no order was made.');
  });
});

describe('Pay by transfer (demo)', () => {
  it('makes a demo checkout, reports the transfer and waits for the demo bank', async () => {
    const { user } = renderDialog(ngn, demoOnly);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Pay by transfer (demo)' }));
    await screen.findByRole('dialog', { name: "We're waiting for your transfer" });
    expect(api.pendingBodies).toEqual([
      { reference: `demo-${checkoutId}`, productId: 'demo-freelance-writing', customer },
    ]);
    api.status = status('paid');
    await screen.findByRole('dialog', { name: 'Payment complete' });
  });

  it('is offered only in NGN: a USD buyer sees the demo payment and no transfer', async () => {
    renderDialog(usd, demoOnly);
    expect(await screen.findByRole('button', { name: 'Complete demo payment of $9' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay by transfer (demo)' })).not.toBeInTheDocument();
  });
});

describe('the waiting page (/checkout/{id}?t=)', () => {
  function renderPage(route: string) {
    return renderWithProviders(
      <Routes>
        <Route path="/checkout/:checkoutId" element={<WaitingPage pollMs={40} />} />
      </Routes>,
      { route },
    );
  }

  it('shows the payment waiting, then paid with the access link', async () => {
    renderPage(`/checkout/${checkoutId}?t=${token}`);
    expect(await screen.findByRole('heading', { name: "We're waiting for your transfer" })).toBeInTheDocument();
    expect(screen.getByText('Your transfer of ₦7,500 for Freelance Writing Playbook is on its way.')).toBeVisible();
    api.status = status('paid');
    expect(await screen.findByRole('heading', { name: 'Payment complete' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your product' })).toHaveAttribute('href', accessUrl);
    expect(screen.getByText('Your access link was sent to ada@example.com.')).toBeVisible();
    expect(api.statusCalls.every((sent) => sent === token)).toBe(true);
  });

  it('says the link is not valid when the API does not know its token', async () => {
    server.use(
      http.get('*/api/checkouts/:id/status', () =>
        HttpResponse.json({ message: 'This payment link is not valid.' }, { status: 404 }),
      ),
    );
    renderPage(`/checkout/${checkoutId}?t=wrong`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This payment link is not valid.');
  });
});
