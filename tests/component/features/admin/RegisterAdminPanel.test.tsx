import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  approveAdminRequest,
  createAdminRecord,
  fetchAdminRequests,
  rejectAdminRequest,
} from '../../../support/adminAuth.mock';
import { createAccountForOther } from '../../../support/adminAuth.mock';
import { RegisterAdminPanel } from '../../../../src/features/admin/register/RegisterAdminPanel';
import type { AdminRequest } from '../../../../src/lib/admin';
import { setupAlerts } from '../../../support/alerts';
import { buildAdmin, resetAdminMocks } from '../../../support/adminAuth.mock';
import { deferred } from '../../../support/catalogQueries.mock';
import { fill, findAlert, pressInAlert } from '../../../support/adminScreens';
import { renderWithProviders } from '../../../support/renderWithProviders';

vi.mock('../../../../src/features/admin/api/auth', () => import('../../../support/adminAuth.mock'));
vi.mock('../../../../src/features/admin/api/admins', () => import('../../../support/adminAuth.mock'));

setupAlerts();

let pending: AdminRequest[];

beforeEach(() => {
  resetAdminMocks([buildAdmin()]);
  pending = [
    buildAdmin({ uid: 'uid-chi', name: 'Chi Eze', email: 'chi@digitalstore.test', phone: '+234 701 000 0001' }),
    buildAdmin({ uid: 'uid-tobi', name: 'Tobi Lawal', email: 'tobi@digitalstore.test', phone: '' }),
  ];
  fetchAdminRequests.mockImplementation(async () => [...pending]);
  const remove = async (uid: string) => {
    pending = pending.filter((request) => request.uid !== uid);
  };
  approveAdminRequest.mockImplementation((request) => remove(request.uid));
  rejectAdminRequest.mockImplementation(remove);
});

function renderPanel() {
  return renderWithProviders(<RegisterAdminPanel />);
}

const form = {
  'Full Name': 'Dayo Bello',
  Email: 'dayo@digitalstore.test',
  'Confirm Email': 'dayo@digitalstore.test',
  'Phone Number': '+234 802 222 3333',
  Password: 'dayo-pass-2026',
  'Confirm Password': 'dayo-pass-2026',
};

describe('Register Admin panel: direct registration', () => {
  it('creates the account on the second app, then writes its admins record', async () => {
    createAccountForOther.mockResolvedValue({
      uid: 'uid-dayo',
      email: 'dayo@digitalstore.test',
      displayName: 'Dayo Bello',
      emailVerified: false,
    });
    const { user } = renderPanel();
    await fill(user, form);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await findAlert('Admin registered successfully', 'Dayo Bello can now sign in.');
    expect(createAccountForOther).toHaveBeenCalledWith('Dayo Bello', 'dayo@digitalstore.test', 'dayo-pass-2026');
    expect(createAdminRecord).toHaveBeenCalledWith({
      uid: 'uid-dayo',
      name: 'Dayo Bello',
      email: 'dayo@digitalstore.test',
      phone: '+234 802 222 3333',
    });
    expect(screen.getByLabelText('Full Name', { selector: 'input' })).toHaveValue('');
  });

  it.each([
    [{ 'Confirm Email': 'dayo@elsewhere.test' }, 'Emails do not match'],
    [{ 'Confirm Password': 'not-the-same' }, 'Passwords do not match'],
  ])('refuses mismatched entries (%o)', async (overrides, message) => {
    const { user } = renderPanel();
    await fill(user, { ...form, ...overrides });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await findAlert('Error', message);
    expect(createAccountForOther).not.toHaveBeenCalled();
  });

  it('shows why the account could not be created and writes no record', async () => {
    createAccountForOther.mockRejectedValue({
      code: 'auth/weak-password',
      message: 'The password is too weak. Use at least 6 characters.',
    });
    const { user } = renderPanel();
    await fill(user, form);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await findAlert('Error', 'The password is too weak. Use at least 6 characters.');
    expect(createAdminRecord).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Full Name')).toHaveValue('Dayo Bello');
  });
});

describe('Register Admin panel: pending requests', () => {
  it('lists the requests with their contact details', async () => {
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Pending requests' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Chi Eze');
    expect(items[0]).toHaveTextContent('chi@digitalstore.test');
    expect(items[0]).toHaveTextContent('+234 701 000 0001');
    expect(items[1]).toHaveTextContent('Not Provided');
  });

  it('says when nobody is waiting', async () => {
    pending = [];
    renderPanel();
    expect(await screen.findByText('No pending requests.')).toBeInTheDocument();
  });

  it('approves a request and drops it from the list only after the write succeeded', async () => {
    const write = deferred<void>();
    approveAdminRequest.mockImplementation(async (request) => {
      await write.promise;
      pending = pending.filter((r) => r.uid !== request.uid);
    });
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Approve Chi Eze' }));
    expect(approveAdminRequest).toHaveBeenCalledWith(expect.objectContaining({ uid: 'uid-chi', name: 'Chi Eze' }));
    expect(screen.getByText('Chi Eze')).toBeInTheDocument();
    write.resolve();
    await findAlert('Request approved', 'Chi Eze can now sign in.');
    await pressInAlert(user);
    expect(screen.queryByText('Chi Eze')).not.toBeInTheDocument();
    expect(screen.getByText('Tobi Lawal')).toBeInTheDocument();
  });

  it('keeps a request whose approval failed and says why', async () => {
    approveAdminRequest.mockRejectedValue({
      code: 'permission-denied',
      message: 'You do not have permission to do that.',
    });
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Approve Chi Eze' }));
    await findAlert('Approval failed', 'You do not have permission to do that.');
    await pressInAlert(user);
    expect(screen.getByText('Chi Eze')).toBeInTheDocument();
  });

  it('rejects a request after confirmation', async () => {
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Reject Tobi Lawal' }));
    await findAlert('Reject this request?', 'Tobi Lawal (tobi@digitalstore.test) will not become an admin.');
    await pressInAlert(user, 'Yes, reject');
    expect(rejectAdminRequest).toHaveBeenCalledWith('uid-tobi');
    await screen.findByText('Chi Eze');
    expect(screen.queryByText('Tobi Lawal')).not.toBeInTheDocument();
  });

  it('says when the requests cannot be read', async () => {
    fetchAdminRequests.mockRejectedValue({ code: 'unavailable', message: 'The store could not be reached.' });
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch admin requests.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
