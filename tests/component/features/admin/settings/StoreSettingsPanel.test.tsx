import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StoreSettingsPanel } from '../../../../../src/features/admin/settings/StoreSettingsPanel';
import { fetchStoreSettings, saveStoreSettings } from '../../../../../src/features/admin/api/storeSettings';
import { renderWithProviders } from '../../../../support/renderWithProviders';
import type { StoreSettings } from '../../../../../domain/storeSettings';

const programOff = { on: false, percent: 10, windowDays: 30, approvalRequired: true, holdDays: 30 };

vi.mock('../../../../../src/features/admin/api/storeSettings', () => ({
  fetchStoreSettings: vi.fn(),
  saveStoreSettings: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(fetchStoreSettings).mockReset();
  vi.mocked(saveStoreSettings).mockReset();
});

describe('Store settings panel', () => {
  it('shows both switches as stored and saves a change', async () => {
    vi.mocked(fetchStoreSettings).mockResolvedValue({
      keepAccessOnPartialRefund: true,
      remindersOn: false,
      paystackChannels: ['card', 'bank', 'ussd', 'bank_transfer', 'qr'],
      affiliates: programOff,
    });
    vi.mocked(saveStoreSettings).mockImplementation(async (settings) => settings);
    const { user } = renderWithProviders(<StoreSettingsPanel />);
    const keep = await screen.findByRole('checkbox', { name: 'Keep access after a partial refund' });
    const reminders = screen.getByRole('checkbox', { name: 'Send one reminder for an unfinished checkout' });
    expect(keep).toBeChecked();
    expect(reminders).not.toBeChecked();
    expect(keep).toHaveAccessibleDescription(
      'A full refund always ends the buyer’s access. With this on, a partial refund leaves it.',
    );

    await user.click(keep);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toHaveAttribute('role', 'status');
    expect(saveStoreSettings).toHaveBeenCalledWith({
      keepAccessOnPartialRefund: false,
      remindersOn: false,
      paystackChannels: ['card', 'bank', 'ussd', 'bank_transfer', 'qr'],
      affiliates: programOff,
    });
  });

  it("says 'Settings saved.' and keeps focus on Save when the store then holds the change", async () => {
    // The store as the API sees it: a save changes what the next load returns, as the real one does.
    let stored: StoreSettings = {
      keepAccessOnPartialRefund: true,
      remindersOn: false,
      paystackChannels: ['card'],
      affiliates: programOff,
    };
    vi.mocked(fetchStoreSettings).mockImplementation(async () => stored);
    vi.mocked(saveStoreSettings).mockImplementation(async (settings) => {
      stored = settings;
      return settings;
    });
    const { user } = renderWithProviders(<StoreSettingsPanel />);
    await user.click(await screen.findByRole('checkbox', { name: 'Send one reminder for an unfinished checkout' }));
    const save = screen.getByRole('button', { name: 'Save settings' });
    await user.click(save);
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved.');
    await waitFor(() => expect(fetchStoreSettings).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('status')).toHaveTextContent('Settings saved.');
    expect(screen.getByRole('checkbox', { name: 'Send one reminder for an unfinished checkout' })).toBeChecked();
    expect(save).toHaveFocus();
  });

  it('says when the settings could not be saved', async () => {
    vi.mocked(fetchStoreSettings).mockResolvedValue({
      keepAccessOnPartialRefund: true,
      remindersOn: true,
      paystackChannels: ['card'],
      affiliates: programOff,
    });
    vi.mocked(saveStoreSettings).mockRejectedValue({ code: 'permission-denied' });
    const { user } = renderWithProviders(<StoreSettingsPanel />);
    await user.click(await screen.findByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Settings could not be saved. You do not have permission to do that.',
    );
  });

  it('chooses the Paystack channels and keeps the last one on', async () => {
    vi.mocked(fetchStoreSettings).mockResolvedValue({
      keepAccessOnPartialRefund: true,
      remindersOn: true,
      paystackChannels: ['card', 'bank_transfer'],
      affiliates: programOff,
    });
    vi.mocked(saveStoreSettings).mockImplementation(async (settings) => settings);
    const { user } = renderWithProviders(<StoreSettingsPanel />);
    const group = await screen.findByRole('group', { name: 'Ways to pay in the Paystack window' });
    expect(group).toHaveAccessibleDescription('What NGN buyers are offered. At least one must stay on.');
    const card = screen.getByRole('checkbox', { name: 'Card' });
    const transfer = screen.getByRole('checkbox', { name: 'Bank transfer' });
    const ussd = screen.getByRole('checkbox', { name: 'USSD' });
    expect(card).toBeChecked();
    expect(transfer).toBeChecked();
    expect(ussd).not.toBeChecked();

    await user.click(card);
    expect(transfer).toBeChecked();
    expect(transfer).toBeDisabled();
    await user.click(ussd);
    expect(transfer).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(saveStoreSettings).toHaveBeenCalledWith({
      keepAccessOnPartialRefund: true,
      remindersOn: true,
      paystackChannels: ['ussd', 'bank_transfer'],
      affiliates: programOff,
    });
  });

  it('says when the settings could not be loaded', async () => {
    vi.mocked(fetchStoreSettings).mockRejectedValue({ code: 'unavailable' });
    renderWithProviders(<StoreSettingsPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Settings could not be loaded. The store could not be reached. Check your connection and try again.',
    );
  });

  it('turns the affiliate program on with its commission, window and hold', async () => {
    vi.mocked(fetchStoreSettings).mockResolvedValue({
      keepAccessOnPartialRefund: true,
      remindersOn: true,
      paystackChannels: ['card'],
      affiliates: programOff,
    });
    vi.mocked(saveStoreSettings).mockImplementation(async (settings) => settings);
    const { user } = renderWithProviders(<StoreSettingsPanel />);
    const group = await screen.findByRole('group', { name: 'Affiliate program' });
    expect(group).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Affiliates on' }));
    const percent = screen.getByRole('spinbutton', { name: 'Default commission (%)' });
    expect(percent).toHaveAccessibleDescription(
      'Of what the buyer pays after any discount. An affiliate may have their own.',
    );
    await user.clear(percent);
    await user.type(percent, '30');
    const hold = screen.getByRole('spinbutton', { name: 'Hold period (days)' });
    await user.clear(hold);
    await user.type(hold, '14');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(saveStoreSettings).toHaveBeenCalledWith({
      keepAccessOnPartialRefund: true,
      remindersOn: true,
      paystackChannels: ['card'],
      affiliates: { on: true, percent: 30, windowDays: 30, approvalRequired: true, holdDays: 14 },
    });
  });
});
