// Members (docs/memberships.md): the admin's API stubbed with msw, the admin's ID token from the mocked
// Firebase boundary; the seller's confirmations are real sweetalert2 dialogs.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberRow } from '../../../../../domain/memberRows';
import { MembersPanel } from '../../../../../src/features/admin/members/MembersPanel';
import { setupAlerts } from '../../../../support/alerts';
import { server } from '../../../../support/msw';
import { resetProductAdminQueries } from '../../../../support/productAdminQueries.mock';
import { renderWithProviders } from '../../../../support/renderWithProviders';

vi.mock(
  '../../../../../src/features/admin/api/productAdminQueries',
  () => import('../../../../support/productAdminQueries.mock'),
);
setupAlerts();

function buildMember(overrides: Partial<MemberRow> = {}): MemberRow {
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

const ada = buildMember();
const bayo = buildMember({
  id: 'paypal_P-200',
  productTitle: 'Course in three',
  kind: 'instalments',
  instalments: { total: 3, paid: 1 },
  currency: 'USD',
  amountMinor: 3000,
  customer: { name: 'Bayo Ade', email: 'bayo@example.com' },
  renewal: 'paypal',
});
const chi = buildMember({
  id: 'demo_ds-300',
  customer: { name: 'Chi Eze', email: 'chi@example.com' },
  renewal: 'transfer',
  status: 'cancelled',
  nextPaymentAt: null,
  cancelledAt: '2026-11-30T12:00:00.000Z',
});

function endpoints() {
  const calls: Array<{ path: string; body: unknown }> = [];
  server.use(
    http.get('*/api/admin/memberships', () =>
      HttpResponse.json({
        members: [ada, bayo, chi],
        summary: { monthlyRecurringMinor: { NGN: 500000, USD: 0 }, lostLast30Days: 2 },
      }),
    ),
    http.post('*/api/admin/memberships/:id/*', async ({ params, request }) => {
      const path = new URL(request.url).pathname.replace('/api/admin/memberships/', '');
      calls.push({ path, body: await request.json() });
      if (path.endsWith('/demo/renew')) {
        return HttpResponse.json({ message: 'Renewed by a demo payment: one more period is paid.' });
      }
      if (path.endsWith('/demo/fail')) {
        return HttpResponse.json({ message: 'The plan is already past due.' }, { status: 409 });
      }
      return HttpResponse.json({ message: `Cancelled ${String(params.id)}.` });
    }),
  );
  return { calls };
}

beforeEach(() => {
  resetProductAdminQueries();
});

function rowOf(name: string): HTMLElement {
  const row = screen.getAllByRole('listitem').find((item) => within(item).queryByText(new RegExp(`^${name} ·`)));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('Members', () => {
  it('lists each plan with buyer, product, status, renewal and next payment, and MRR per currency', async () => {
    endpoints();
    renderWithProviders(<MembersPanel demo={false} />);
    expect(await screen.findByText('Ada Obi · Signals Club')).toBeInTheDocument();
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Monthly recurring revenue in naira',
      'Monthly recurring revenue in dollars',
      'Members lost in the last 30 days',
    ]);
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual(['₦5,000', '$0', '2']);
    expect(
      within(rowOf('Ada Obi')).getByText('ada@example.com · ₦5,000 / month · Active, renews on 22 December 2026'),
    ).toBeInTheDocument();
    expect(
      within(rowOf('Ada Obi')).getByText('Renews by Card · Next payment: ₦5,000 on 22 December 2026'),
    ).toBeInTheDocument();
    expect(
      within(rowOf('Bayo Ade')).getByText('bayo@example.com · 3 × $30 · Active, next instalment on 22 December 2026'),
    ).toBeInTheDocument();
    expect(
      within(rowOf('Chi Eze')).getByText('chi@example.com · ₦5,000 / month · Cancelled, ending on 22 December 2026'),
    ).toBeInTheDocument();
    expect(within(rowOf('Chi Eze')).getByText('Renews by Transfer · Next payment: —')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Renew now \(demo\)/ })).not.toBeInTheDocument();
  });

  it('filters by status, renewal and buyer', async () => {
    endpoints();
    const { user } = renderWithProviders(<MembersPanel demo={false} />);
    await screen.findByText('Ada Obi · Signals Club');
    await user.selectOptions(screen.getByLabelText('Status'), 'Cancelled');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Chi Eze · Signals Club')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'All');
    await user.selectOptions(screen.getByLabelText('Renews by'), 'PayPal');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Bayo Ade · Course in three')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Renews by'), 'All');
    await user.type(screen.getByLabelText('Buyer or product'), 'nobody');
    expect(screen.getByText('No plan matches these filters.')).toBeInTheDocument();
  });

  it('cancels at the period end after the seller confirms, and says what the API answered', async () => {
    const { calls } = endpoints();
    const { user } = renderWithProviders(<MembersPanel demo={false} />);
    await screen.findByText('Ada Obi · Signals Club');
    await user.click(screen.getByRole('button', { name: 'Cancel at period end: Ada Obi, Signals Club' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('No more renewals. The buyer keeps access until the paid period ends.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    expect(await within(rowOf('Ada Obi')).findByText('Cancelled paystack_ds-100.')).toBeInTheDocument();
    expect(calls).toEqual([{ path: 'paystack_ds-100/cancel', body: { when: 'periodEnd' } }]);
  });

  it('cancels nothing when the seller steps back from cancel now', async () => {
    const { calls } = endpoints();
    const { user } = renderWithProviders(<MembersPanel demo={false} />);
    await screen.findByText('Ada Obi · Signals Club');
    await user.click(screen.getByRole('button', { name: 'Cancel now and refund: Ada Obi, Signals Club' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Access ends now and the last payment is refunded to the buyer.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);
  });

  it('in demo mode renews a plan and shows a refused failure in words', async () => {
    const { calls } = endpoints();
    const { user } = renderWithProviders(<MembersPanel demo />);
    await screen.findByText('Ada Obi · Signals Club');
    await user.click(screen.getByRole('button', { name: 'Renew now (demo): Ada Obi, Signals Club' }));
    expect(
      await within(rowOf('Ada Obi')).findByText('Renewed by a demo payment: one more period is paid.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fail next renewal (demo): Ada Obi, Signals Club' }));
    expect(await within(rowOf('Ada Obi')).findByRole('alert')).toHaveTextContent('The plan is already past due.');
    expect(calls.map((call) => call.path)).toEqual(['paystack_ds-100/demo/renew', 'paystack_ds-100/demo/fail']);
  });
});
