// The Affiliates panel (docs/affiliates.md): the admin's API stubbed with msw, the admin's ID token
// from the mocked Firebase boundary.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AffiliatesPanel } from '../../../../../src/features/admin/affiliates/AffiliatesPanel';
import { buildAffiliate, buildCommission } from '../../../../support/adminFactories';
import { server } from '../../../../support/msw';
import { resetProductAdminQueries } from '../../../../support/productAdminQueries.mock';
import { renderWithProviders } from '../../../../support/renderWithProviders';

vi.mock(
  '../../../../../src/features/admin/api/productAdminQueries',
  () => import('../../../../support/productAdminQueries.mock'),
);

const chioma = buildAffiliate({ code: 'CHIOMA12', name: 'Chioma Nwosu', status: 'pending' });

function panelEndpoints() {
  const calls: Array<{ path: string; body: unknown }> = [];
  let status = 'pending';
  server.use(
    http.get('*/api/admin/affiliates', () =>
      HttpResponse.json({
        affiliates: [{ ...chioma, status, subaccountCode: status === 'approved' ? 'ACCT_0123456789' : null }],
        commissions: [
          buildCommission({ transactionId: 'paystack_ds-1', affiliateCode: 'CHIOMA12', amountMinor: 225_000 }),
        ],
      }),
    ),
    http.post('*/api/admin/affiliates/:code/:action', async ({ params, request }) => {
      calls.push({ path: `${String(params.code)}/${String(params.action)}`, body: await request.json() });
      if (params.action === 'approve') status = 'approved';
      if (params.action === 'commission') return HttpResponse.json({ message: 'Commission set to 40%.' });
      return HttpResponse.json({ message: 'Affiliate approved and e-mailed.' });
    }),
  );
  return { calls };
}

beforeEach(() => {
  resetProductAdminQueries();
});

describe('the Affiliates panel', () => {
  it('lists an application with its resolved account, approves it and sets its commission', async () => {
    const { calls } = panelEndpoints();
    const { user } = renderWithProviders(<AffiliatesPanel />);
    expect(await screen.findByText('Chioma Nwosu · CHIOMA12 · Waiting for approval')).toBeInTheDocument();
    const [row] = screen.getAllByRole('listitem');
    if (!row) throw new Error('no affiliate row');
    expect(
      within(row).getByText('chioma@example.com · +234 803 555 0101 · Guaranty Trust Bank ····6789 (CHIOMA NWOSU)'),
    ).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Approve Chioma Nwosu' }));
    expect(await screen.findByText('Chioma Nwosu · CHIOMA12 · Approved')).toBeInTheDocument();
    expect(await screen.findByText(/subaccount ACCT_0123456789/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Commission % (empty: the store’s)'), '40');
    await user.click(screen.getByRole('button', { name: 'Save commission' }));
    expect(await screen.findByText('Commission set to 40%.')).toBeInTheDocument();
    expect(calls).toEqual([
      { path: 'CHIOMA12/approve', body: {} },
      { path: 'CHIOMA12/commission', body: { percent: 40 } },
    ]);
  });

  it('shows the ledger and marks a batch paid', async () => {
    panelEndpoints();
    const batches: unknown[] = [];
    server.use(
      http.post('*/api/admin/affiliates/commissions/batch', async ({ request }) => {
        batches.push(await request.json());
        return HttpResponse.json({
          batchId: 'batch-1',
          count: 0,
          held: 0,
          csv: '',
          message: 'No commission is payable yet.',
        });
      }),
    );
    const { user } = renderWithProviders(<AffiliatesPanel />);
    expect(
      await screen.findByText('CHIOMA12 · Freelance Writing Playbook · 2026-10-01 · ₦2,250 · Payable'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark payable commissions paid and download the CSV' }));
    expect(await screen.findByText('No commission is payable yet.')).toBeInTheDocument();
    expect(batches).toEqual([{}]);
  });

  it('says how many commissions a batch held back for disputed or revoked sales', async () => {
    panelEndpoints();
    server.use(
      http.post('*/api/admin/affiliates/commissions/batch', () =>
        HttpResponse.json({
          batchId: 'batch-2',
          count: 0,
          held: 1,
          csv: '',
          message:
            'No commission was marked paid. 1 commission was held back: its sale is disputed or its access revoked.',
        }),
      ),
    );
    const { user } = renderWithProviders(<AffiliatesPanel />);
    await user.click(await screen.findByRole('button', { name: 'Mark payable commissions paid and download the CSV' }));
    expect(
      await screen.findByText(
        'No commission was marked paid. 1 commission was held back: its sale is disputed or its access revoked.',
      ),
    ).toBeInTheDocument();
  });
});
