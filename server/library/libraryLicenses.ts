// A purchase's license key in the library (docs/licenses.md, docs/library.md): the key and its machines,
// and Deactivate per machine, for the signed-in address's own purchases while their access lasts (the
// download page's rule: the mailed code confirmed the address, as the purchase e-mail does there).
import type { BuyerLicense, BuyerLicenses } from '../licenses/buyerLicenses';
import type { LibraryPurchases } from './libraryPurchases';
import type { SessionOwner } from './sessions';

export function createLibraryLicenses({
  purchases,
  licenses,
}: {
  purchases: Pick<LibraryPurchases, 'activePurchase'>;
  licenses: BuyerLicenses;
}) {
  return {
    /** The purchase's key, or null without one; NotInLibraryError / AccessEndedError as for Open. */
    licenseFor: async (owner: SessionOwner, transactionId: string): Promise<BuyerLicense | null> => {
      await purchases.activePurchase(owner, transactionId);
      return licenses.licenseOf(transactionId);
    },
    /** Frees one machine's seat; false when the key has no such machine. */
    deactivate: async (owner: SessionOwner, transactionId: string, instanceId: string): Promise<boolean> => {
      await purchases.activePurchase(owner, transactionId);
      return licenses.deactivate(transactionId, instanceId);
    },
  };
}

export type LibraryLicenses = ReturnType<typeof createLibraryLicenses>;
