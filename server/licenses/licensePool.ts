// Adding keys to a product's pool (docs/licenses.md): a key is refused when it is repeated in the list,
// already in this or any other product's pool, or already issued to a sale, each with its reason in
// words. Two products' pools sharing a key would hand it to two sales, and the second sale's record
// could not be written; so every pooled key is also indexed by its hash across all pools
// (licensePoolKeys), checked and written in one transaction per chunk, so two admins adding the same
// key to two products at once add it once.
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { licenseKeyRef, poolKeyIndexRef, poolKeysOf } from './licenseKeys';
import { productsCollection } from '../lib/collections';

/** A key not added, and why, in the seller's words. */
export interface RefusedKey {
  key: string;
  reason: string;
}

/** Why a key is refused, before it is put in words. */
type Why = 'repeated' | 'issued' | 'inThisPool' | { otherPool: string };

/** Two writes a key (the pool's and the index's) within a transaction's 500. */
const keysPerTransaction = 250;

export const refusedReasons = {
  repeated: 'Repeated in this list.',
  issued: 'Already issued to a sale.',
  inThisPool: "Already in this product's pool.",
  otherPool: (title: string) => `Already in the pool of another product${title ? ` (${title})` : ''}.`,
};

/** The titles of the products named, for the refusals' words; the id where a product is gone. */
async function titlesOf(db: Firestore, productIds: string[]): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  if (productIds.length === 0) return titles;
  const snaps = await db.getAll(...productIds.map((id) => db.collection(productsCollection).doc(id)));
  snaps.forEach((snap, i) => {
    const title: unknown = snap.get('title');
    const id = productIds[i] ?? '';
    titles.set(id, typeof title === 'string' && title ? `“${title}”` : id);
  });
  return titles;
}

/** One chunk, checked and written in one transaction; what it added and what it refused (other pools by id). */
async function addChunk(
  db: Firestore,
  productId: string,
  chunk: string[],
): Promise<{ added: number; refused: Array<{ key: string; why: Why }> }> {
  const pool = poolKeysOf(db, productId);
  return db.runTransaction(async (t) => {
    const refs = chunk.flatMap((key) => [
      licenseKeyRef(db, key),
      pool.doc(licenseKeyRef(db, key).id),
      poolKeyIndexRef(db, key),
    ]);
    const snaps = await t.getAll(...refs);
    const refused: Array<{ key: string; why: Why }> = [];
    let added = 0;
    chunk.forEach((key, i) => {
      const [issued, inThisPool, indexed] = [snaps[3 * i], snaps[3 * i + 1], snaps[3 * i + 2]];
      const owner: unknown = indexed?.get('productId');
      if (issued?.exists) refused.push({ key, why: 'issued' });
      else if (inThisPool?.exists || owner === productId) refused.push({ key, why: 'inThisPool' });
      else if (indexed?.exists) refused.push({ key, why: { otherPool: typeof owner === 'string' ? owner : '' } });
      else {
        added += 1;
        t.create(pool.doc(licenseKeyRef(db, key).id), { key, usedBy: null, addedAt: FieldValue.serverTimestamp() });
        t.create(poolKeyIndexRef(db, key), { productId, addedAt: FieldValue.serverTimestamp() });
      }
    });
    return { added, refused };
  });
}

/** Adds the keys (trimmed, none empty) to the product's pool; how many were added and which were refused. */
export async function addKeysToPool(
  db: Firestore,
  productId: string,
  lines: string[],
): Promise<{ added: number; refused: RefusedKey[] }> {
  const refused: Array<{ key: string; why: Why }> = [];
  const unique: string[] = [];
  const seen = new Set<string>();
  for (const key of lines) {
    if (seen.has(key)) refused.push({ key, why: 'repeated' });
    else {
      seen.add(key);
      unique.push(key);
    }
  }
  let added = 0;
  for (let i = 0; i < unique.length; i += keysPerTransaction) {
    const outcome = await addChunk(db, productId, unique.slice(i, i + keysPerTransaction));
    added += outcome.added;
    refused.push(...outcome.refused);
  }
  const others = [...new Set(refused.flatMap(({ why }) => (typeof why === 'object' ? [why.otherPool] : [])))];
  const titles = await titlesOf(db, others.filter(Boolean));
  return {
    added,
    refused: refused.map(({ key, why }) => ({
      key,
      reason:
        typeof why === 'object'
          ? refusedReasons.otherPool(titles.get(why.otherPool) ?? why.otherPool)
          : refusedReasons[why],
    })),
  };
}
