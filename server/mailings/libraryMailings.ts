// The e-mails to buyers a signed-in buyer can read again in the library (docs/emails.md, 'In the
// library'): every sent mailing about a product the address still owns (its audience names the
// product), and every sent mailing that went to the address, newest first. The body is rendered and
// sanitized as in the e-mail.
import type { Firestore } from 'firebase-admin/firestore';
import { keptProducts, readMailingRecord } from '../../domain/mailings';
import { addressKey } from '../lib/addressKey';
import { mailingRecipientsSubcollection, mailingsCollection, transactionsCollection } from '../lib/collections';
import { audienceSaleOf } from './mailingAudience';
import type { Suppressions } from './suppressions';
import { mailingBodyHtml } from './mailingMail';

/** How many sent mailings the library looks through, newest first. */
export const libraryMailingsLooked = 50;

export interface LibraryMailing {
  id: string;
  subject: string;
  /** When sending started (ISO). */
  sentAt: string | null;
  html: string;
}

export function createLibraryMailings({ db, suppressions }: { db: Firestore; suppressions: Suppressions }) {
  return {
    /** Whether the address gets e-mails to buyers (no unsubscribe, bounce or complaint on it). */
    async subscribed(email: string): Promise<boolean> {
      const [reason] = await suppressions.reasonsFor([email]);
      return !reason;
    },
    resubscribe: (email: string) => suppressions.resubscribe(email),
    async listFor(email: string): Promise<LibraryMailing[]> {
      const [sales, sent] = await Promise.all([
        db.collection(transactionsCollection).where('customerEmail', '==', email).get(),
        db.collection(mailingsCollection).where('status', '==', 'sent').get(),
      ]);
      const owned = new Set(keptProducts(sales.docs.map((doc) => audienceSaleOf(doc.data()))));
      const newest = sent.docs
        .map((doc) => ({ doc, mailing: readMailingRecord(doc.data()) }))
        .sort((a, b) => (b.mailing.startedAtMs ?? 0) - (a.mailing.startedAtMs ?? 0))
        .slice(0, libraryMailingsLooked);
      const received =
        newest.length > 0
          ? await db.getAll(
              ...newest.map(({ doc }) => doc.ref.collection(mailingRecipientsSubcollection).doc(addressKey(email))),
            )
          : [];
      return newest
        .filter(({ mailing }, index) => {
          if (mailing.audience.boughtAny.some((productId) => owned.has(productId))) return true;
          const recipient = received[index];
          return recipient?.exists === true && recipient.get('status') === 'sent';
        })
        .map(({ doc, mailing }) => ({
          id: doc.id,
          subject: mailing.subject,
          sentAt: mailing.startedAtMs === null ? null : new Date(mailing.startedAtMs).toISOString(),
          html: mailingBodyHtml(mailing.body),
        }));
    },
  };
}
