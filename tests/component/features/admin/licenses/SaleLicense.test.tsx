// A sale's license key in Sales (docs/licenses.md): masked until 'Show', its activations (name, date),
// 'Reset activations', 'Disable'/'Enable' and 'Replace key' (confirmed first), each result in words; a
// key still owed says 'to be sent'. The key is read through the Firestore boundary (mocked here); the
// actions go to our admin API, stubbed with msw.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaleLicense as License } from '../../../../../src/features/admin/api/saleLicenses';
import { SaleLicense } from '../../../../../src/features/admin/licenses/SaleLicense';
import { setupAlerts } from '../../../../support/alerts';
import { buildLicenseKey } from '../../../../support/factories';
import { server } from '../../../../support/msw';
import { resetProductAdminQueries } from '../../../../support/productAdminQueries.mock';
import { renderWithProviders } from '../../../../support/renderWithProviders';

vi.mock(
  '../../../../../src/features/admin/api/productAdminQueries',
  () => import('../../../../support/productAdminQueries.mock'),
);
const fetchSaleLicense = vi.hoisted(() => vi.fn<(id: string) => Promise<License | null>>());
vi.mock('../../../../../src/features/admin/api/saleLicenses', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../../src/features/admin/api/saleLicenses')>()),
  fetchSaleLicense,
}));

setupAlerts();

const key = '8F3A2C1D-0B9E4D7A-5C6F1E2B-9A8D7C6E';
let stored: License;

beforeEach(() => {
  resetProductAdminQueries();
  stored = buildLicenseKey({
    key,
    activationLimit: 3,
    activations: [
      { id: 'i1', name: 'Office PC', at: '2026-11-23T10:00:00.000Z' },
      { id: 'i2', name: 'Home laptop', at: '2026-11-24T18:30:00.000Z' },
    ],
  });
  fetchSaleLicense.mockReset();
  fetchSaleLicense.mockImplementation(() => Promise.resolve(stored));
});

/** The admin API as the server answers it, changing `stored` as it would. */
function licenseApi() {
  const calls: { path: string; body: unknown; authorization: string | null }[] = [];
  server.use(
    http.post('*/api/admin/transactions/demo_S1/license/:action', async ({ request, params }) => {
      const body = (await request.json()) as { disabled?: boolean };
      calls.push({ path: String(params.action), body, authorization: request.headers.get('authorization') });
      if (params.action === 'reset') {
        stored = { ...stored, activations: [] };
        return HttpResponse.json({ message: 'Activations reset: the key has all its seats free.' });
      }
      if (params.action === 'status') {
        stored = { ...stored, status: body.disabled ? 'disabled' : 'active' };
        return HttpResponse.json({ message: body.disabled ? 'License key disabled.' : 'License key enabled.' });
      }
      stored = { ...stored, key: 'AAAAAAAA-BBBBBBBB-CCCCCCCC-DDDD1234' };
      return HttpResponse.json({ message: 'Key replaced; the buyer has been e-mailed the new one.', key: stored.key });
    }),
  );
  return calls;
}

describe("a sale's license key in Sales", () => {
  it('shows the key masked until Show, its machines, and resets, disables, enables and replaces it', async () => {
    const calls = licenseApi();
    const { user } = renderWithProviders(<SaleLicense transactionId="demo_S1" />);
    await user.click(screen.getByRole('button', { name: 'License key' }));
    const box = await screen.findByLabelText('License key');
    expect(within(box).getByText('••••••••••••7C6E')).toBeInTheDocument();
    expect(within(box).queryByText(key)).toBeNull();
    await user.click(within(box).getByRole('button', { name: 'Show' }));
    expect(within(box).getByText(key)).toBeInTheDocument();
    expect(box).toHaveTextContent('2 activations (limit 3)');
    expect(
      within(box)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Office PC · 23 Nov 2026', 'Home laptop · 24 Nov 2026']);

    await user.click(within(box).getByRole('button', { name: 'Reset activations' }));
    expect(await within(box).findByRole('status')).toHaveTextContent(
      'Activations reset: the key has all its seats free.',
    );
    expect(box).toHaveTextContent('0 activations (limit 3)');

    await user.click(within(box).getByRole('button', { name: 'Disable' }));
    expect(await within(box).findByText('License key disabled.')).toBeInTheDocument();
    expect(box).toHaveTextContent('Disabled · 0 activations (limit 3)');
    await user.click(within(box).getByRole('button', { name: 'Enable' }));
    expect(await within(box).findByText('License key enabled.')).toBeInTheDocument();
    expect(box).not.toHaveTextContent('Disabled');

    await user.click(within(box).getByRole('button', { name: 'Replace key' }));
    const confirm = await screen.findByRole('dialog', { name: 'Replace the key?' });
    expect(confirm).toHaveTextContent('The current key stops working and the buyer is e-mailed a new one.');
    await user.click(within(confirm).getByRole('button', { name: 'Yes, replace' }));
    expect(await within(box).findByText('Key replaced; the buyer has been e-mailed the new one.')).toBeInTheDocument();
    expect(within(box).getByText('AAAAAAAA-BBBBBBBB-CCCCCCCC-DDDD1234')).toBeInTheDocument();

    expect(calls).toEqual([
      { path: 'reset', body: {}, authorization: 'Bearer admin-id-token' },
      { path: 'status', body: { disabled: true }, authorization: 'Bearer admin-id-token' },
      { path: 'status', body: { disabled: false }, authorization: 'Bearer admin-id-token' },
      { path: 'replace', body: {}, authorization: 'Bearer admin-id-token' },
    ]);
  });

  it("says a key still owed is 'to be sent', and the API's refusal in its own words", async () => {
    stored = buildLicenseKey({ key: null, status: 'pending', activationLimit: null });
    const { user, unmount } = renderWithProviders(<SaleLicense transactionId="demo_S1" />);
    await user.click(screen.getByRole('button', { name: 'License key' }));
    const owed = await screen.findByLabelText('License key');
    expect(owed).toHaveTextContent('License key: to be sent (the pool is empty)');
    expect(within(owed).queryByRole('button', { name: 'Reset activations' })).toBeNull();
    unmount();

    stored = buildLicenseKey({ key, activationLimit: null });
    server.use(
      http.post('*/api/admin/transactions/demo_S1/license/reset', () =>
        HttpResponse.json({ message: 'This sale has no license key to change.' }, { status: 404 }),
      ),
    );
    const view = renderWithProviders(<SaleLicense transactionId="demo_S1" />);
    await view.user.click(screen.getByRole('button', { name: 'License key' }));
    const box = await screen.findByLabelText('License key');
    await view.user.click(within(box).getByRole('button', { name: 'Reset activations' }));
    expect(await within(box).findByRole('alert')).toHaveTextContent('This sale has no license key to change.');
  });
});
