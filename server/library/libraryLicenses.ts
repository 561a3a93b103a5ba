// A purchase's license key in the library (docs/licenses.md, docs/library.md): the key and its machines,
// and Deactivate per machine, for the signed-in address's own purchases while their access lasts (the
// download page's rule: the mailed code confirmed the address, as the purchase e-mail does there).
import type { BuyerLicense, BuyerLicenses } from '../licenses/buyerLicenses';
import type { LibraryPurchases, LibraryRefusal } from './libraryPurchases';
import type { SessionOwner } from './sessions';

export type LicenseAnswer = LibraryRefusal | { kind: 'license'; license: BuyerLicense | null };
export type Deactivation = LibraryRefusal | { kind: 'noSuchMachine' } | { kind: 'deactivated' };

export function createLibraryLicenses({
  purchases,
  licenses,
}: {
  purchases: Pick<LibraryPurchases, 'activePurchase'>;
  licenses: BuyerLicenses;
}) {
  return {
    /** The purchase's key, or null without one; refused as Open refuses. */
    licenseFor: async (owner: SessionOwner, transactionId: string): Promise<LicenseAnswer> => {
      const active = await purchases.activePurchase(owner, transactionId);
      if (active.kind !== 'own') return active;
      return { kind: 'license', license: await licenses.licenseOf(transactionId) };
    },
    /** Frees one machine's seat (`noSuchMachine` when the key has no such machine); refused as Open refuses. */
    deactivate: async (owner: SessionOwner, transactionId: string, instanceId: string): Promise<Deactivation> => {
      const active = await purchases.activePurchase(owner, transactionId);
      if (active.kind !== 'own') return active;
      const freed = await licenses.deactivate(transactionId, instanceId);
      return freed ? { kind: 'deactivated' } : { kind: 'noSuchMachine' };
    },
  };
}

export type LibraryLicenses = ReturnType<typeof createLibraryLicenses>;
