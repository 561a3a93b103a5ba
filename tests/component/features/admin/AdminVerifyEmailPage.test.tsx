import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyEmailAddress } from '../../../support/adminAuth.mock';
import { AdminVerifyEmailPage } from '../../../../src/features/admin/auth/AdminVerifyEmailPage';
import { setupAlerts } from '../../../support/alerts';
import { resetAdminMocks } from '../../../support/adminAuth.mock';
import { renderAdminRoute } from '../../../support/adminScreens';

vi.mock('../../../../src/features/admin/api/auth', () => import('../../../support/adminAuth.mock'));
vi.mock('../../../../src/features/admin/api/admins', () => import('../../../support/adminAuth.mock'));

setupAlerts();
beforeEach(() => resetAdminMocks());

// Each test has a code of its own: the page tries a code once per page load.
function renderVerify(search: string) {
  return renderAdminRoute('/adminverify', <AdminVerifyEmailPage />, `/adminverify${search}`);
}

describe('the verification page', () => {
  it('applies the code of the link, says the address is verified, and links to login', async () => {
    renderVerify('?oobCode=code-verified');
    expect(screen.getByRole('status')).toHaveTextContent('Verifying your e-mail address...');
    expect(await screen.findByText('Your e-mail address is verified.')).toBeInTheDocument();
    expect(
      screen.getByText('Log in to send your request to become an admin; an admin will then review it.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/adminlogin');
    expect(verifyEmailAddress).toHaveBeenCalledWith('code-verified');
    expect(verifyEmailAddress).toHaveBeenCalledTimes(1);
  });

  it('says a link without a code is incomplete, and tries nothing', () => {
    renderVerify('');
    expect(screen.getByRole('alert')).toHaveTextContent('This verification link is incomplete: it has no code.');
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/adminlogin');
    expect(verifyEmailAddress).not.toHaveBeenCalled();
  });

  it('says an expired link has expired and how to get a new one', async () => {
    verifyEmailAddress.mockRejectedValue({
      code: 'auth/expired-action-code',
      message: 'This reset link has expired. Please ask for a new one.',
    });
    renderVerify('?oobCode=code-expired');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This verification link has expired. Log in to get a new one.',
    );
    expect(screen.queryByText('Your e-mail address is verified.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('says a used or altered link is no good, without an auth/ code', async () => {
    verifyEmailAddress.mockRejectedValue({
      code: 'auth/invalid-action-code',
      message: 'This reset link is invalid or has already been used. Please ask for a new one.',
    });
    renderVerify('?oobCode=code-used');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'This verification link is invalid or has already been used. If your address is not verified yet, log in to get a new link.',
    );
    expect(alert.textContent).not.toContain('auth/');
  });

  it('offers to try again when the sign-in service cannot be reached, and then verifies', async () => {
    verifyEmailAddress.mockRejectedValueOnce({
      code: 'auth/network-request-failed',
      message: 'Could not reach the sign-in service. Check your connection and try again.',
    });
    const { user } = renderVerify('?oobCode=code-offline');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not reach the sign-in service. Check your connection and try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your e-mail address is verified.')).toBeInTheDocument();
    expect(verifyEmailAddress).toHaveBeenCalledTimes(2);
  });
});
