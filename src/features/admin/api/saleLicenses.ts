// A sale's license key for Sales (docs/licenses.md): read from licenseKeys (admins may read it,
// firestore.rules), changed through the admin API, which does the work and e-mails the buyer.
import { collection, getDocs, limit, query, where } from 'firebase/firestore/lite';
import { licenseKeysCollectionName, type LicenseActivation } from '../../../../domain/licenseKeys';
import { getDb } from '../../../lib/firebase';
import { postAsAdmin } from './adminHttp';

export interface SaleLicense {
  key: string | null;
  status: 'active' | 'disabled' | 'pending';
  activationLimit: number | null;
  activations: LicenseActivation[];
}

export async function fetchSaleLicense(transactionId: string): Promise<SaleLicense | null> {
  const found = await getDocs(
    query(collection(getDb(), licenseKeysCollectionName), where('transactionId', '==', transactionId), limit(1)),
  );
  const data = found.docs[0]?.data();
  if (!data) return null;
  const activations: unknown = data.activations;
  return {
    key: typeof data.key === 'string' ? data.key : null,
    status: data.status === 'disabled' ? 'disabled' : data.status === 'pending' ? 'pending' : 'active',
    activationLimit: typeof data.activationLimit === 'number' ? data.activationLimit : null,
    activations: Array.isArray(activations) ? (activations as LicenseActivation[]) : [],
  };
}

export type SaleLicenseAction = 'reset' | 'disable' | 'enable' | 'replace';

/** Runs one action; resolves with the API's sentence. */
export async function runSaleLicenseAction(transactionId: string, action: SaleLicenseAction): Promise<string> {
  const base = `/api/admin/transactions/${encodeURIComponent(transactionId)}/license`;
  const answer =
    action === 'disable' || action === 'enable'
      ? await postAsAdmin(`${base}/status`, { disabled: action === 'disable' })
      : await postAsAdmin(`${base}/${action}`, {});
  const message = (answer as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : 'Done.';
}
