import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sendResetLink } from '../../../support/adminAuth.mock';
import { AdminForgotPasswordPage } from '../../../../src/features/admin/auth/AdminForgotPasswordPage';
import { setupAlerts } from '../../../support/alerts';
import { resetAdminMocks } from '../../../support/adminAuth.mock';
import { fill, findAlert, pressInAlert, renderAdminRoute } from '../../../support/adminScreens';

vi.mock('../../../../src/features/admin/api/auth', () => import('../../../support/adminAuth.mock'));
vi.mock('../../../../src/features/admin/api/admins', () => import('../../../support/adminAuth.mock'));

setupAlerts();
beforeEach(() => resetAdminMocks());

function renderForgot() {
  return renderAdminRoute('/adminforgotpassword', <AdminForgotPasswordPage />);
}

describe('forgot password', () => {
  it('asks for the e-mail (required) and links back to login', () => {
    renderForgot();
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/adminlogin');
  });

  it("sends the link, says so, and offers 'Resend Reset Link'", async () => {
    const { user } = renderForgot();
    await fill(user, { Email: 'ada@digitalstore.test' });
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await findAlert('Reset link sent successfully', 'Please check your email inbox or spam folder!');
    expect(sendResetLink).toHaveBeenCalledWith('ada@digitalstore.test');
    await pressInAlert(user);
    await user.click(screen.getByRole('button', { name: 'Resend Reset Link' }));
    await findAlert('Reset link sent successfully');
    expect(sendResetLink).toHaveBeenCalledTimes(2);
  });

  it('shows why the link could not be sent, and keeps the first button label', async () => {
    sendResetLink.mockRejectedValue({
      code: 'auth/user-not-found',
      message: 'No account exists with this e-mail address.',
    });
    const { user } = renderForgot();
    await fill(user, { Email: 'nobody@digitalstore.test' });
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await findAlert('Error', 'No account exists with this e-mail address.');
    await pressInAlert(user);
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
  });
});
