// One-click unsubscribe from e-mails to buyers (docs/emails.md, 'Unsubscribing', RFC 8058). The link names
// the mailing, the recipient's key and a random token kept on the recipient as its SHA-256, so it
// names no address and works across restarts. Unsubscribing suppresses the mailbox for every e-mail to
// buyers and records it as a checkout reminder opt-out too (one 'no' covers both); receipts, access
// links and sign-in codes are never suppressed.
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { readMailingRecipient } from '../../domain/mailings';
import { createReminderOptOuts } from '../checkouts/reminderOptOuts';
import { mailingRecipientsSubcollection, mailingsCollection } from '../lib/collections';
import { unsubscribeTokenHash } from './mailingTokens';
import { createSuppressions } from './suppressions';

export interface Unsubscribes {
  /** The recipient's address when the link is one the store sent; null otherwise. */
  addressFor(mailingId: string, recipientKey: string, token: string): Promise<string | null>;
  /** The link's address gets no e-mail to buyers and no checkout reminder again; false for a bad link. */
  unsubscribe(mailingId: string, recipientKey: string, token: string): Promise<boolean>;
}

const validLink = (mailingId: string, recipientKey: string, token: string) =>
  /^[A-Za-z0-9]{20}$/.test(mailingId) && /^[0-9a-f]{64}$/.test(recipientKey) && /^[A-Za-z0-9_-]{32}$/.test(token);

export function createUnsubscribes({ db, now }: { db: Firestore; now: () => Date }): Unsubscribes {
  const suppressions = createSuppressions({ db, now });
  const optOuts = createReminderOptOuts({ db, now });
  const recipientRef = (mailingId: string, recipientKey: string) =>
    db.collection(mailingsCollection).doc(mailingId).collection(mailingRecipientsSubcollection).doc(recipientKey);

  async function addressFor(mailingId: string, recipientKey: string, token: string): Promise<string | null> {
    if (!validLink(mailingId, recipientKey, token)) return null;
    const snapshot = await recipientRef(mailingId, recipientKey).get();
    if (!snapshot.exists || snapshot.get('unsubscribeTokenHash') !== unsubscribeTokenHash(token)) return null;
    return readMailingRecipient(snapshot.data()).email || null;
  }

  return {
    addressFor,
    async unsubscribe(mailingId, recipientKey, token) {
      const email = await addressFor(mailingId, recipientKey, token);
      if (!email) return false;
      await suppressions.suppress(email, 'unsubscribed', `mailing ${mailingId}`);
      await optOuts.optOut(email);
      // Counted once per recipient: 'unsubscribed since' on the mailing's row.
      await recipientRef(mailingId, recipientKey).update({
        unsubscribed: true,
        unsubscribedAt: Timestamp.fromDate(now()),
      });
      return true;
    },
  };
}
