import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RefundAction } from '../../../../../src/features/admin/sales/RefundAction';
import { SaleStatus } from '../../../../../src/features/admin/sales/SaleStatus';
import type { SaleRefund } from '../../../../../src/features/admin/api/salesTypes';
import { server } from '../../../../support/msw';
import { adminToken, resetProductAdminQueries } from '../../../../support/productAdminQueries.mock';
import { renderWithProviders } from '../../../../support/renderWithProviders';

vi.mock(
  '../../../../../src/features/admin/api/productAdminQueries',
  () => import('../../../../support/productAdminQueries.mock'),
);

interface Call {
  id: string;
  authorization: string | null;
  body: unknown;
}

let calls: Call[];

function useRefundApi(answer: () => Response = () => HttpResponse.json({ message: 'Refund made.' })) {
  server.use(
    http.post('*/api/admin/transactions/:id/refund', async ({ request, params }) => {
      calls.push({
        id: String(params.id),
        authorization: request.headers.get('authorization'),
        body: await request.json(),
      });
      return answer();
    }),
  );
}

beforeEach(() => {
  calls = [];
  resetProductAdminQueries();
});

const sale = { id: 'paystack_T123456', amountPaid: 7500, currency: 'NGN' as const, refund: null };

function refunded(overrides: Partial<SaleRefund>): SaleRefund {
  return {
    status: 'refunded',
    amount: 2500,
    refunded: 2500,
    full: false,
    at: '2026-11-23T08:00:00.000Z',
    by: 'Ada Admin',
    reason: 'Wrong course',
    failure: null,
    ...overrides,
  };
}

describe('the Refund dialog', () => {
  it('refunds everything left with a reason, and says what the API answered', async () => {
    useRefundApi();
    const { user } = renderWithProviders(<RefundAction sale={sale} />);
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund sale' });
    expect(dialog).toHaveTextContent('Paid ₦7,500. Left to refund: ₦7,500.');
    expect(within(dialog).getByRole('radio', { name: 'Full refund (₦7,500)' })).toBeChecked();
    await user.type(within(dialog).getByLabelText('Reason'), 'Paid twice');
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₦7,500' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Refund made.'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toEqual([
      { id: 'paystack_T123456', authorization: `Bearer ${adminToken}`, body: { reason: 'Paid twice' } },
    ]);
  });

  it('sends a partial amount in the sale currency', async () => {
    useRefundApi(() => HttpResponse.json({ message: 'Refund requested: the provider is processing it.' }));
    const { user } = renderWithProviders(<RefundAction sale={{ ...sale, refund: refunded({ refunded: 2500 }) }} />);
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund sale' });
    expect(dialog).toHaveTextContent('Left to refund: ₦5,000.');
    await user.click(within(dialog).getByRole('radio', { name: 'Partial refund' }));
    await user.type(within(dialog).getByLabelText('Amount (NGN)'), '1500.50');
    await user.type(within(dialog).getByLabelText('Reason'), 'One chapter missing');
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₦1,500.50' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Refund requested: the provider is processing it.'),
    );
    expect(calls.map((call) => call.body)).toEqual([{ amount: 1500.5, reason: 'One chapter missing' }]);
  });

  it('refuses a missing reason and an amount over what is left before asking the API', async () => {
    useRefundApi();
    const { user } = renderWithProviders(<RefundAction sale={{ ...sale, refund: refunded({ refunded: 2500 }) }} />);
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund sale' });
    await user.click(within(dialog).getByRole('radio', { name: 'Partial refund' }));
    await user.type(within(dialog).getByLabelText('Amount (NGN)'), '5000.01');
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₦5,000.01' }));
    expect(within(dialog).getByLabelText('Amount (NGN)')).toHaveAccessibleDescription(
      'At most ₦5,000 is left to refund.',
    );
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
      expect.stringContaining('Please give a reason for the refund.'),
    );
    await user.clear(within(dialog).getByLabelText('Amount (NGN)'));
    await user.type(within(dialog).getByLabelText('Amount (NGN)'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₦0' }));
    expect(within(dialog).getByLabelText('Amount (NGN)')).toHaveAccessibleDescription(
      'Enter an amount more than 0, with at most two decimals.',
    );
    expect(calls).toEqual([]);
  });

  it("shows the provider's refusal in its words and keeps the dialog open", async () => {
    useRefundApi(() => HttpResponse.json({ message: 'Transaction has been fully reversed' }, { status: 422 }));
    const { user } = renderWithProviders(<RefundAction sale={sale} />);
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund sale' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Duplicate');
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₦7,500' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Transaction has been fully reversed');
  });

  it("shows another admin's refund under way", async () => {
    useRefundApi(() =>
      HttpResponse.json(
        { message: 'Another refund of this sale is under way. Its result shows here once the provider answers.' },
        { status: 409 },
      ),
    );
    const { user } = renderWithProviders(<RefundAction sale={sale} />);
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund sale' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Duplicate');
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₦7,500' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Another refund of this sale is under way. Its result shows here once the provider answers.',
    );
  });

  it('offers no Refund once the sale is refunded in full', () => {
    renderWithProviders(
      <RefundAction sale={{ ...sale, refund: refunded({ refunded: 7500, amount: 7500, full: true }) }} />,
    );
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('offers no Refund for a sale a 100% discount made free (nothing was paid)', () => {
    renderWithProviders(<RefundAction sale={{ ...sale, amountPaid: 0 }} />);
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });
});

describe('sale statuses', () => {
  const base = { amountPaid: 7500, currency: 'NGN' as const, refund: null, dispute: null };

  it("shows 'Paid' for a sale without refunds or disputes", () => {
    render(<SaleStatus sale={base} />);
    expect(screen.getByText('Paid')).toBeInTheDocument();
  });

  it("shows 'Refund pending' with the amount asked", () => {
    render(<SaleStatus sale={{ ...base, refund: refunded({ status: 'pending', refunded: 0, at: null }) }} />);
    expect(screen.getByText('Refund pending')).toBeInTheDocument();
    expect(screen.getByText('₦2,500 asked')).toBeInTheDocument();
  });

  it("shows 'Refunded' with how much of what was paid, when and by whom", () => {
    render(<SaleStatus sale={{ ...base, refund: refunded({}) }} />);
    expect(screen.getByText('Refunded')).toBeInTheDocument();
    expect(screen.getByText('₦2,500 of ₦7,500 on 23 Nov 2026, 09:00 by Ada Admin')).toBeInTheDocument();
  });

  it("shows a refused refund with the provider's reason in words", () => {
    render(
      <SaleStatus
        sale={{
          ...base,
          refund: refunded({ status: 'failed', refunded: 0, failure: 'Transaction has been fully reversed' }),
        }}
      />,
    );
    expect(screen.getByText('Refund refused')).toBeInTheDocument();
    expect(screen.getByText('Transaction has been fully reversed')).toBeInTheDocument();
  });

  it("shows 'Disputed' with the provider's deadline, and how a dispute ended", () => {
    const { rerender } = render(
      <SaleStatus sale={{ ...base, dispute: { status: 'open', deadline: '2026-12-01T10:00:00.000Z', reason: '' } }} />,
    );
    expect(screen.getByText('Disputed')).toBeInTheDocument();
    expect(screen.getByText('Answer by 1 Dec 2026, 11:00')).toBeInTheDocument();
    rerender(<SaleStatus sale={{ ...base, dispute: { status: 'won', deadline: null, reason: '' } }} />);
    expect(screen.getByText('Dispute won')).toBeInTheDocument();
  });
});
