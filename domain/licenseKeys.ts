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

/** licenseKeys/{sha256 of key} as stored (docs/licenses.md). */
export interface StoredLicenseKey {
  /** Null for a key still to be sent (its record waits under `pending_{transactionId}`). */
  key: string | null;
  productId: string;
  transactionId: string;
  /** As the seller set it: 'disabled' and 'pending' as written, anything else 'active'. */
  status: LicenseStatus;
  /** Machines it may be activated on; null = no limit. */
  activationLimit: number | null;
  activations: LicenseActivation[];
}

function isActivation(value: unknown): value is LicenseActivation {
  if (typeof value !== 'object' || value === null) return false;
  const activation = value as Record<string, unknown>;
  return typeof activation.id === 'string' && typeof activation.name === 'string' && typeof activation.at === 'string';
}

export function readLicenseKey(data: Record<string, unknown> | undefined): StoredLicenseKey {
  const status = data?.status;
  const limit = data?.activationLimit;
  const activations: unknown = data?.activations;
  return {
    key: typeof data?.key === 'string' ? data.key : null,
    productId: typeof data?.productId === 'string' ? data.productId : '',
    transactionId: typeof data?.transactionId === 'string' ? data.transactionId : '',
    status: status === 'disabled' ? 'disabled' : status === 'pending' ? 'pending' : 'active',
    activationLimit: typeof limit === 'number' ? limit : null,
    activations: Array.isArray(activations) ? activations.filter(isActivation) : [],
  };
}

/**
 * A key as the groups a line may break between (docs/licenses.md, 'Showing a key'): each group keeps its
 * hyphen at its end, so 'AB12-CD34' is ['AB12-', 'CD34']; a line breaks after a hyphen, never inside a
 * group narrower than the line (src/components/LicenseKeyText.tsx).
 */
export function licenseKeyGroups(key: string): string[] {
  return key.match(/[^-]*-+|[^-]+$/g) ?? [key];
}
