// A sale's license key as its buyer sees it (docs/licenses.md): on the download page behind the access
// link, with the same access and device rules as the files, its activations and a Deactivate per
// machine. The caller has already opened the purchase; this only reads and frees seats.
import type { Firestore } from 'firebase-admin/firestore';
import { readLicenseKey, type LicenseActivation, type LicenseStatus } from '../../domain/licenseKeys';
import { licenseKeysCollection } from '../lib/collections';

export interface BuyerLicense {
  /** Null while the key is still to be sent (the seller's pool was empty). */
  key: string | null;
  status: LicenseStatus;
  activationLimit: number | null;
  activations: LicenseActivation[];
}

export function createBuyerLicenses({ db }: { db: Firestore }) {
  const keyOfSale = (transactionId: string) =>
    db.collection(licenseKeysCollection).where('transactionId', '==', transactionId).limit(1);
  return {
    /** The sale's key, or null for a product without keys. */
    async licenseOf(transactionId: string): Promise<BuyerLicense | null> {
      const doc = (await keyOfSale(transactionId).get()).docs[0];
      if (!doc) return null;
      const { key, status, activationLimit, activations } = readLicenseKey(doc.data());
      return { key, status, activationLimit, activations };
    },
    /** Frees the seat of one machine of the sale's key; false when there was no such activation. */
    async deactivate(transactionId: string, instanceId: string): Promise<boolean> {
      return db.runTransaction(async (t) => {
        const doc = (await t.get(keyOfSale(transactionId))).docs[0];
        if (!doc) return false;
        const { activations } = readLicenseKey(doc.data());
        const left = activations.filter((a) => a.id !== instanceId);
        if (left.length === activations.length) return false;
        t.update(doc.ref, { activations: left });
        return true;
      });
    },
  };
}

export type BuyerLicenses = ReturnType<typeof createBuyerLicenses>;
