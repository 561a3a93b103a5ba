import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fetchAllSales,
  fetchDailyRevenue,
  fetchSaleProducts,
  fetchSalesPage,
  fetchSalesTotals,
} from '../../../../../src/features/admin/api/salesQueries';
import { downloadText } from '../../../../../src/features/admin/sales/downloadFile';
import { SalesPanel } from '../../../../../src/features/admin/sales/SalesPanel';
import type { SaleRow } from '../../../../../src/features/admin/api/salesTypes';
import { deferred } from '../../../../support/catalogQueries.mock';
import { renderWithProviders } from '../../../../support/renderWithProviders';
import { SaleActions } from '../../../../../src/features/admin/sales/SaleActions';
import { setupAlerts } from '../../../../support/alerts';
import { pressInAlert } from '../../../../support/adminScreens';
import { server } from '../../../../support/msw';
import { resetProductAdminQueries } from '../../../../support/productAdminQueries.mock';
import { buildSale } from '../../../../support/factories';
import { resetSalesQueries } from '../../../../support/salesQueries.mock';

vi.mock('../../../../../src/features/admin/api/salesQueries', () => import('../../../../support/salesQueries.mock'));
vi.mock('../../../../../src/features/admin/sales/downloadFile', () => ({ downloadText: vi.fn() }));
vi.mock('../../../../../src/features/admin/api/paymentIssues', () => import('../../../../support/paymentIssues.mock'));
// The admin's ID token for the sale actions' API calls.
vi.mock(
  '../../../../../src/features/admin/api/productAdminQueries',
  () => import('../../../../support/productAdminQueries.mock'),
);

setupAlerts();

// 11:00 on 22 November 2026 in Lagos.
const now = new Date('2026-11-22T10:00:00Z');
// The last 30 days in Lagos: 24 October 00:00 to 23 November 00:00 (+01:00).
const last30 = { startMs: Date.parse('2026-10-23T23:00:00Z'), endMs: Date.parse('2026-11-22T23:00:00Z') };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  resetSalesQueries();
  resetProductAdminQueries();
  // Money on its way (the admin API): none unless a test says so.
  server.use(http.get('*/api/admin/pending-payments', () => HttpResponse.json({ payments: [] })));
  vi.mocked(downloadText).mockReset();
  vi.mocked(fetchSaleProducts).mockResolvedValue([
    { id: 'excel-mastery', title: 'Excel Mastery' },
    { id: 'python-basics', title: 'Python Basics' },
  ]);
});
afterEach(() => {
  vi.useRealTimers();
});

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderPanel(search = '?panel=sales', renderActions?: (sale: SaleRow) => React.ReactNode) {
  return renderWithProviders(
    <>
      <SalesPanel renderActions={renderActions} />
      <LocationProbe />
    </>,
    { route: `/admindashboard${search}` },
  );
}

const list = () => screen.getByRole('region', { name: 'Sales list' });
const rowsOf = () => within(list()).getAllByRole('row').slice(1);

