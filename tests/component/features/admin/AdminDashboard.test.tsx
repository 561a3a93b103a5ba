import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signOutAdmin, watchAuthUser } from '../../../support/adminAuth.mock';
import { AdminDashboard } from '../../../../src/features/admin/dashboard/AdminDashboard';
import { setupAlerts } from '../../../support/alerts';
import { asAuthUser, buildAdmin, resetAdminMocks, setAuthUser } from '../../../support/adminAuth.mock';
import { findAlert, pressInAlert, renderAdminRoute } from '../../../support/adminScreens';
import { buildMessage, countUnhandledMessages, resetContactMessages } from '../../../support/contactMessages.mock';

vi.mock('../../../../src/features/admin/api/auth', () => import('../../../support/adminAuth.mock'));
vi.mock('../../../../src/features/admin/api/admins', () => import('../../../support/adminAuth.mock'));
vi.mock('../../../../src/features/admin/api/contactMessages', () => import('../../../support/contactMessages.mock'));
// The product panels belong to their own tests; here only which one the shell shows matters.
vi.mock('../../../../src/features/admin/products/PostProductPanel', () => ({
  PostProductPanel: () => <h2>Post product panel</h2>,
}));
vi.mock('../../../../src/features/admin/products/ManageProductsPanel', () => ({
  ManageProductsPanel: () => <h2>Manage products panel</h2>,
}));
vi.mock('../../../../src/features/admin/products/ProductPage', () => ({
  ProductPage: ({ productId }: { productId: string }) => <h2>Product page of {productId}</h2>,
}));
vi.mock('../../../../src/features/admin/sales/SalesPanel', () => ({
  SalesPanel: () => <h2>Sales panel</h2>,
}));
vi.mock('../../../../src/features/admin/discounts/DiscountsPanel', () => ({
  DiscountsPanel: () => <h2>Discounts panel</h2>,
}));
vi.mock('../../../../src/features/admin/settings/StoreSettingsPanel', () => ({
  StoreSettingsPanel: () => <h2>Store settings panel</h2>,
}));
vi.mock('../../../../src/features/admin/mailings/MailingsPanel', () => ({
  MailingsPanel: () => <h2>Mailings panel</h2>,
}));

setupAlerts();

const ada = buildAdmin();
beforeEach(() => {
  resetAdminMocks([ada]);
  resetContactMessages([buildMessage(0), buildMessage(1), buildMessage(2, { handled: true }), buildMessage(3)]);
});

function renderDashboard(search = '') {
  return renderAdminRoute('/admindashboard', <AdminDashboard />, `/admindashboard${search}`);
}

function signInAda() {
  setAuthUser(asAuthUser(ada));
}

