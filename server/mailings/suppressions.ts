// Addresses no e-mail to buyers goes to (docs/emails.md, 'Who is never written to'): unsubscribed,
// bounced or complained, kept per mailbox in mailSuppressions/{key of the mailbox}. The checkout
// reminder's opt-outs (reminderOptOuts, older) are read too, so a buyer who unsubscribed from a reminder
// is not written to by the seller either. Receipts, access links and sign-in codes never ask here.
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { addressKey, legacyAddressKey } from '../lib/addressKey';
import { mailSuppressionsCollection, reminderOptOutsCollection } from '../lib/collections';

export type SuppressionReason = 'unsubscribed' | 'bounced' | 'complained';

export interface Suppressions {
  /** For each address, its reason when it is suppressed; null when it may be written to. */
  reasonsFor(emails: readonly string[]): Promise<(SuppressionReason | null)[]>;
  /** The address gets no e-mail to buyers again (the first reason is kept). */
  suppress(email: string, reason: SuppressionReason, source: string): Promise<void>;
  /**
   * The owner subscribes again: an unsubscribe (here or from a reminder) is undone; a bounce or a
   * complaint is not (the provider's word, not the buyer's). True when the address may be written to now.
   */
  resubscribe(email: string): Promise<boolean>;
}

const reasons: readonly SuppressionReason[] = ['unsubscribed', 'bounced', 'complained'];

export function createSuppressions({ db, now }: { db: Firestore; now: () => Date }): Suppressions {
  return {
    async reasonsFor(emails) {
      if (emails.length === 0) return [];
      const refs = emails.flatMap((email) => [
        db.collection(mailSuppressionsCollection).doc(addressKey(email)),
        db.collection(reminderOptOutsCollection).doc(addressKey(email)),
        db.collection(reminderOptOutsCollection).doc(legacyAddressKey(email)),
      ]);
      const snapshots = await db.getAll(...refs);
      return emails.map((_email, index) => {
        const [suppression, optOut, legacyOptOut] = snapshots.slice(index * 3, index * 3 + 3);
        if (suppression?.exists) {
          const reason: unknown = suppression.get('reason');
          return reasons.find((known) => known === reason) ?? 'unsubscribed';
        }
        return optOut?.exists || legacyOptOut?.exists ? 'unsubscribed' : null;
      });
    },
    async resubscribe(email) {
      const suppression = db.collection(mailSuppressionsCollection).doc(addressKey(email));
      return db.runTransaction(async (transaction) => {
        const stored = await transaction.get(suppression);
        if (stored.exists && stored.get('reason') !== 'unsubscribed') return false;
        transaction.delete(suppression);
        transaction.delete(db.collection(reminderOptOutsCollection).doc(addressKey(email)));
        transaction.delete(db.collection(reminderOptOutsCollection).doc(legacyAddressKey(email)));
        return true;
      });
    },
    async suppress(email, reason, source) {
      const ref = db.collection(mailSuppressionsCollection).doc(addressKey(email));
      await db.runTransaction(async (transaction) => {
        if ((await transaction.get(ref)).exists) return;
        transaction.set(ref, { reason, source, at: Timestamp.fromDate(now()) });
      });
    },
  };
}
