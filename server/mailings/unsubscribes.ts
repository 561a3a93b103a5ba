// One-click unsubscribe from e-mails to buyers (docs/emails.md, 'Unsubscribing', RFC 8058). The link names
// the mailing, the recipient's key and a random token kept on the recipient as its SHA-256, so it
// names no address and works across restarts. Unsubscribing suppresses the mailbox for every e-mail to
// buyers and records it as a checkout reminder opt-out too (one 'no' covers both); receipts, access
// links and sign-in codes are never suppressed.
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { readMailingRecipient } from '../../domain/mailings';
import { createReminderOptOuts } from '../checkouts/reminderOptOuts';
import { mailingRecipientsSubcollection, mailingsCollection, sequenceSendsCollection } from '../lib/collections';
import { unsubscribeTokenHash } from './mailingTokens';
import { createSuppressions } from './suppressions';

/** The link of a mailing's e-mail, or of a sequence's (sequences.ts). */
export type UnsubscribeLink =
  | { kind: 'mailing'; mailingId: string; recipientKey: string; token: string }
  | { kind: 'sequence'; sendId: string; token: string };

export interface Unsubscribes {
  /** The recipient's address when the link is one the store sent; null otherwise. */
  addressFor(link: UnsubscribeLink): Promise<string | null>;
  /** The link's address gets no e-mail to buyers and no checkout reminder again; false for a bad link. */
  unsubscribe(link: UnsubscribeLink): Promise<boolean>;
}

const validLink = (link: UnsubscribeLink) =>
  /^[A-Za-z0-9_-]{32}$/.test(link.token) &&
  (link.kind === 'mailing'
    ? /^[A-Za-z0-9]{20}$/.test(link.mailingId) && /^[0-9a-f]{64}$/.test(link.recipientKey)
    : /^[^/\s]{1,300}$/.test(link.sendId));

export function createUnsubscribes({ db, now }: { db: Firestore; now: () => Date }): Unsubscribes {
  const suppressions = createSuppressions({ db, now });
  const optOuts = createReminderOptOuts({ db, now });
  const refOf = (link: UnsubscribeLink) =>
    link.kind === 'mailing'
      ? db
          .collection(mailingsCollection)
          .doc(link.mailingId)
          .collection(mailingRecipientsSubcollection)
          .doc(link.recipientKey)
      : db.collection(sequenceSendsCollection).doc(link.sendId);

  async function addressFor(link: UnsubscribeLink): Promise<string | null> {
    if (!validLink(link)) return null;
    const snapshot = await refOf(link).get();
    if (!snapshot.exists || snapshot.get('unsubscribeTokenHash') !== unsubscribeTokenHash(link.token)) return null;
    return readMailingRecipient(snapshot.data()).email || null;
  }

  return {
    addressFor,
    async unsubscribe(link) {
      const email = await addressFor(link);
      if (!email) return false;
      const source = link.kind === 'mailing' ? `mailing ${link.mailingId}` : `sequence ${link.sendId}`;
      await suppressions.suppress(email, 'unsubscribed', source);
      await optOuts.optOut(email);
      // Counted once per recipient: 'unsubscribed since' on the mailing's row.
      await refOf(link).update({ unsubscribed: true, unsubscribedAt: Timestamp.fromDate(now()) });
      return true;
    },
  };
}
