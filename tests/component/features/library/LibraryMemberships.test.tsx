// The library's plans (docs/memberships.md, 'What buyers see'): each plan with its status, next payment
// and amount; Cancel says when access ends before the buyer confirms, in a dialog; Resume; Update card
// and Pay now by transfer follow the link the API answers. Our API is stubbed with msw, as the library's
// other component tests do.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { LibraryAnswer } from '../../../../domain/library';
import type { MemberRow } from '../../../../domain/memberRows';
import { LibraryList } from '../../../../src/features/library/components/LibraryList';
import { server } from '../../../support/msw';
import { renderWithProviders } from '../../../support/renderWithProviders';

const library: LibraryAnswer = { email: 'ada@example.com', purchases: [] };

function buildPlan(overrides: Partial<MemberRow> = {}): MemberRow {
  return {
    id: 'paystack_ds-100',
    productId: 'signals',
    productTitle: 'Signals Club',
    kind: 'membership',
    interval: 'monthly',
    instalments: null,
    currency: 'NGN',
    amountMinor: 500000,
    customer: { name: 'Ada Obi', email: 'ada@example.com' },
    renewal: 'card',
    status: 'active',
    paidThrough: '2026-12-22T09:00:00.000Z',
    nextPaymentAt: '2026-12-22T09:00:00.000Z',
    graceEndsAt: null,
    cancelledAt: null,
    endedAt: null,
    createdAt: '2026-11-22T09:00:00.000Z',
    ...overrides,
  };
}

/** The API with one plan, whose cancel and resume change it as the API does. */
function planEndpoints(first: MemberRow) {
  let plan = first;
  const calls: string[] = [];
  server.use(
    http.get('*/api/library/memberships', () => HttpResponse.json({ memberships: [plan] })),
    http.post('*/api/library/memberships/:id/cancel', ({ params }) => {
      calls.push(`${String(params.id)}/cancel`);
      plan = { ...plan, status: 'cancelled', nextPaymentAt: null, cancelledAt: '2026-11-30T12:00:00.000Z' };
      return HttpResponse.json({ message: 'Your membership is cancelled. You keep access until 22 December 2026.' });
    }),
    http.post('*/api/library/memberships/:id/resume', ({ params }) => {
      calls.push(`${String(params.id)}/resume`);
      plan = { ...first };
      return HttpResponse.json({ message: 'Your membership renews again on 22 December 2026.' });
    }),
  );
  return calls;
}

afterEach(() => {
  window.location.hash = '';
});

