// What Sales shows of the affiliate program (docs/affiliates.md, 'Sales'): the affiliate and commission
// under a sale's amount, the filter by affiliate code, and totals net of commissions. Firestore is
// mocked at the data-access boundary, as the other Sales tests do.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fetchSaleProducts,
  fetchSalesPage,
  fetchSalesTotals,
} from '../../../../../src/features/admin/api/salesQueries';
import { SalesPanel } from '../../../../../src/features/admin/sales/SalesPanel';
import { server } from '../../../../support/msw';
import { resetProductAdminQueries } from '../../../../support/productAdminQueries.mock';
import { renderWithProviders } from '../../../../support/renderWithProviders';
import { buildSale } from '../../../../support/factories';
import { resetSalesQueries } from '../../../../support/salesQueries.mock';

vi.mock('../../../../../src/features/admin/api/salesQueries', () => import('../../../../support/salesQueries.mock'));
vi.mock('../../../../../src/features/admin/api/paymentIssues', () => import('../../../../support/paymentIssues.mock'));
vi.mock(
  '../../../../../src/features/admin/api/productAdminQueries',
  () => import('../../../../support/productAdminQueries.mock'),
);

const now = new Date('2026-11-22T10:00:00Z');
const last30 = { startMs: Date.parse('2026-10-23T23:00:00Z'), endMs: Date.parse('2026-11-22T23:00:00Z') };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  resetSalesQueries();
  resetProductAdminQueries();
  server.use(http.get('*/api/admin/pending-payments', () => HttpResponse.json({ payments: [] })));
  vi.mocked(fetchSaleProducts).mockResolvedValue([]);
});
afterEach(() => {
  vi.useRealTimers();
});

function LocationProbe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

function renderPanel() {
  return renderWithProviders(
    <>
      <SalesPanel />
      <LocationProbe />
    </>,
    { route: '/admindashboard?panel=sales' },
  );
}

describe('Sales and affiliates', () => {
  it('shows the affiliate and their commission under the amount of a sale they brought', async () => {
    vi.mocked(fetchSalesPage).mockResolvedValue({
      rows: [buildSale({ amountPaid: 7500, affiliateCode: 'ADA', commission: 2250 })],
      hasNext: false,
    });
    renderPanel();
    const region = await screen.findByRole('region', { name: 'Sales list' });
    const [, row] = within(region).getAllByRole('row');
    expect(within(row as HTMLElement).getAllByRole('cell')[3]).toHaveTextContent(
      '₦7,500Affiliate ADA: ₦2,250 commission',
    );
  });

  it('filters by affiliate code (upper-cased) through the URL', async () => {
    const { user } = renderPanel();
    await screen.findByText('No sales match these filters.');
    await user.type(screen.getByLabelText('Affiliate code'), 'ada');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?panel=sales&affiliate=ADA'));
    await waitFor(() => expect(fetchSalesPage).toHaveBeenLastCalledWith({ ...last30, affiliateCode: 'ADA' }, null));
    expect(fetchSalesTotals).toHaveBeenLastCalledWith({ ...last30, affiliateCode: 'ADA' });
  });

  it('gives totals net of affiliates’ commissions', async () => {
    vi.mocked(fetchSalesTotals).mockResolvedValue([
      { currency: 'NGN', count: 2, revenue: 15000, refunds: 0, discounts: 0, commissions: 4500 },
    ]);
    renderPanel();
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(await within(totals).findByText('₦10,500 net')).toBeInTheDocument();
    expect(within(totals).getByText('Affiliate commissions ₦4,500')).toBeInTheDocument();
  });
});
