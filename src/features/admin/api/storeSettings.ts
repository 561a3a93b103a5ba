// settings/store from the browser (docs/admin.md, 'Store settings'): admins read and write it under the
// rules, which accept exactly its two flags, its Paystack channels
// and the affiliate program's settings. A missing document reads as the defaults.
import { doc, getDoc, setDoc } from 'firebase/firestore/lite';
import { readStoreSettings, storeSettingsPath, type StoreSettings } from '../../../../domain/storeSettings';
import { getDb } from '../../../lib/firebase';

const settingsDoc = () => doc(getDb(), storeSettingsPath.collection, storeSettingsPath.id);

export async function fetchStoreSettings(): Promise<StoreSettings> {
  const snapshot = await getDoc(settingsDoc());
  return readStoreSettings(snapshot.data());
}

export async function saveStoreSettings(settings: StoreSettings): Promise<StoreSettings> {
  const stored: StoreSettings = {
    keepAccessOnPartialRefund: settings.keepAccessOnPartialRefund,
    remindersOn: settings.remindersOn,
    paystackChannels: [...settings.paystackChannels],
    affiliates: { ...settings.affiliates },
  };
  await setDoc(settingsDoc(), stored);
  return stored;
}