describe('admin dashboard gate', () => {
  it("shows 'Loading...' while the sign-in state resolves", () => {
    watchAuthUser.mockImplementation(() => new Promise(() => {}));
    renderDashboard();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('sends a signed-out visitor to /adminlogin', async () => {
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Login page at /adminlogin' })).toBeInTheDocument();
  });

  it('sends a signed-in account without an admins record to /adminlogin', async () => {
    setAuthUser({ uid: 'uid-pending', email: 'new@digitalstore.test', displayName: 'New', emailVerified: true });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Login page at /adminlogin' })).toBeInTheDocument();
  });
});

describe("a product's page in the dashboard", () => {
  it('shows /admindashboard/products/{id} in the shell, with Manage Products as the current menu entry', async () => {
    signInAda();
    renderAdminRoute('/admindashboard/products/:id', <AdminDashboard />, '/admindashboard/products/excel-mastery');
    expect(await screen.findByRole('heading', { name: 'Product page of excel-mastery' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'Manage Products' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Hi, Admin' })).not.toHaveAttribute('aria-current');
  });

  it('sends a signed-out visitor to /adminlogin', async () => {
    renderAdminRoute('/admindashboard/products/:id', <AdminDashboard />, '/admindashboard/products/excel-mastery');
    expect(await screen.findByRole('heading', { name: 'Login page at /adminlogin' })).toBeInTheDocument();
  });
});

describe('admin dashboard shell', () => {
  it('shows the menu and the profile panel by default', async () => {
    signInAda();
    renderDashboard();
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    await within(nav).findByRole('link', { name: 'Messages 3 unhandled' });
    const names = within(nav)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(names).toEqual([
      'Hi, Admin',
      'Post A Product',
      'Manage Products',
      'Register Admin',
      'Sales',
      'Discounts',
      'Affiliates',
      'Members',
      'E-mails',
      'Reviews',
      'Messages 3 unhandled',
      'Store settings',
      'Store health',
      'Logout',
    ]);
    expect(within(nav).getByRole('link', { name: 'Hi, Admin' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 2, name: 'Profile' })).toBeInTheDocument();
  });

  it.each([
    ['?panel=profile', 'Profile'],
    ['?panel=post', 'Post product panel'],
    ['?panel=manage', 'Manage products panel'],
    ['?panel=register', 'Register Admin'],
    ['?panel=sales', 'Sales panel'],
    ['?panel=discounts', 'Discounts panel'],
    ['?panel=mailings', 'Mailings panel'],
    ['?panel=messages', 'Messages'],
    ['?panel=settings', 'Store settings panel'],
    ['?panel=reports', 'Dashboard Home'],
  ])('shows the panel named in the URL (%s)', async (search, heading) => {
    signInAda();
    renderDashboard(search);
    expect(await screen.findByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
  });

  it('counts the unhandled messages beside Messages, and the count goes down once one is handled', async () => {
    signInAda();
    const { user } = renderDashboard('?panel=messages');
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    const messages = await within(nav).findByRole('link', { name: 'Messages 3 unhandled' });
    expect(messages).toHaveAttribute('href', '/admindashboard?panel=messages');
    expect(messages).toHaveAttribute('aria-current', 'page');
    const card = await screen.findByRole('article', { name: 'Sender 0' });
    await user.click(within(card).getByRole('button', { name: 'Mark handled' }));
    expect(await within(nav).findByRole('link', { name: 'Messages 2 unhandled' })).toBeInTheDocument();
  });

  it('shows Messages without a count when none is unhandled or the count cannot be read', async () => {
    countUnhandledMessages.mockRejectedValue({ code: 'unavailable', message: 'The store could not be reached.' });
    signInAda();
    renderDashboard();
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    await waitFor(() => expect(countUnhandledMessages).toHaveBeenCalled());
    expect(within(nav).getByRole('link', { name: 'Messages' })).toBeInTheDocument();
  });

  it('puts the chosen panel in the URL', async () => {
    signInAda();
    const { user } = renderDashboard();
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    await user.click(within(nav).getByRole('link', { name: 'Manage Products' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Manage products panel' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Manage Products' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Manage Products' })).toHaveAttribute(
      'href',
      '/admindashboard?panel=manage',
    );
  });

  it('opens the phone menu with an overlay, moves focus into it, and closes it on Escape', async () => {
    signInAda();
    const { user } = renderDashboard();
    const toggle = await screen.findByRole('button', { name: 'Dashboard menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('dashboard-overlay')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(screen.getByTestId('dashboard-overlay')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Hi, Admin' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('dashboard-overlay')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('closes the phone menu when the overlay is pressed', async () => {
    signInAda();
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Dashboard menu' }));
    await user.click(screen.getByTestId('dashboard-overlay'));
    expect(screen.getByRole('button', { name: 'Dashboard menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('logout', () => {
  it('asks first and stays signed in when the admin cancels', async () => {
    signInAda();
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await findAlert('Log out?', 'You will be signed out of the admin area.');
    await pressInAlert(user, 'Cancel');
    expect(signOutAdmin).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 2, name: 'Profile' })).toBeInTheDocument();
  });

  it('signs out, shows a success message for 2 seconds, then goes to /adminlogin', async () => {
    signInAda();
    const { user, store } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await findAlert('Log out?');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, log out' }));

    await findAlert('Logged out successfully');
    const shownAt = Date.now();
    expect(signOutAdmin).toHaveBeenCalled();
    expect(store.getState().session.adminInfo).toBeNull();
    expect(screen.queryByRole('heading', { name: /^Login page/, hidden: true })).not.toBeInTheDocument();

    await screen.findByRole('heading', { name: 'Login page at /adminlogin' }, { timeout: 4000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1800);
  });

  it('returns to /adminlogin when the session ends elsewhere', async () => {
    signInAda();
    renderDashboard();
    await screen.findByRole('heading', { level: 2, name: 'Profile' });
    act(() => setAuthUser(null));
    expect(await screen.findByRole('heading', { name: 'Login page at /adminlogin' })).toBeInTheDocument();
  });
});
