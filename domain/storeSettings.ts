// The store's switches (settings/store), written by admins in the Store settings panel and read by
// the API. A missing document or field means the default, so a new store behaves sensibly before
// anyone opens the panel.
export interface StoreSettings {
  /** Keep the buyer's access after a partial refund; a full refund always ends it. */
  keepAccessOnPartialRefund: boolean;
  /** Send one reminder e-mail for a checkout left unpaid (server/checkouts/reminders.ts). */
  remindersOn: boolean;
}

export const storeSettingsPath = { collection: 'settings', id: 'store' } as const;

export const defaultStoreSettings: StoreSettings = { keepAccessOnPartialRefund: true, remindersOn: true };

/** The stored document as settings: anything but a boolean reads as the default. */
export function readStoreSettings(data: Record<string, unknown> | undefined): StoreSettings {
  const flag = (name: keyof StoreSettings): boolean => {
    const value = data?.[name];
    return typeof value === 'boolean' ? value : defaultStoreSettings[name];
  };
  return { keepAccessOnPartialRefund: flag('keepAccessOnPartialRefund'), remindersOn: flag('remindersOn') };
}
