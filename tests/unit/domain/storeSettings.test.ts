import { describe, expect, it } from 'vitest';
import { readStoreSettings } from '../../../domain/storeSettings';

describe('readStoreSettings', () => {
  it('reads a missing document as the defaults, every Paystack channel on', () => {
    expect(readStoreSettings(undefined)).toEqual({
      keepAccessOnPartialRefund: true,
      remindersOn: true,
      paystackChannels: ['card', 'bank', 'ussd', 'bank_transfer', 'qr'],
      affiliates: { on: false, percent: 10, windowDays: 30, approvalRequired: true, holdDays: 30 },
    });
  });

  it('keeps the known channels in the panel’s order and drops unknown ones', () => {
    expect(readStoreSettings({ paystackChannels: ['qr', 'crypto', 'ussd'] }).paystackChannels).toEqual(['ussd', 'qr']);
  });

  it('reads no known channel, or a non-list, as all of them: the popup always offers a way to pay', () => {
    expect(readStoreSettings({ paystackChannels: [] }).paystackChannels).toEqual([
      'card',
      'bank',
      'ussd',
      'bank_transfer',
      'qr',
    ]);
    expect(readStoreSettings({ paystackChannels: 'card' }).paystackChannels).toHaveLength(5);
  });
});
