// The unsubscribe link of a checkout reminder (docs/payments.md, 'Checkout reminders'): the link names
// a checkout and a random token kept on it as its SHA-256; a person's POST records the checkout's
// address in reminderOptOuts, and no sweep reminds it again. server/checkouts/reminderRoutes.ts answers.
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { addressKey } from '../lib/addressKey';
import { checkoutsCollection, reminderOptOutsCollection } from '../lib/collections';
import { tokenHash } from './reminders';

export interface ReminderOptOuts {
  /** The checkout's address when the token is its reminder token; null otherwise. */
  addressFor(checkoutId: string, token: string): Promise<string | null>;
  /** The address never gets a reminder again. */
  optOut(email: string): Promise<void>;
}

export function createReminderOptOuts({ db, now }: { db: Firestore; now: () => Date }): ReminderOptOuts {
  return {
    async addressFor(checkoutId, token) {
      if (!/^[A-Za-z0-9_-]{1,128}$/.test(checkoutId) || !/^[A-Za-z0-9_-]{32}$/.test(token)) return null;
      const data = (await db.collection(checkoutsCollection).doc(checkoutId).get()).data();
      const email = (data?.customer as { email?: unknown } | undefined)?.email;
      if (typeof email !== 'string' || data?.reminderTokenHash !== tokenHash(token)) return null;
      return email;
    },
    async optOut(email) {
      await db
        .collection(reminderOptOutsCollection)
        .doc(addressKey(email))
        .set({ createdAt: Timestamp.fromDate(now()) });
    },
  };
}