describe('Sales panel states', () => {
  it('shows a loading status while the first page loads', async () => {
    vi.mocked(fetchSalesPage).mockReturnValue(deferred<never>().promise);
    vi.mocked(fetchSalesTotals).mockReturnValue(deferred<never>().promise);
    vi.mocked(fetchDailyRevenue).mockReturnValue(deferred<never>().promise);
    renderPanel();
    expect(screen.getByText('Loading sales...')).toHaveAttribute('role', 'status');
    expect(screen.getByText('Loading totals...')).toHaveAttribute('role', 'status');
    expect(screen.getByText('Loading chart...')).toHaveAttribute('role', 'status');
  });

  it('says so when no sale matches', async () => {
    renderPanel();
    expect(await screen.findByText('No sales match these filters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  });

  it('shows a readable error, never the SDK code, and tries again', async () => {
    vi.mocked(fetchSalesPage).mockRejectedValueOnce(Object.assign(new Error('raw'), { code: 'permission-denied' }));
    const { user } = renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sales could not be loaded. You do not have permission to do that.');
    expect(alert).not.toHaveTextContent('permission-denied');
    vi.mocked(fetchSalesPage).mockResolvedValue({
      rows: [buildSale({ productName: 'Python Basics' })],
      hasNext: false,
    });
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await within(await screen.findByRole('region', { name: 'Sales list' })).findByText('Python Basics'),
    ).toBeInTheDocument();
  });

  it('shows each sale: Lagos time, product, buyer, amount with its sign, provider, reference, e-mail status, link uses', async () => {
    vi.mocked(fetchSalesPage).mockResolvedValue({
      rows: [
        buildSale({
          createdAt: '2026-11-21T23:30:00.000Z',
          productName: 'Python Basics',
          customerName: 'Chidi Okeke',
          customerEmail: 'chidi@example.com',
          amountPaid: 9,
          currency: 'USD',
          paymentMethod: 'PayPal',
          reference: '5O190127TN364715T',
          emailStatus: 'failed',
          accessUses: 3,
          downloads: { count: 2, devices: 1 },
        }),
        buildSale({ amountPaid: 12000, emailStatus: 'sending', paymentMethod: 'Demo' }),
      ],
      hasNext: false,
    });
    const { user } = renderPanel();
    await screen.findByRole('region', { name: 'Sales list' });
    const [first, second] = rowsOf();
    // The row itself: date, product, buyer, amount, state and the actions, which fit the width.
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['22 Nov 2026, 00:30', 'Python Basics', 'Chidi Okekechidi@example.com', '$9', 'Paid', 'Details']);
    // Its details: provider, reference, e-mail status, link uses.
    const details = within(first as HTMLElement).getByRole('button', {
      name: 'Details of Python Basics, chidi@example.com',
    });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    const detailsRow = within(list()).getAllByRole('row')[2] as HTMLElement;
    expect(within(detailsRow).getByRole('cell').textContent).toBe(
      'ProviderPayPalReference5O190127TN364715TE-mailFailedLink uses32 downloads · 1 device',
    );
    expect(within(second as HTMLElement).getByText('₦12,000')).toBeInTheDocument();
    await user.click(within(second as HTMLElement).getByRole('button', { name: /^Details of / }));
    // Rows: the header, the first sale and its details, the second sale and its details.
    expect(within(within(list()).getAllByRole('row')[4] as HTMLElement).getByText('Sending')).toBeInTheDocument();
    expect(fetchSalesPage).toHaveBeenCalledWith(last30, null);
  });

  it('shows the discount code and what it took off the list price under the amount of a discounted sale', async () => {
    vi.mocked(fetchSalesPage).mockResolvedValue({
      rows: [buildSale({ amountPaid: 3825, listPrice: 4500, discountCode: 'SPRING', discountAmount: 675 })],
      hasNext: false,
    });
    renderPanel();
    await screen.findByRole('region', { name: 'Sales list' });
    const [row] = rowsOf();
    const amount = within(row as HTMLElement).getAllByRole('cell')[3];
    expect(amount).toHaveTextContent('₦3,825SPRING: -₦675 off ₦4,500');
  });

  it('filters by discount code (upper-cased) through the URL', async () => {
    const { user } = renderPanel();
    await screen.findByText('No sales match these filters.');
    await user.type(screen.getByLabelText('Discount code'), 'spring');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?panel=sales&code=SPRING'));
    await waitFor(() => expect(fetchSalesPage).toHaveBeenLastCalledWith({ ...last30, discountCode: 'SPRING' }, null));
    expect(fetchSalesTotals).toHaveBeenLastCalledWith({ ...last30, discountCode: 'SPRING' });
  });

  it('gives each row the actions the desk plugs in, with that sale', async () => {
    const sale = buildSale({ id: 'demo_abc', reference: 'abc' });
    vi.mocked(fetchSalesPage).mockResolvedValue({ rows: [sale], hasNext: false });
    renderPanel('?panel=sales', (row) => <button type="button">Resend {row.reference}</button>);
    await screen.findByRole('region', { name: 'Sales list' });
    expect(within(list()).getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    expect(within(rowsOf()[0] as HTMLElement).getByRole('button', { name: 'Resend abc' })).toBeInTheDocument();
  });
});

describe('Sales after a sale action', () => {
  it('reads the list and the totals again once an action succeeded, and shows the change', async () => {
    // Our own API's access endpoint (component tests may stub our API).
    resetProductAdminQueries();
    server.use(http.post('*/api/admin/transactions/:id/access', () => HttpResponse.json({ accessRevoked: true })));
    const sale = buildSale({ id: 'paystack_T9001', reference: 'T9001' });
    vi.mocked(fetchSalesPage)
      .mockResolvedValueOnce({ rows: [sale], hasNext: false })
      .mockResolvedValue({ rows: [{ ...sale, accessRevoked: true }], hasNext: false });
    const { user } = renderPanel('?panel=sales', (row) => <SaleActions sale={row} />);
    await screen.findByRole('region', { name: 'Sales list' });
    await waitFor(() => expect(fetchSalesTotals).toHaveBeenCalledTimes(1));
    expect(within(list()).queryByText('Access revoked')).not.toBeInTheDocument();

    await user.click(within(list()).getByRole('button', { name: /^Actions for / }));
    await user.click(screen.getByRole('menuitem', { name: 'Revoke access' }));
    await pressInAlert(user, 'Yes, revoke');

    expect(await within(list()).findByText('Access revoked')).toBeInTheDocument();
    expect(fetchSalesPage).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(fetchSalesTotals).toHaveBeenCalledTimes(2));
  });
});

describe('Sales after a resend to a corrected address', () => {
  it('shows the new address in the row and keeps the notice, without reading the list again', async () => {
    resetProductAdminQueries();
    server.use(
      http.post('*/api/admin/transactions/:id/resend', () => HttpResponse.json({ message: 'Access e-mail sent.' })),
    );
    const sale = buildSale({ id: 'paystack_T9002', customerEmail: 'ada.obi@exmaple.com', emailStatus: 'failed' });
    vi.mocked(fetchSalesPage).mockResolvedValue({ rows: [sale], hasNext: false });
    const { user } = renderPanel('?panel=sales&email=ada.obi%40exmaple.com', (row) => <SaleActions sale={row} />);
    await screen.findByRole('region', { name: 'Sales list' });
    await within(list()).findByText('ada.obi@exmaple.com');

    await user.click(within(list()).getByRole('button', { name: /^Actions for / }));
    await user.click(screen.getByRole('menuitem', { name: 'Resend access e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend access e-mail' });
    await user.clear(within(dialog).getByLabelText('Buyer e-mail'));
    await user.type(within(dialog).getByLabelText('Buyer e-mail'), 'Ada.Obi@Example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(list()).findByText('Access e-mail sent.')).toBeInTheDocument();
    expect(within(list()).getByText('ada.obi@example.com')).toBeInTheDocument();
    expect(within(list()).queryByText('ada.obi@exmaple.com')).not.toBeInTheDocument();
    expect(within(list()).getByText('Sent')).toBeInTheDocument();
    expect(fetchSalesPage).toHaveBeenCalledTimes(1);
  });
});

describe('Sales paging', () => {
  it('moves to the next page after the last row with a cursor, and back', async () => {
    const firstPage = Array.from({ length: 25 }, (_, i) => buildSale({ reference: `P1-${i}` }));
    const secondPage = [buildSale({ reference: 'P2-0' })];
    vi.mocked(fetchSalesPage).mockImplementation(async (_sales, after) =>
      after ? { rows: secondPage, hasNext: false } : { rows: firstPage, hasNext: true },
    );
    const { user } = renderPanel();
    await screen.findByRole('region', { name: 'Sales list' });
    expect(rowsOf()).toHaveLength(25);
    expect(screen.getByText('Page 1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(
      await within(await screen.findByRole('region', { name: 'Sales list' })).findByText('P2-0'),
    ).toBeInTheDocument();
    expect(fetchSalesPage).toHaveBeenLastCalledWith(last30, firstPage[24]?.cursor);
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(
      await within(await screen.findByRole('region', { name: 'Sales list' })).findByText('P1-0'),
    ).toBeInTheDocument();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  });
});

describe('Sales filters', () => {
  it('reads the filter from the URL and queries with it', async () => {
    renderPanel('?panel=sales&range=7d&currency=USD&provider=PayPal&product=python-basics&email=Ada%40Example.com');
    await screen.findByText('No sales match these filters.');
    expect(fetchSalesPage).toHaveBeenCalledWith(
      {
        startMs: Date.parse('2026-11-15T23:00:00Z'),
        endMs: Date.parse('2026-11-22T23:00:00Z'),
        productId: 'python-basics',
        currency: 'USD',
        paymentMethod: 'PayPal',
        customerEmail: 'ada@example.com',
      },
      null,
    );
    expect(screen.getByLabelText('Date range')).toHaveValue('7d');
    expect(screen.getByLabelText('Currency')).toHaveValue('USD');
    expect(screen.getByLabelText('Buyer e-mail')).toHaveValue('ada@example.com');
    expect(screen.getByText('Showing 2026-11-16 to 2026-11-22 (Africa/Lagos).')).toBeInTheDocument();
  });

  it('writes the applied filter into the URL (e-mail lower-cased), queries it from the first page, and clears it', async () => {
    const { user } = renderPanel();
    await screen.findByText('No sales match these filters.');
    await user.selectOptions(screen.getByLabelText('Date range'), 'Custom range');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-05');
    await screen.findByRole('option', { name: 'Excel Mastery' });
    await user.selectOptions(screen.getByLabelText('Product'), 'Excel Mastery');
    await user.selectOptions(screen.getByLabelText('Currency'), 'NGN');
    await user.selectOptions(screen.getByLabelText('Provider'), 'Demo');
    await user.type(screen.getByLabelText('Buyer e-mail'), 'Ada.Obi@Example.com');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '?panel=sales&range=custom&from=2026-11-01&to=2026-11-05&product=excel-mastery&currency=NGN&provider=Demo&email=ada.obi%40example.com',
      ),
    );
    await waitFor(() =>
      expect(fetchSalesPage).toHaveBeenLastCalledWith(
        {
          startMs: Date.parse('2026-10-31T23:00:00Z'),
          endMs: Date.parse('2026-11-05T23:00:00Z'),
          productId: 'excel-mastery',
          currency: 'NGN',
          paymentMethod: 'Demo',
          customerEmail: 'ada.obi@example.com',
        },
        null,
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\?panel=sales$/));
    expect(screen.getByLabelText('Date range')).toHaveValue('30d');
  });
});

describe('Sales refund and dispute filter', () => {
  it.each([
    ['Refunded', 'refunded'],
    ['Disputed', 'disputed'],
  ] as const)("filters on '%s' through the URL", async (label, status) => {
    const { user } = renderPanel();
    await screen.findByText('No sales match these filters.');
    await user.selectOptions(screen.getByLabelText('Refunds and disputes'), label);
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`?panel=sales&status=${status}`));
    await waitFor(() => expect(fetchSalesPage).toHaveBeenLastCalledWith({ ...last30, status }, null));
    expect(fetchSalesTotals).toHaveBeenLastCalledWith({ ...last30, status });
  });
});

describe('Sales totals and chart', () => {
  it('shows the number of sales and revenue gross, refunds and net per currency for the range', async () => {
    vi.mocked(fetchSalesTotals).mockResolvedValue([
      { currency: 'NGN', count: 20, revenue: 150000, refunds: 7500, discounts: 0 },
      { currency: 'USD', count: 1, revenue: 19.99, refunds: 9.99, discounts: 0 },
    ]);
    renderPanel();
    const totals = await screen.findByRole('region', { name: 'Totals' });
    await within(totals).findByText('₦142,500 net');
    expect(within(totals).getByText('Gross ₦150,000')).toBeInTheDocument();
    expect(within(totals).getByText('Refunds ₦7,500')).toBeInTheDocument();
    expect(within(totals).getByText('20 sales')).toBeInTheDocument();
    expect(within(totals).getByText('$10 net')).toBeInTheDocument();
    expect(within(totals).getByText('Gross $19.99')).toBeInTheDocument();
    expect(within(totals).getByText('Refunds $9.99')).toBeInTheDocument();
    expect(within(totals).getByText('1 sale')).toBeInTheDocument();
    expect(fetchSalesTotals).toHaveBeenCalledWith(last30);
  });

  it('shows gross at list price, discounts, refunds and net per currency', async () => {
    vi.mocked(fetchSalesTotals).mockResolvedValue([
      // Paid ₦8,325 after ₦675 of discounts, ₦3,825 of it refunded.
      { currency: 'NGN', count: 2, revenue: 8325, refunds: 3825, discounts: 675 },
      { currency: 'USD', count: 1, revenue: 5.95, refunds: 0, discounts: 1.05 },
    ]);
    renderPanel();
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(await within(totals).findByText('₦4,500 net')).toBeInTheDocument();
    expect(within(totals).getByText('Gross ₦9,000')).toBeInTheDocument();
    expect(within(totals).getByText('Discounts ₦675')).toBeInTheDocument();
    expect(within(totals).getByText('Refunds ₦3,825')).toBeInTheDocument();
    expect(within(totals).getByText('$5.95 net')).toBeInTheDocument();
    expect(within(totals).getByText('Gross $7')).toBeInTheDocument();
    expect(within(totals).getByText('Discounts $1.05')).toBeInTheDocument();
  });

  it('says when the totals could not be loaded', async () => {
    vi.mocked(fetchSalesTotals).mockRejectedValue(Object.assign(new Error('x'), { code: 'unavailable' }));
    renderPanel();
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(await within(totals).findByRole('alert')).toHaveTextContent(
      'Totals could not be loaded. The store could not be reached. Check your connection and try again.',
    );
  });

  it('draws daily revenue per currency as an image with a text summary and a table of gross, refunds and net', async () => {
    const none = { NGN: 0, USD: 0 };
    vi.mocked(fetchDailyRevenue).mockResolvedValue([
      { day: '2026-11-20', days: 1, revenue: { NGN: 7500, USD: 0 }, refunds: { NGN: 2500, USD: 0 } },
      { day: '2026-11-21', days: 1, revenue: { NGN: 15000, USD: 9 }, refunds: none },
      { day: '2026-11-22', days: 1, revenue: { NGN: 0, USD: 0 }, refunds: none },
    ]);
    renderPanel('?panel=sales&range=custom&from=2026-11-20&to=2026-11-22');
    expect(
      await screen.findByRole('img', {
        name: 'Revenue in NGN per day, 20 Nov to 22 Nov: total ₦22,500, refunds ₦2,500, net ₦20,000, highest ₦15,000 on 21 Nov.',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Revenue in USD per day, 20 Nov to 22 Nov: total $9, highest $9 on 21 Nov.' }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Revenue in NGN per day', hidden: true });
    expect(
      within(table)
        .getAllByRole('row', { hidden: true })
        .map((row) => row.textContent),
    ).toEqual(['DayGrossRefundsNet', '20 Nov₦7,500₦2,500₦5,000', '21 Nov₦15,000₦0₦15,000', '22 Nov₦0₦0₦0']);
  });
});

describe('Sales CSV export', () => {
  it('exports every filtered sale as a CSV file named after the range', async () => {
    vi.mocked(fetchAllSales).mockResolvedValue([
      buildSale({
        id: 'demo_a',
        reference: 'a',
        createdAt: '2026-11-21T10:00:00.000Z',
        customerEmail: 'ada@example.com',
      }),
      buildSale({ id: 'demo_b', reference: 'b', createdAt: '2026-11-20T10:00:00.000Z', customerName: '=cmd' }),
    ]);
    const { user } = renderPanel('?panel=sales&currency=NGN');
    await screen.findByText('No sales match these filters.');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exported 2 sales.')).toHaveAttribute('role', 'status');
    expect(fetchAllSales).toHaveBeenCalledWith({ ...last30, currency: 'NGN' });
    const [fileName, text, type] = vi.mocked(downloadText).mock.calls[0] ?? [];
    expect(fileName).toBe('sales-2026-10-24-to-2026-11-22.csv');
    expect(type).toBe('text/csv;charset=utf-8');
    const lines = (text ?? '').split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^Date \(Africa\/Lagos\),Transaction ID,Reference,/);
    expect(lines[1]).toMatch(/^2026-11-21 11:00:00,demo_a,a,Excel Mastery,excel-mastery,Ada Obi,ada@example.com,/);
    expect(lines[2]).toMatch(/^2026-11-20 11:00:00,demo_b,b,Excel Mastery,excel-mastery,'=cmd,/);
  });

  it('says when the export failed and downloads nothing', async () => {
    vi.mocked(fetchAllSales).mockRejectedValue(new TypeError('Failed to fetch'));
    const { user } = renderPanel();
    await screen.findByText('No sales match these filters.');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The export failed. Connection failed.')).toHaveAttribute('role', 'alert');
    expect(downloadText).not.toHaveBeenCalled();
  });
});

describe('money on its way', () => {
  it('lists pending payments with buyer, product, amount and age, asking the API as the admin', async () => {
    let authorization = '';
    server.use(
      http.get('*/api/admin/pending-payments', ({ request }) => {
        authorization = request.headers.get('authorization') ?? '';
        return HttpResponse.json({
          payments: [
            {
              checkoutId: '0000000000000000000a',
              kind: 'transfer',
              productName: 'Excel Mastery',
              amount: 7500,
              currency: 'NGN',
              customerName: 'Ada Obi',
              customerEmail: 'ada@example.com',
              since: '2026-11-22T09:48:00Z',
            },
            {
              checkoutId: '0000000000000000000b',
              kind: 'paypal',
              productName: 'Python Basics',
              amount: 9,
              currency: 'USD',
              customerName: 'Bola Ade',
              customerEmail: 'bola@example.com',
              since: '2026-11-20T08:00:00Z',
            },
          ],
        });
      }),
    );
    renderPanel();
    const section = await screen.findByRole('region', { name: 'Money on its way (2)' });
    const items = within(section).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Excel Mastery: ₦7,500');
    expect(items[0]).toHaveTextContent('Ada Obi (ada@example.com) · Transfer on its way · waiting 12 min');
    expect(items[1]).toHaveTextContent('Python Basics: $9');
    expect(items[1]).toHaveTextContent('Bola Ade (bola@example.com) · Pending at PayPal · waiting 2 days');
    expect(authorization).toMatch(/^Bearer /);
  });

  it('shows nothing when no payment is on its way', async () => {
    renderPanel();
    await screen.findByRole('heading', { name: 'Sales' });
    await waitFor(() => expect(screen.queryByText('Loading payments on their way...')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: /Money on its way/ })).not.toBeInTheDocument();
  });
});