describe("the library's plans", () => {
  it('shows a plan with its price, status and next payment', async () => {
    planEndpoints(buildPlan());
    renderWithProviders(<LibraryList library={library} />);
    const section = await screen.findByRole('region', { name: 'Memberships and instalment plans' });
    expect(within(section).getByRole('heading', { name: 'Signals Club' })).toBeInTheDocument();
    expect(within(section).getByText('₦5,000 / month · Active, renews on 22 December 2026')).toBeInTheDocument();
    expect(within(section).getByText('Next payment: ₦5,000 on 22 December 2026')).toBeInTheDocument();
  });

  it('says when access ends before the buyer confirms a cancel, and Escape keeps the plan', async () => {
    const calls = planEndpoints(buildPlan());
    const { user } = renderWithProviders(<LibraryList library={library} />);
    const cancel = await screen.findByRole('button', { name: 'Cancel membership: Signals Club' });
    await user.click(cancel);
    const dialog = screen.getByRole('dialog', { name: 'Cancel your membership?' });
    expect(
      within(dialog).getByText('No more payments will be taken. You keep access until 22 December 2026.'),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cancel).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it('cancels when confirmed, then resumes before the end', async () => {
    const calls = planEndpoints(buildPlan());
    const { user } = renderWithProviders(<LibraryList library={library} />);
    await user.click(await screen.findByRole('button', { name: 'Cancel membership: Signals Club' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, cancel' }));
    expect(
      await screen.findByText('Your membership is cancelled. You keep access until 22 December 2026.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('₦5,000 / month · Cancelled, ending on 22 December 2026')).toBeInTheDocument();
    expect(screen.getByText('Next payment: —')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel membership: Signals Club' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resume membership: Signals Club' }));
    expect(await screen.findByText('Your membership renews again on 22 December 2026.')).toBeInTheDocument();
    expect(await screen.findByText('₦5,000 / month · Active, renews on 22 December 2026')).toBeInTheDocument();
    expect(calls).toEqual(['paystack_ds-100/cancel', 'paystack_ds-100/resume']);
  });

  it('follows the links the API answers for Update card and Pay now by transfer', async () => {
    planEndpoints(buildPlan({ status: 'pastDue', graceEndsAt: '2026-12-27T09:00:00.000Z' }));
    const here = `${window.location.origin}${window.location.pathname}`;
    server.use(
      http.post('*/api/library/memberships/:id/manage-link', () => HttpResponse.json({ url: `${here}#update-card` })),
      http.post('*/api/library/memberships/:id/pay-by-transfer', () =>
        HttpResponse.json({ message: 'This plan has no period to pay just now.' }, { status: 409 }),
      ),
    );
    const { user } = renderWithProviders(<LibraryList library={library} />);
    expect(await screen.findByText('₦5,000 / month · Past due, access until 27 December 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update card: Signals Club' }));
    await waitFor(() => expect(window.location.hash).toBe('#update-card'));
    await user.click(screen.getByRole('button', { name: 'Pay now by transfer: Signals Club' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This plan has no period to pay just now.');
  });

  it("says when an ended plan ended and renews it through the plan's transfer link", async () => {
    planEndpoints(buildPlan({ status: 'ended', nextPaymentAt: null, endedAt: '2026-12-27T09:30:00.000Z' }));
    const here = `${window.location.origin}${window.location.pathname}`;
    const asked: string[] = [];
    server.use(
      http.post('*/api/library/memberships/:id/pay-by-transfer', ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json({ url: `${here}#renew` });
      }),
    );
    const { user } = renderWithProviders(<LibraryList library={library} />);
    expect(await screen.findByText('₦5,000 / month · Your membership ended on 27 December 2026.')).toBeInTheDocument();
    expect(screen.getByText('Next payment: —')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel membership: Signals Club' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now by transfer: Signals Club' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Renew membership: Signals Club' }));
    await waitFor(() => expect(window.location.hash).toBe('#renew'));
    expect(asked).toEqual(['paystack_ds-100']);
  });

  it('says an instalment plan ended in its own words, and offers no Renew to a PayPal plan', async () => {
    const ended = { status: 'ended' as const, nextPaymentAt: null, endedAt: '2027-01-04T10:00:00.000Z' };
    server.use(
      http.get('*/api/library/memberships', () =>
        HttpResponse.json({
          memberships: [
            buildPlan({ ...ended, id: 'paystack_ds-200', kind: 'instalments', instalments: { total: 3, paid: 1 } }),
            buildPlan({ ...ended, id: 'paypal_I-300', productTitle: 'Tool', currency: 'USD', renewal: 'paypal' }),
          ],
        }),
      ),
    );
    renderWithProviders(<LibraryList library={library} />);
    expect(await screen.findByText('3 × ₦5,000 · Your instalment plan ended on 4 January 2027.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Renew instalment plan: Signals Club' })).toBeInTheDocument();
    expect(screen.getByText('$5,000 / month · Your membership ended on 4 January 2027.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Renew membership: Tool' })).not.toBeInTheDocument();
  });

  it('shows nothing for a buyer without plans', async () => {
    server.use(http.get('*/api/library/memberships', () => HttpResponse.json({ memberships: [] })));
    renderWithProviders(<LibraryList library={library} />);
    expect(await screen.findByText('No purchases were made with this address yet.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Memberships and instalment plans' })).not.toBeInTheDocument();
  });
});
