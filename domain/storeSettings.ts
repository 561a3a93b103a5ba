// The store's switches (settings/store), written by admins in the Store settings panel and read by
// the API. A missing document or field means the default, so a new store behaves sensibly before
// anyone opens the panel.
import { defaultAffiliateSettings, readAffiliateSettings, type AffiliateSettings } from './affiliates';

/** The ways to pay Paystack's popup may offer (its `channels`), in the order the panel lists them. */
export const paystackChannels = ['card', 'bank', 'ussd', 'bank_transfer', 'qr'] as const;
export type PaystackChannel = (typeof paystackChannels)[number];

export const paystackChannelLabels: Record<PaystackChannel, string> = {
  card: 'Card',
  bank: 'Bank (pay with bank account)',
  ussd: 'USSD',
  bank_transfer: 'Bank transfer',
  qr: 'QR code',
};

export interface StoreSettings {
  /** Keep the buyer's access after a partial refund; a full refund always ends it. */
  keepAccessOnPartialRefund: boolean;
  /** Send one reminder e-mail for a checkout left unpaid (server/checkouts/reminders.ts). */
  remindersOn: boolean;
  /** What the Paystack popup offers (passed as `channels`); at least one, all by default. */
  paystackChannels: PaystackChannel[];
  /** The affiliate program (docs/affiliates.md); off until the seller turns it on. */
  affiliates: AffiliateSettings;
}

export const storeSettingsPath = { collection: 'settings', id: 'store' } as const;

export const defaultStoreSettings: StoreSettings = {
  keepAccessOnPartialRefund: true,
  remindersOn: true,
  paystackChannels: [...paystackChannels],
  affiliates: defaultAffiliateSettings,
};

function isChannel(value: unknown): value is PaystackChannel {
  return typeof value === 'string' && (paystackChannels as readonly string[]).includes(value);
}

/** The stored document as settings: anything but a boolean (or a list of known channels) reads as the default. */
export function readStoreSettings(data: Record<string, unknown> | undefined): StoreSettings {
  const flag = (name: 'keepAccessOnPartialRefund' | 'remindersOn'): boolean => {
    const value = data?.[name];
    return typeof value === 'boolean' ? value : defaultStoreSettings[name];
  };
  const stored = data?.paystackChannels;
  const channels = Array.isArray(stored) ? paystackChannels.filter((channel) => stored.includes(channel)) : [];
  return {
    keepAccessOnPartialRefund: flag('keepAccessOnPartialRefund'),
    remindersOn: flag('remindersOn'),
    // None left (or none stored) is the default: the popup always offers at least one way to pay.
    paystackChannels: channels.length > 0 ? channels : [...paystackChannels],
    affiliates: readAffiliateSettings(data?.affiliates),
  };
}

export { isChannel as isPaystackChannel };
