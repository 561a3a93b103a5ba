import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HealthReport } from '../../../../../domain/storeHealth';
import { fetchStoreHealth, runStoreHealth } from '../../../../../src/features/admin/api/storeHealth';
import { StoreHealthMark } from '../../../../../src/features/admin/health/StoreHealthMark';
import { StoreHealthPanel } from '../../../../../src/features/admin/health/StoreHealthPanel';
import { renderWithProviders } from '../../../../support/renderWithProviders';

vi.mock('../../../../../src/features/admin/api/storeHealth', () => ({
  fetchStoreHealth: vi.fn(),
  runStoreHealth: vi.fn(),
}));

const webhookFix =
  "In Paystack's dashboard (https://dashboard.paystack.com/#/settings/developers), set the Webhook URL to https://shop.example.ng/api/webhooks/paystack";

const nightReport: HealthReport = {
  ranAt: '2026-11-28T05:00:00.000Z',
  checks: [
    {
      id: 'signing',
      title: 'Signed download links',
      status: 'good',
      detail: 'Signed a download link in the bucket shop.appspot.com and read the file back through it.',
      fix: '',
    },
    {
      id: 'paystack-webhook',
      title: 'Paystack webhook',
      status: 'critical',
      detail:
        'Paystack is not reaching your webhook: 3 Paystack sales in the last 7 days and no event from Paystack ever.',
      fix: webhookFix,
    },
    {
      id: 'mail-dmarc',
      title: 'DMARC record',
      status: 'recommended',
      detail: "The sender's domain shop.example.ng has no DMARC record: Gmail and Yahoo expect one.",
      fix: 'Add a TXT record at _dmarc.shop.example.ng: v=DMARC1; p=none; rua=mailto:seller@shop.example.ng',
    },
    {
      id: 'paypal-webhook',
      title: 'PayPal webhook',
      status: 'not-applicable',
      detail: 'PayPal is not set up (no PAYPAL_CLIENT_ID).',
      fix: '',
    },
  ],
};

const fixedReport: HealthReport = {
  ranAt: '2026-11-28T09:30:00.000Z',
  checks: nightReport.checks.map((check) =>
    check.id === 'paystack-webhook'
      ? {
          ...check,
          status: 'good',
          detail: 'The last event (charge.success) arrived at 2026-11-28 09:12 UTC.',
          fix: '',
        }
      : check,
  ),
};

beforeEach(() => {
  vi.mocked(fetchStoreHealth).mockReset();
  vi.mocked(runStoreHealth).mockReset();
});

function renderDashboardParts() {
  return renderWithProviders(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <header>
              <StoreHealthMark />
            </header>
            <StoreHealthPanel />
          </>
        }
      />
    </Routes>,
  );
}

describe('Store health panel', () => {
  it('lists each check with its status in words, its detail and its fix, and the header mark while one is critical', async () => {
    vi.mocked(fetchStoreHealth).mockResolvedValue(nightReport);
    renderDashboardParts();
    expect(await screen.findByText('Last run 28 Nov 2026, 05:00 UTC.', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('1 critical problem.')).toBeInTheDocument();

    const rows = screen.getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual([
      'Signed download links',
      'Paystack webhook',
      'DMARC record',
      'PayPal webhook',
    ]);
    expect(rows[0]).toHaveTextContent('Good');
    expect(rows[1]).toHaveTextContent('Critical');
    expect(rows[1]).toHaveTextContent(`Fix: ${webhookFix}`);
    expect(rows[2]).toHaveTextContent('Recommended');
    expect(rows[3]).toHaveTextContent('Does not apply');
    expect(rows[0]).not.toHaveTextContent('Fix:');

    const mark = screen.getByRole('link', { name: 'Store health: critical problem' });
    expect(mark).toHaveAttribute('href', '/admindashboard?panel=health');
  });

  it("runs the checks now, shows the new report and drops the header's mark once nothing is critical", async () => {
    vi.mocked(fetchStoreHealth).mockResolvedValue(nightReport);
    vi.mocked(runStoreHealth).mockResolvedValue(fixedReport);
    const { user } = renderDashboardParts();
    await screen.findByRole('link', { name: 'Store health: critical problem' });

    await user.click(screen.getByRole('button', { name: 'Run checks now' }));
    expect(await screen.findByText('No critical problem.')).toBeInTheDocument();
    expect(screen.getByText('Last run 28 Nov 2026, 09:30 UTC.', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Store health: critical problem' })).not.toBeInTheDocument();
    expect(runStoreHealth).toHaveBeenCalledTimes(1);
  });

  it('says when the checks have never run', async () => {
    vi.mocked(fetchStoreHealth).mockResolvedValue(null);
    renderDashboardParts();
    expect(await screen.findByText("The checks have not run yet. Press 'Run checks now'.")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Store health: critical problem' })).not.toBeInTheDocument();
  });

  it('says in words when the report cannot be loaded or the run fails', async () => {
    vi.mocked(fetchStoreHealth).mockRejectedValue({ code: 'permission-denied' });
    vi.mocked(runStoreHealth).mockRejectedValue({ code: 'unavailable' });
    const { user } = renderDashboardParts();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Store health could not be loaded. You do not have permission to do that.',
    );
    await user.click(screen.getByRole('button', { name: 'Run checks now' }));
    // The load failure's alert is already there: wait for the run's own, which comes first.
    await waitFor(() => expect(screen.getAllByRole('alert')[0]).toHaveTextContent('The checks could not be run.'));
  });
});
