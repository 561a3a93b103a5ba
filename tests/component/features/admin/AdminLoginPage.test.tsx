import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminLoginPage } from '../../../../src/features/admin/auth/AdminLoginPage';
import {
  hasAdminRequest,
  sendVerificationEmail,
  signIn,
  signOutAdmin,
  submitAdminRequest,
} from '../../../support/adminAuth.mock';
import { rememberSignup } from '../../../../src/features/admin/auth/pendingSignup';
import { setupAlerts } from '../../../support/alerts';
import { asAuthUser, buildAdmin, resetAdminMocks, setAuthUser } from '../../../support/adminAuth.mock';
import { fill, findAlert, pressInAlert, renderAdminRoute } from '../../../support/adminScreens';

vi.mock('../../../../src/features/admin/api/auth', () => import('../../../support/adminAuth.mock'));
vi.mock('../../../../src/features/admin/api/admins', () => import('../../../support/adminAuth.mock'));

setupAlerts();

const ada = buildAdmin();

beforeEach(() => resetAdminMocks([ada]));

function renderLogin() {
  return renderAdminRoute('/adminlogin', <AdminLoginPage />);
}

describe('admin login', () => {
  it('shows Email, Password, Login and the links to register and to reset the password', async () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/adminsignup');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/adminforgotpassword');
  });

  it('sends an admin who is already signed in straight to the dashboard', async () => {
    setAuthUser(asAuthUser(ada));
    renderLogin();
    expect(await screen.findByRole('heading', { name: 'Dashboard at /admindashboard' })).toBeInTheDocument();
  });

  it('keeps the admin in the session and opens the dashboard, with no success dialog', async () => {
    signIn.mockImplementation(async () => {
      setAuthUser(asAuthUser(ada));
      return asAuthUser(ada);
    });
    const { user, store } = renderLogin();
    await fill(user, { Email: 'ada@digitalstore.test', Password: 'correct-horse' });
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard at /admindashboard' })).toBeInTheDocument();
    expect(signIn).toHaveBeenCalledWith('ada@digitalstore.test', 'correct-horse');
    expect(store.getState().session.adminInfo).toEqual(ada);
    expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument();
    expect(screen.queryByText('Logged in successfully')).not.toBeInTheDocument();
  });

  it("shows 'Login Failed' with the readable sentence of the failure", async () => {
    signIn.mockRejectedValue({
      code: 'auth/invalid-credential',
      message: 'The e-mail address or password is incorrect.',
    });
    const { user } = renderLogin();
    await fill(user, { Email: 'ada@digitalstore.test', Password: 'wrong-password' });
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const dialog = await findAlert('Login Failed', 'The e-mail address or password is incorrect.');
    expect(dialog).not.toHaveTextContent('auth/');
    await pressInAlert(user);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('never shows what an unexpected error says about itself', async () => {
    signIn.mockRejectedValue(new Error('auth/internal-error: stack at foo.js:1'));
    const { user } = renderLogin();
    await fill(user, { Email: 'ada@digitalstore.test', Password: 'whatever' });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = await findAlert('Login Failed', 'Something went wrong. Please try again.');
    expect(dialog).not.toHaveTextContent('auth/');
  });

  it('tells an account without an admins record that it awaits approval, and keeps it out', async () => {
    const pending = buildAdmin({ uid: 'uid-pending', email: 'new@digitalstore.test', name: 'New Person' });
    signIn.mockImplementation(async () => {
      setAuthUser(asAuthUser(pending));
      return asAuthUser(pending);
    });
    const { user, store } = renderLogin();
    await fill(user, { Email: 'new@digitalstore.test', Password: 'secret-123' });
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await findAlert(
      'Awaiting approval',
      'Your account is waiting for an admin to approve it. You can sign in once it has been approved.',
    );
    expect(signOutAdmin).toHaveBeenCalled();
    expect(store.getState().session.adminInfo).toBeNull();
    await pressInAlert(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
  });

  // firestore.rules take a request to become an admin only from a verified address
  // (request.auth.token.email_verified == true).
  it('tells an account whose e-mail is not verified to verify it, sends a new link, files nothing and keeps it out', async () => {
    const unverified = buildAdmin({ uid: 'uid-new', email: 'new@digitalstore.test', name: 'New Person' });
    signIn.mockImplementation(async () => {
      setAuthUser(asAuthUser(unverified, false));
      return asAuthUser(unverified, false);
    });
    const { user, store } = renderLogin();
    await fill(user, { Email: 'new@digitalstore.test', Password: 'secret-123' });
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await findAlert(
      'Verify your e-mail address',
      'We have sent a link to new@digitalstore.test. Open it to verify your address, then log in again: an admin will then review your request.',
    );
    expect(sendVerificationEmail).toHaveBeenCalledTimes(1);
    expect(submitAdminRequest).not.toHaveBeenCalled();
    expect(signOutAdmin).toHaveBeenCalled();
    expect(store.getState().session.adminInfo).toBeNull();
  });

  it('files the approval request of a verified account that has none, with what was typed at sign-up', async () => {
    const verified = buildAdmin({ uid: 'uid-verified', email: 'ngozi@digitalstore.test', name: 'Ngozi O.' });
    rememberSignup('uid-verified', { name: 'Ngozi Okafor', phone: '+234 806 111 2222' });
    hasAdminRequest.mockResolvedValue(false);
    signIn.mockImplementation(async () => {
      setAuthUser(asAuthUser(verified));
      return asAuthUser(verified);
    });
    const { user } = renderLogin();
    await fill(user, { Email: 'ngozi@digitalstore.test', Password: 'secret-123' });
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await findAlert('Awaiting approval');
    expect(submitAdminRequest).toHaveBeenCalledWith({
      uid: 'uid-verified',
      name: 'Ngozi Okafor',
      email: 'ngozi@digitalstore.test',
      phone: '+234 806 111 2222',
    });
    expect(signOutAdmin).toHaveBeenCalled();
  });

  it('files the request with the account name and no phone when sign-up happened on another device', async () => {
    const elsewhere = buildAdmin({ uid: 'uid-elsewhere', email: 'tobi@digitalstore.test', name: 'Tobi Lawal' });
    hasAdminRequest.mockResolvedValue(false);
    signIn.mockImplementation(async () => {
      setAuthUser(asAuthUser(elsewhere));
      return asAuthUser(elsewhere);
    });
    const { user } = renderLogin();
    await fill(user, { Email: 'tobi@digitalstore.test', Password: 'secret-123' });
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await findAlert('Awaiting approval');
    expect(submitAdminRequest).toHaveBeenCalledWith({
      uid: 'uid-elsewhere',
      name: 'Tobi Lawal',
      email: 'tobi@digitalstore.test',
      phone: '',
    });
  });
});
