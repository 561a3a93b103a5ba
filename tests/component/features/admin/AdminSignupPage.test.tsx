import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAccount, sendVerificationEmail, signOutAdmin } from '../../../support/adminAuth.mock';
import { submitAdminRequest } from '../../../support/adminAuth.mock';
import { AdminSignupPage } from '../../../../src/features/admin/auth/AdminSignupPage';
import { setupAlerts } from '../../../support/alerts';
import { resetAdminMocks, setAuthUser } from '../../../support/adminAuth.mock';
import { fill, findAlert, pressInAlert, renderAdminRoute } from '../../../support/adminScreens';

vi.mock('../../../../src/features/admin/api/auth', () => import('../../../support/adminAuth.mock'));
vi.mock('../../../../src/features/admin/api/admins', () => import('../../../support/adminAuth.mock'));

setupAlerts();
beforeEach(() => resetAdminMocks());

const labels = ['Full Name', 'Email', 'Confirm Email', 'Phone Number', 'Password', 'Confirm Password'];

function registration(overrides: Record<string, string> = {}) {
  return {
    'Full Name': 'Bola Ade',
    Email: 'bola@digitalstore.test',
    'Confirm Email': 'bola@digitalstore.test',
    'Phone Number': '+234 805 555 0101',
    Password: 'bola-pass-2026',
    'Confirm Password': 'bola-pass-2026',
    ...overrides,
  };
}

function renderSignup() {
  return renderAdminRoute('/adminsignup', <AdminSignupPage />);
}

describe('admin sign-up', () => {
  it('shows the six required fields, Create Account and the link to login', () => {
    renderSignup();
    expect(screen.getByRole('heading', { level: 1, name: 'Register Admin' })).toBeInTheDocument();
    for (const label of labels) expect(screen.getByLabelText(label)).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Phone Number')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/adminlogin');
  });

  it("says 'Emails do not match' in an 'Error' dialog and creates nothing", async () => {
    const { user } = renderSignup();
    await fill(user, registration({ 'Confirm Email': 'bola@other.test' }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await findAlert('Error', 'Emails do not match');
    expect(createAccount).not.toHaveBeenCalled();
  });

  it("says 'Passwords do not match' in an 'Error' dialog and creates nothing", async () => {
    const { user } = renderSignup();
    await fill(user, registration({ 'Confirm Password': 'something-else' }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await findAlert('Error', 'Passwords do not match');
    expect(createAccount).not.toHaveBeenCalled();
  });

  it('will not submit while a field is empty', async () => {
    const { user } = renderSignup();
    await fill(user, registration({ 'Phone Number': '' }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByLabelText('Phone Number')).toBeInvalid();
    expect(createAccount).not.toHaveBeenCalled();
  });

  // The request waits for a verified address (firestore.rules: email_verified), so sign-up sends
  // the verification e-mail (through the API) and files nothing yet.
  it('creates the account, sends the verification e-mail, files no request yet, signs out, says to check the inbox and goes to login', async () => {
    createAccount.mockImplementation(async () => {
      const created = {
        uid: 'uid-bola',
        email: 'bola@digitalstore.test',
        displayName: 'Bola Ade',
        emailVerified: false,
      };
      setAuthUser(created);
      return created;
    });
    const { user } = renderSignup();
    await fill(user, registration());
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await findAlert(
      'Account created successfully',
      'Check your inbox to verify your address; an admin will then review your request.',
    );
    expect(createAccount).toHaveBeenCalledWith('Bola Ade', 'bola@digitalstore.test', 'bola-pass-2026');
    expect(sendVerificationEmail).toHaveBeenCalledTimes(1);
    expect(submitAdminRequest).not.toHaveBeenCalled();
    expect(signOutAdmin).toHaveBeenCalled();
    // Login opens at once, under the message (the form, and what was typed in it, are gone).
    expect(await screen.findByRole('heading', { name: 'Login page at /adminlogin', hidden: true })).toBeInTheDocument();
    for (const label of labels) expect(screen.queryByLabelText(label)).not.toBeInTheDocument();
    await pressInAlert(user);
    expect(screen.getByRole('heading', { name: 'Login page at /adminlogin' })).toBeInTheDocument();
  });

  it("shows the auth service's failure as a readable sentence in an 'Error' dialog and keeps the form", async () => {
    createAccount.mockRejectedValue({
      code: 'auth/email-already-in-use',
      message: 'An account with this e-mail address already exists.',
    });
    const { user } = renderSignup();
    await fill(user, registration());
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await findAlert('Error', 'An account with this e-mail address already exists.');
    expect(submitAdminRequest).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Full Name')).toHaveValue('Bola Ade');
  });

  it('signs the new account out even when the verification e-mail could not be sent', async () => {
    createAccount.mockResolvedValue({
      uid: 'uid-bola',
      email: 'bola@digitalstore.test',
      displayName: 'Bola Ade',
      emailVerified: false,
    });
    sendVerificationEmail.mockRejectedValue({
      code: 'auth/too-many-requests',
      message: 'Too many attempts. Please wait a few minutes and try again.',
    });
    const { user } = renderSignup();
    await fill(user, registration());
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await findAlert('Error', 'Too many attempts. Please wait a few minutes and try again.');
    expect(signOutAdmin).toHaveBeenCalled();
  });
});
