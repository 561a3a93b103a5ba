import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkResetCode, resetPassword } from '../../../support/adminAuth.mock';
import { AdminResetPasswordPage } from '../../../../src/features/admin/auth/AdminResetPasswordPage';
import { setupAlerts } from '../../../support/alerts';
import { resetAdminMocks } from '../../../support/adminAuth.mock';
import { fill, findAlert, pressInAlert, renderAdminRoute } from '../../../support/adminScreens';

vi.mock('../../../../src/features/admin/api/auth', () => import('../../../support/adminAuth.mock'));
vi.mock('../../../../src/features/admin/api/admins', () => import('../../../support/adminAuth.mock'));

setupAlerts();
beforeEach(() => {
  resetAdminMocks();
  checkResetCode.mockResolvedValue('ada@digitalstore.test');
});

function renderReset(search = '?mode=resetPassword&oobCode=code-123') {
  return renderAdminRoute('/adminresetpassword', <AdminResetPasswordPage />, `/adminresetpassword${search}`);
}

describe('reset password', () => {
  it('checks the code from the link and asks for the new password twice', async () => {
    renderReset();
    expect(await screen.findByLabelText('New password')).toBeRequired();
    expect(screen.getByLabelText('Confirm new password')).toBeRequired();
    expect(screen.getByText('Choose a new password for ada@digitalstore.test.')).toBeInTheDocument();
    expect(checkResetCode).toHaveBeenCalledWith('code-123');
  });

  it('says a link without a code is incomplete and links to ask again', async () => {
    renderReset('');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This password reset link is incomplete: it has no reset code.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new reset link' })).toHaveAttribute(
      'href',
      '/adminforgotpassword',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(checkResetCode).not.toHaveBeenCalled();
  });

  it('says an expired code has expired and links to ask again', async () => {
    checkResetCode.mockRejectedValue({
      code: 'auth/expired-action-code',
      message: 'This reset link has expired. Please ask for a new one.',
    });
    renderReset();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link has expired. Please ask for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new reset link' })).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it("says 'Passwords do not match' and resets nothing", async () => {
    const { user } = renderReset();
    await screen.findByLabelText('New password');
    await fill(user, { 'New password': 'new-pass-2026', 'Confirm new password': 'new-pass-2027' });
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await findAlert('Error', 'Passwords do not match');
    expect(resetPassword).not.toHaveBeenCalled();
  });

  it("resets with the code, says 'Password reset successfully!' and goes to login without waiting for OK", async () => {
    const { user } = renderReset();
    await screen.findByLabelText('New password');
    await fill(user, { 'New password': 'new-pass-2026', 'Confirm new password': 'new-pass-2026' });
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await findAlert('Password reset successfully!');
    expect(resetPassword).toHaveBeenCalledWith('code-123', 'new-pass-2026');
    // Login opens at once, under the message: it does not wait for OK.
    expect(await screen.findByRole('heading', { name: 'Login page at /adminlogin', hidden: true })).toBeInTheDocument();
    await pressInAlert(user);
    expect(screen.getByRole('heading', { name: 'Login page at /adminlogin' })).toBeInTheDocument();
  });

  it('offers a new link when the code was used up while the page was open', async () => {
    resetPassword.mockRejectedValue({
      code: 'auth/invalid-action-code',
      message: 'This reset link is invalid or has already been used. Please ask for a new one.',
    });
    const { user } = renderReset();
    await screen.findByLabelText('New password');
    await fill(user, { 'New password': 'new-pass-2026', 'Confirm new password': 'new-pass-2026' });
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await findAlert('Error', 'This reset link is invalid or has already been used. Please ask for a new one.');
    await pressInAlert(user);
    expect(screen.getByRole('link', { name: 'Ask for a new reset link' })).toBeInTheDocument();
  });
});
