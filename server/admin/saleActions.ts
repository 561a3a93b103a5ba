// What an admin can do to one sale (docs/admin.md, 'Per-sale actions'): send the buyer's access
// e-mail again, to a corrected address when the buyer mistyped it, revoke or restore the link, and give
// the buyer their downloads back (the per-file counts the download limit is checked against; the device
// count stays, since the devices did open the purchase).
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { createPurchaseMail, type PurchaseMailDeps } from '../mail/orderMails';
import type { AccessLinks } from '../orders/accessLinks';
import { type Fulfilment, type TransactionRecord } from '../orders/fulfilment';
import { transactionsCollection } from '../lib/collections';

/** One address change, kept on the transaction so the seller can tell who changed what and when. */
export interface EmailCorrection {
  from: string;
  to: string;
  by: string;
  at: string;
}

export type ResendOutcome = 'sent' | 'notFound' | 'revoked' | 'mailFailed';

export interface SaleActions {
  resendAccess(transactionId: string, adminUid: string, correctedEmail?: string): Promise<ResendOutcome>;
  /** Null when the transaction does not exist. */
  setAccess(transactionId: string, revoked: boolean, adminUid: string): Promise<{ accessRevoked: boolean } | null>;
  /** False when the transaction does not exist. */
  resetDownloads(transactionId: string): Promise<boolean>;
}

export function createSaleActions({
  db,
  mailer,
  config,
  links,
  fulfilment,
  logError,
  now,
}: PurchaseMailDeps & {
  db: Firestore;
  links: AccessLinks;
  fulfilment: Pick<Fulfilment, 'ensureAccess'>;
  logError: (message: string, error: unknown) => void;
  now: () => Date;
}): SaleActions {
  const transactionRef = (id: string) => db.collection(transactionsCollection).doc(id);
  const purchaseMail = createPurchaseMail({ mailer, config });

  return {
    async resendAccess(transactionId, adminUid, correctedEmail) {
      const ref = transactionRef(transactionId);
      const record = (await ref.get()).data() as TransactionRecord | undefined;
      if (!record) return 'notFound';
      // A revoked link answers 404: mailing it would only confuse the buyer.
      if (record.accessRevoked !== false) return 'revoked';

      // Stored lower-cased, as fulfilment does, so /purchases finds the sale under the new address.
      const address = correctedEmail?.toLowerCase() ?? record.customerEmail;
      if (address !== record.customerEmail) {
        const correction: EmailCorrection = {
          from: record.customerEmail,
          to: address,
          by: adminUid,
          at: now().toISOString(),
        };
        await ref.update({ customerEmail: address, emailCorrections: FieldValue.arrayUnion(correction) });
      }

      const token = links.tokenFor(transactionId);
      // The grant is missing only after ACCESS_LINK_SECRET changed; without it the mailed link would 404.
      await fulfilment.ensureAccess(transactionId, record.productId, token);
      let sent = true;
      try {
        await purchaseMail.sendOrderMail({ ...record, customerEmail: address, accessUrl: links.urlFor(token) });
      } catch (error) {
        sent = false;
        logError(`Access e-mail for ${transactionId} could not be resent`, error);
      }
      // Recorded as fulfilment records it: a failed buyer e-mail leaves the sale 'failed', so the next
      // order replay or webhook for it retries the e-mail; a sent one is 'sent'.
      try {
        await ref.update({
          emailStatus: sent ? 'sent' : 'failed',
          buyerEmailSent: sent,
          emailAttempts: FieldValue.increment(1),
        });
      } catch (error) {
        logError(`E-mail outcome of the resend of ${transactionId} could not be recorded`, error);
      }
      return sent ? 'sent' : 'mailFailed';
    },

    async setAccess(transactionId, revoked, adminUid) {
      const ref = transactionRef(transactionId);
      return db.runTransaction(async (t) => {
        if (!(await t.get(ref)).exists) return null;
        t.update(ref, { accessRevoked: revoked, accessChangedBy: adminUid, accessChangedAt: now().toISOString() });
        return { accessRevoked: revoked };
      });
    },

    async resetDownloads(transactionId) {
      const ref = transactionRef(transactionId);
      return db.runTransaction(async (t) => {
        if (!(await t.get(ref)).exists) return false;
        t.update(ref, {
          'downloads.count': 0,
          'downloads.byFile': FieldValue.delete(),
          'downloads.resetAt': new Date().toISOString(),
        });
        return true;
      });
    },
  };
}
