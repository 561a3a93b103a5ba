// A product's license key settings in its Edit dialog (docs/licenses.md): off by default, the activation
// limit checked in words, saved through the Firestore boundary (mocked here, as the product panels' is).
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DeliverableFilesSection } from '../../../../../src/features/admin/files/DeliverableFilesSection';
import { fetchDeliverables, resetProductAdminQueries } from '../../../../support/productAdminQueries.mock';
import { renderWithProviders } from '../../../../support/renderWithProviders';

vi.mock(
  '../../../../../src/features/admin/api/productAdminQueries',
  () => import('../../../../support/productAdminQueries.mock'),
);
const saveLicenseKeySettings = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../../../../../src/features/admin/api/licenseKeySettings', () => ({ saveLicenseKeySettings }));

beforeEach(() => {
  resetProductAdminQueries();
  saveLicenseKeySettings.mockClear();
  fetchDeliverables.mockResolvedValue({
    url: 'https://drive.test/tool',
    files: [],
    stampPdf: true,
    downloadLimit: null,
    expiryDays: null,
    licenseKeys: { on: false, activationLimit: null, source: 'generated' },
  });
});

describe('license keys in the Edit dialog', () => {
  it('turns keys on with an activation limit, and refuses a limit that is not a whole number', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DeliverableFilesSection productId="p1" />);
    const on = await screen.findByRole('checkbox', { name: 'Issue a license key with each sale' });
    expect(on).not.toBeChecked();
    expect(
      screen.getByText('The store generates each key: 128 random bits, shown in groups (8F3A2C1D-…).'),
    ).toBeInTheDocument();
    await user.click(on);
    const limit = screen.getByLabelText('Activation limit per key (empty: unlimited)');
    await user.type(limit, '0');
    await user.click(screen.getByRole('button', { name: 'Save license key settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The activation limit is a whole number from 1 to 1000, or empty for no limit.',
    );
    expect(saveLicenseKeySettings).not.toHaveBeenCalled();

    await user.clear(limit);
    await user.type(limit, '3');
    await user.click(screen.getByRole('button', { name: 'Save license key settings' }));
    expect(await screen.findByText('License key settings saved.')).toBeInTheDocument();
    expect(saveLicenseKeySettings).toHaveBeenCalledWith(
      'p1',
      { on: false, activationLimit: null, source: 'generated' },
      { on: true, activationLimit: 3, source: 'generated' },
    );
  });
});
