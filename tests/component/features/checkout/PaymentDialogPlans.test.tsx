// The payment dialog of a membership or an instalment plan in NGN (docs/memberships.md): Paystack's
// plan, card only, said in one line, with 'Pay each month by transfer' below; the choice goes to the
// checkout as renewBy and the popup gets the plan the API answers. Our API is msw; react-paystack is
// replaced at its module boundary.
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { usePaystackPayment } from 'react-paystack';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentDialog } from '../../../../src/features/checkout/components/PaymentDialog';
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

setupAlerts();

const monthly: PaymentRequest = {
  amount: 5000,
  currency: 'NGN',
  productName: 'Signals Group',
  productId: 'signals-group',
  pricing: { kind: 'membership', interval: 'monthly' },
};
const payments = { paystackPublicKey: 'pk_test_public_123', paypalClientId: '', demo: false };
const bodies: Array<Record<string, unknown>> = [];

beforeEach(() => {
  paystack.starts.length = 0;
  bodies.length = 0;
  server.use(
    http.post('*/api/checkouts', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return HttpResponse.json(
        {
          checkoutId: '0000000000000000000a',
          reference: 'ds-0000000000000000000a',
          provider: 'paystack',
          amount: 5000,
          listPrice: 5000,
          discount: 0,
          currency: 'NGN',
          expiresAt: '2026-11-22T10:00:00.000Z',
          channels: ['card', 'bank_transfer', 'ussd'],
          ...(body.renewBy === 'card' ? { paystackPlan: 'PLN_gx2wn530m0i3w3m' } : {}),
        },
        { status: 201 },
      );
    }),
  );
});

async function fillAndPay(user: UserEvent) {
  const dialog = screen.getByRole('dialog', { name: 'Complete Payment', hidden: true });
  for (const [label, value] of [
    ['Full Name', 'Ada Obi'],
    ['Email', 'ada@example.com'],
    ['Confirm Email', 'ada@example.com'],
    ['Phone Number', '+234 803 123 4567'],
  ] as const) {
    await user.click(within(dialog).getByLabelText(label));
    await user.paste(value);
  }
  await user.click(await screen.findByRole('button', { name: 'Pay ₦5,000' }));
}

describe('a monthly membership in NGN', () => {
  it("says card only in one line and opens Paystack's popup with the plan, card only", async () => {
    const { user } = renderWithProviders(<PaymentDialog request={monthly} payments={payments} onClose={vi.fn()} />);
    expect(await screen.findByText('Card only: Paystack charges your card each month.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Pay each month by transfer' })).not.toBeChecked();
    await fillAndPay(user);
    expect(bodies.at(-1)).toMatchObject({ productId: 'signals-group', currency: 'NGN', renewBy: 'card' });
    expect(paystack.starts).toHaveLength(1);
    expect(paystack.starts[0]!.config).toMatchObject({
      amount: 500000,
      plan: 'PLN_gx2wn530m0i3w3m',
      channels: ['card'],
      reference: 'ds-0000000000000000000a',
    });
  });

  it("chosen by keyboard, 'Pay each month by transfer' pays the first month by any channel, without a plan", async () => {
    const { user } = renderWithProviders(<PaymentDialog request={monthly} payments={payments} onClose={vi.fn()} />);
    const choice = await screen.findByRole('checkbox', { name: 'Pay each month by transfer' });
    choice.focus();
    await user.keyboard(' ');
    expect(choice).toBeChecked();
    expect(
      screen.getByText('You pay this month by any method, and each month from a link we e-mail you before it is due.'),
    ).toBeInTheDocument();
    await fillAndPay(user);
    expect(bodies.at(-1)).toMatchObject({ renewBy: 'transfer' });
    const { config } = paystack.starts[0]!;
    expect(config).toMatchObject({ channels: ['card', 'bank_transfer', 'ussd'] });
    expect(config).not.toHaveProperty('plan');
  });
});

describe('a product sold once', () => {
  it('offers no renewal choice and sends none', async () => {
    const once: PaymentRequest = { ...monthly, pricing: { kind: 'once' } };
    const { user } = renderWithProviders(<PaymentDialog request={once} payments={payments} onClose={vi.fn()} />);
    await fillAndPay(user);
    expect(screen.queryByRole('checkbox', { name: 'Pay each month by transfer' })).not.toBeInTheDocument();
    expect(bodies.at(-1)).not.toHaveProperty('renewBy');
  });
});
