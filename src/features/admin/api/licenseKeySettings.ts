// A product's license key settings (docs/licenses.md), productDeliverables/{id}.licenseKeys: read with
// the one decoder of domain/licenseKeys.ts and saved in a transaction that refuses (code
// 'product-changed') when another admin changed them since the form opened.
import { doc, runTransaction } from 'firebase/firestore/lite';
import { licenseKeySettingsFromData, type LicenseKeySettings } from '../../../../domain/licenseKeys';
import { getDb } from '../../../lib/firebase';

export type { LicenseKeySettings };

const same = (a: LicenseKeySettings, b: LicenseKeySettings) =>
  a.on === b.on && a.activationLimit === b.activationLimit && a.source === b.source;

export async function saveLicenseKeySettings(
  productId: string,
  opened: LicenseKeySettings,
  settings: LicenseKeySettings,
): Promise<void> {
  const db = getDb();
  const ref = doc(db, 'productDeliverables', productId);
  await runTransaction(db, async (transaction) => {
    const stored = licenseKeySettingsFromData((await transaction.get(ref)).data());
    if (!same(stored, opened)) {
      throw Object.assign(new Error('The product changed since it was opened.'), { code: 'product-changed' });
    }
    if (!same(stored, settings)) transaction.set(ref, { licenseKeys: settings }, { merge: true });
  });
}
