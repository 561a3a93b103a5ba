import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { updateAdminPhone } from '../../../support/adminAuth.mock';
import { ProfilePanel } from '../../../../src/features/admin/profile/ProfilePanel';
import type { AdminInfo } from '../../../../src/lib/admin';
import { setupAlerts } from '../../../support/alerts';
import { buildAdmin, resetAdminMocks } from '../../../support/adminAuth.mock';
import { deferred } from '../../../support/catalogQueries.mock';
import { findAlert } from '../../../support/adminScreens';
import { renderWithProviders } from '../../../support/renderWithProviders';

vi.mock('../../../../src/features/admin/api/auth', () => import('../../../support/adminAuth.mock'));
vi.mock('../../../../src/features/admin/api/admins', () => import('../../../support/adminAuth.mock'));

setupAlerts();

let records: AdminInfo[];
const stored = () => records[0] ?? buildAdmin();

beforeEach(() => {
  records = [buildAdmin()];
  resetAdminMocks(records);
  // The stored record follows a successful write, as Firestore would.
  updateAdminPhone.mockImplementation(async (_uid, phone) => {
    records.splice(0, 1, { ...stored(), phone });
  });
});

function renderProfile(admin: AdminInfo = stored()) {
  return renderWithProviders(<ProfilePanel admin={admin} />, {
    preloadedState: { session: { adminInfo: admin } },
  });
}

describe('profile panel', () => {
  it('shows the initial, name, e-mail, phone and the date the admin joined', async () => {
    renderProfile();
    expect(screen.getByTestId('profile-avatar')).toHaveTextContent('A');
    expect(screen.getByText('Ada Obi')).toBeInTheDocument();
    expect(screen.getByText('ada@digitalstore.test')).toBeInTheDocument();
    expect(screen.getByText('+234 803 123 4567')).toBeInTheDocument();
    expect(screen.getByText('March 14, 2026')).toBeInTheDocument();
  });

  it("says 'No Name Provided' and 'Not Provided' when the record has neither", async () => {
    records.splice(0, 1, buildAdmin({ name: '', phone: '', email: 'zee@digitalstore.test' }));
    renderProfile();
    expect(screen.getByText('No Name Provided')).toBeInTheDocument();
    expect(screen.getByText('Not Provided')).toBeInTheDocument();
    expect(screen.getByTestId('profile-avatar')).toHaveTextContent('Z');
  });

  it('edits the phone number and shows it once saved', async () => {
    const { user, store } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Edit phone number' }));
    const input = screen.getByLabelText('Phone number');
    expect(input).toHaveValue('+234 803 123 4567');
    await user.clear(input);
    await user.type(input, '+234 809 000 1111');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('+234 809 000 1111')).toBeInTheDocument();
    expect(updateAdminPhone).toHaveBeenCalledWith('uid-ada', '+234 809 000 1111');
    expect(screen.queryByLabelText('Phone number')).not.toBeInTheDocument();
    expect(store.getState().session.adminInfo?.phone).toBe('+234 809 000 1111');
  });

  it("says 'Phone number saved.' after a save and gives the focus back to Edit", async () => {
    const { user } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Edit phone number' }));
    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '+234 809 000 2222');
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Phone number saved.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Edit phone number' })).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit phone number' }));
    expect(screen.queryByText('Phone number saved.')).not.toBeInTheDocument();
  });

  it('keeps the old number on screen until the write succeeds', async () => {
    const write = deferred<void>();
    updateAdminPhone.mockReturnValue(write.promise);
    const { user } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Edit phone number' }));
    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '+234 809 000 1111');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.queryByText('+234 809 000 1111')).not.toBeInTheDocument();
    write.resolve();
    expect(await screen.findByRole('button', { name: 'Edit phone number' })).toBeInTheDocument();
  });

  it('cancels an edit without writing', async () => {
    const { user } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Edit phone number' }));
    await user.type(screen.getByLabelText('Phone number'), '999');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('+234 803 123 4567')).toBeInTheDocument();
    expect(updateAdminPhone).not.toHaveBeenCalled();
  });

  it("says 'Failed to update phone number.' when the write fails, and keeps the old number", async () => {
    updateAdminPhone.mockRejectedValue({
      code: 'permission-denied',
      message: 'You do not have permission to do that.',
    });
    const { user } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Edit phone number' }));
    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '+234 809 000 1111');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await findAlert('Error', 'Failed to update phone number.');
    expect(within(dialog).queryByText(/permission-denied/)).not.toBeInTheDocument();
    expect(stored().phone).toBe('+234 803 123 4567');
  });
});
