// License keys (docs/licenses.md): a product's key settings as productDeliverables/{productId} stores
// them under `licenseKeys`, the statuses a key can have, and the answer the public license API gives.
// One decoder, shared by the API that issues keys and the dashboard that edits the settings; read
// defensively, so an odd value never issues keys the seller did not ask for.

/** Where keys are stored, under the SHA-256 of the key (firestore.rules). */
export const licenseKeysCollectionName = 'licenseKeys';

export type LicenseKeySource = 'generated' | 'pool';

export interface LicenseKeySettings {
  /** Issue a key with each sale; off unless the seller turned it on. */
  on: boolean;
  /** Machines one key may be activated on; null = no limit. */
  activationLimit: number | null;
  /** Keys made by the store (128 random bits) or taken from the seller's pool. */
  source: LicenseKeySource;
}

/** What a key is: usable, switched off (by the seller or because its sale ended), or still to be sent. */
export type LicenseStatus = 'active' | 'disabled' | 'pending';

export interface LicenseActivation {
  id: string;
  name: string;
  /** ISO time of the activation. */
  at: string;
}

/** The `license` object of every license API answer (docs/licenses.md). */
export interface LicenseAnswer {
  status: LicenseStatus;
  activation_limit: number | null;
  activation_usage: number;
  product_id: string;
  expires_at: string | null;
}

export function licenseKeySettingsFromData(data: Record<string, unknown> | undefined): LicenseKeySettings {
  const raw = data?.licenseKeys;
  const settings = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const limit = settings.activationLimit;
  return {
    on: settings.on === true,
    activationLimit: typeof limit === 'number' && Number.isSafeInteger(limit) && limit >= 1 ? limit : null,
    source: settings.source === 'pool' ? 'pool' : 'generated',
  };
}

/** The key with all but its last group hidden, as Sales lists it before 'Show'. */
export function maskLicenseKey(key: string): string {
  const tail = key.slice(-4);
  return `${'•'.repeat(Math.max(0, Math.min(key.length - 4, 12)))}${tail}`;
}

/**
 * A key as the groups a line may break between (docs/licenses.md, 'Showing a key'): each group keeps its
 * hyphen at its end, so 'AB12-CD34' is ['AB12-', 'CD34']; a line breaks after a hyphen, never inside a
 * group narrower than the line (src/components/LicenseKeyText.tsx).
 */
export function licenseKeyGroups(key: string): string[] {
  return key.match(/[^-]*-+|[^-]+$/g) ?? [key];
}
