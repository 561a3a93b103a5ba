// Clicks on affiliate links (docs/affiliates.md, 'Links and attribution'): counted per affiliate and
// Lagos day, once per visitor. A visitor is the client's address and browser as the request shows them,
// kept only as a keyed hash in the visit's document id, so a page that posts twice (a reload, a
// development build's double effect, a second tab) counts once, and nothing personal is stored.
import { createHmac } from 'node:crypto';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { lagosDayKey } from '../../domain/lagosDates';
import { affiliateClicksCollection, affiliateClickVisitsCollection } from '../lib/collections';
/** A visit's marker outlives its Lagos day by a day; a TTL policy on expiresAt may delete it after. */
const visitKeptMs = 2 * 24 * 60 * 60 * 1000;

/** Who followed a link, as the request shows it: never stored, only hashed into the visit's key. */
export interface Visitor {
  /** The client's address (req.ip), or null when unknown. */
  address: string | null;
  userAgent: string;
}

/** The visit's key: an HMAC under the server's secret, so the id cannot be traced back to an address. */
export function affiliateVisitKey(secret: string, code: string, day: string, visitor: Visitor): string {
  return createHmac('sha256', `affiliate-visit:${secret}`)
    .update(JSON.stringify([code, day, visitor.address ?? '', visitor.userAgent]))
    .digest('hex');
}

/**
 * Adds the click to the affiliate's day unless this visitor was counted that day. One transaction reads
 * the visit and writes it with the count, so two clicks racing from one visitor count once.
 */
export async function countClick(
  db: Firestore,
  secret: string,
  code: string,
  visitor: Visitor,
  at: Date,
): Promise<void> {
  const day = lagosDayKey(at);
  const visit = db.collection(affiliateClickVisitsCollection).doc(affiliateVisitKey(secret, code, day, visitor));
  const counter = db.collection(affiliateClicksCollection).doc(`${code}_${day}`);
  await db.runTransaction(async (tx) => {
    if ((await tx.get(visit)).exists) return;
    tx.create(visit, { code, day, expiresAt: Timestamp.fromMillis(at.getTime() + visitKeptMs) });
    tx.set(counter, { code, day, count: FieldValue.increment(1) }, { merge: true });
  });
}
