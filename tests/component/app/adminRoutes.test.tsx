import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src/App';
import { setupAlerts } from '../../support/alerts';
import { resetAdminMocks } from '../../support/adminAuth.mock';
import { resetCatalogQueries } from '../../support/catalogQueries.mock';
import { renderWithProviders } from '../../support/renderWithProviders';

vi.mock('../../../src/features/catalog/api/catalogQueries', () => import('../../support/catalogQueries.mock'));
vi.mock('../../../src/features/admin/api/auth', () => import('../../support/adminAuth.mock'));
vi.mock('../../../src/features/admin/api/admins', () => import('../../support/adminAuth.mock'));

setupAlerts();
beforeEach(() => {
  resetCatalogQueries();
  resetAdminMocks();
});

describe('admin routes', () => {
  it.each([
    ['/adminlogin', 'Admin Login'],
    ['/adminsignup', 'Register Admin'],
    ['/adminforgotpassword', 'Forgot Password'],
    ['/adminresetpassword', 'Reset Password'],
    ['/adminverify', 'Verify Email'],
  ])('loads the admin chunk and shows %s', async (route, heading) => {
    renderWithProviders(<App />, { route });
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 })).toBeInTheDocument();
    // Inside the store's shell, like every page.
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('sends a signed-out visitor from /admindashboard to /adminlogin', async () => {
    renderWithProviders(<App />, { route: '/admindashboard' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Admin Login' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
