// The claims of the send queue (docs/emails.md, 'Sending'; mailingQueue.ts runs them): a batch of queued
// recipients claimed in one transaction that also counts against the minute's budget, the reasons a
// claimed recipient is skipped after all, and the release of claims a dead run left behind.
import { randomBytes, randomUUID } from 'node:crypto';
import { FieldValue, Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { keptProducts, readMailingRecipient, readMinuteCount } from '../../domain/mailings';
import type { ServerConfig } from '../config';
import {
  mailingMinutesCollection,
  mailingRecipientsSubcollection,
  mailingsCollection,
  transactionsCollection,
} from '../lib/collections';
import { audienceSaleOf } from './mailingAudience';
import { createSuppressions } from './suppressions';
import { minuteKey, staleClaimMs, unsubscribeTokenHash } from './mailingTokens';

/** One recipient this run claimed: its document, address, sales and the token of its unsubscribe link. */
export interface Claimed {
  ref: DocumentReference;
  email: string;
  saleIds: string[];
  token: string;
}

export function createMailingClaims({
  db,
  config,
  now,
}: {
  db: Firestore;
  config: Pick<ServerConfig, 'MAILING_RATE_PER_MINUTE'>;
  now: () => Date;
}) {
  const suppressions = createSuppressions({ db, now });
  const recipientsOf = (id: string) =>
    db.collection(mailingsCollection).doc(id).collection(mailingRecipientsSubcollection);

  /** Claims up to `limit` queued recipients of the mailing, counted against this minute's budget. */
  async function claim(id: string, limit: number): Promise<Claimed[] | 'budgetSpent' | 'empty'> {
    const minuteRef = db.collection(mailingMinutesCollection).doc(minuteKey(now()));
    return db.runTransaction(async (transaction) => {
      const minute = await transaction.get(minuteRef);
      const used = readMinuteCount(minute.data());
      const budget = Math.min(limit, config.MAILING_RATE_PER_MINUTE - used);
      if (budget <= 0) return 'budgetSpent';
      const queued = await transaction.get(recipientsOf(id).where('status', '==', 'queued').limit(budget));
      if (queued.empty) return 'empty';
      const claimId = randomUUID();
      const claimed = queued.docs.map((doc) => {
        const token = randomBytes(24).toString('base64url');
        transaction.update(doc.ref, {
          status: 'claimed',
          claimId,
          claimedAt: Timestamp.fromDate(now()),
          unsubscribeTokenHash: unsubscribeTokenHash(token),
        });
        const { email, saleIds } = readMailingRecipient(doc.data());
        return { ref: doc.ref, email, saleIds, token };
      });
      transaction.set(minuteRef, { sent: FieldValue.increment(claimed.length) }, { merge: true });
      return claimed.sort((a, b) => (a.ref.id < b.ref.id ? -1 : 1));
    });
  }

  /** Why each claimed recipient is not written to after all (suppressed, or refunded for everything); null to send. */
  async function skipReasons(claimed: Claimed[]): Promise<(string | null)[]> {
    const suppressed = await suppressions.reasonsFor(claimed.map((recipient) => recipient.email));
    const saleRefs = claimed.flatMap((recipient) =>
      recipient.saleIds.map((sale) => db.collection(transactionsCollection).doc(sale)),
    );
    const sales = saleRefs.length > 0 ? await db.getAll(...saleRefs) : [];
    const byId = new Map(sales.map((sale) => [sale.id, audienceSaleOf(sale.data())]));
    return claimed.map((recipient, index) => {
      const reason = suppressed[index];
      if (reason) return reason;
      const owned = recipient.saleIds.map((sale) => byId.get(sale)).filter((sale) => sale !== undefined);
      return owned.length > 0 && keptProducts(owned).length === 0 ? 'refunded' : null;
    });
  }

  /** Claims left by a run that died: the first of each batch failed (it may have gone), the rest queued. */
  async function releaseStale(id: string): Promise<void> {
    const claimedDocs = await recipientsOf(id).where('status', '==', 'claimed').get();
    const stale = claimedDocs.docs.filter((doc) => {
      const at = readMailingRecipient(doc.data()).claimedAtMs;
      return at === null || now().getTime() - at > staleClaimMs;
    });
    const byClaim = new Map<string, typeof stale>();
    for (const doc of stale) {
      const claimId = readMailingRecipient(doc.data()).claimId ?? '';
      byClaim.set(claimId, [...(byClaim.get(claimId) ?? []), doc]);
    }
    const batch = db.batch();
    for (const docs of byClaim.values()) {
      docs.sort((a, b) => (a.id < b.id ? -1 : 1));
      docs.forEach((doc, index) =>
        batch.update(
          doc.ref,
          index === 0
            ? { status: 'failed', reason: 'interrupted' }
            : { status: 'queued', claimId: FieldValue.delete(), claimedAt: FieldValue.delete() },
        ),
      );
    }
    if (stale.length > 0) await batch.commit();
  }

  return { claim, skipReasons, releaseStale };
}
