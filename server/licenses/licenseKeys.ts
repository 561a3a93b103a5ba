// License keys as stored (docs/licenses.md): licenseKeys/{sha256 of key} and the seller's pool
// licensePools/{productId}/keys/{sha256 of key}. A sale of a product with keys on gets one, issued
// inside the transaction that records the sale (licenseKeyContribution, orders/saleContributions.ts),
// so a replayed payment, which finds the sale already there, issues none.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  FieldValue,
  type DocumentReference,
  type Firestore,
  type QueryDocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import { licenseKeySettingsFromData, readLicenseKey, type LicenseKeySettings } from '../../domain/licenseKeys';
import type { SaleAddition, SaleContribution } from '../orders/saleContributions';
import {
  deliverablesCollection,
  licenseKeysCollection,
  licensePoolKeysCollection,
  licensePoolKeysSubcollection,
  licensePoolsCollection,
} from '../lib/collections';

/** Fewer pool keys than this left after a sale: the seller is told, once until keys are added. */
export const lowPoolWarning = 10;

/** 128 random bits as 32 hex digits in four groups of eight: '8F3A2C1D-0B9E4D7A-…'. */
export function generateLicenseKey(): string {
  const hex = randomBytes(16).toString('hex').toUpperCase();
  return (hex.match(/.{8}/g) ?? [hex]).join('-');
}

/** The document id of a key: the SHA-256 of the key as written (surrounding spaces trimmed). */
export function hashLicenseKey(key: string): string {
  return createHash('sha256').update(key.trim(), 'utf8').digest('hex');
}

/** Whether the stored key is the one given, compared in constant time. */
export function sameKey(stored: unknown, given: string): boolean {
  if (typeof stored !== 'string') return false;
  const a = createHash('sha256').update(stored, 'utf8').digest();
  const b = createHash('sha256').update(given.trim(), 'utf8').digest();
  return timingSafeEqual(a, b);
}

export function licenseKeyRef(db: Firestore, key: string): DocumentReference {
  return db.collection(licenseKeysCollection).doc(hashLicenseKey(key));
}

/** The placeholder of a sale whose pool was empty: the key is sent once the seller adds keys. */
export function pendingLicenseRef(db: Firestore, transactionId: string): DocumentReference {
  return db.collection(licenseKeysCollection).doc(`pending_${transactionId}`);
}

export function poolKeysOf(db: Firestore, productId: string) {
  return db.collection(licensePoolsCollection).doc(productId).collection(licensePoolKeysSubcollection);
}

export function poolKeyIndexRef(db: Firestore, key: string): DocumentReference {
  return db.collection(licensePoolKeysCollection).doc(hashLicenseKey(key));
}

/** A free pool key passed over because a sale already has it: marked as that sale's. */
interface PassedKey {
  ref: DocumentReference;
  usedBy: string;
}

/** The pool key a sale takes (null when none of the free ones can be), and those passed over. */
export interface PoolPick {
  doc: QueryDocumentSnapshot | null;
  key: string | null;
  passed: PassedKey[];
}

/**
 * The first of the free pool keys that no sale was issued yet, read in the caller's transaction (one
 * read in the usual case): a key put in two pools before every pool was checked against the others
 * (licensePoolKeys) may have gone to the other product's sale, and creating it again would fail this one.
 */
export async function firstUnissued(t: Transaction, db: Firestore, free: QueryDocumentSnapshot[]): Promise<PoolPick> {
  const passed: PassedKey[] = [];
  for (const doc of free) {
    const key: unknown = doc.get('key');
    if (typeof key !== 'string') continue;
    const issued = await t.get(licenseKeyRef(db, key));
    if (!issued.exists) return { doc, key, passed };
    passed.push({ ref: doc.ref, usedBy: readLicenseKey(issued.data()).transactionId || 'issued' });
  }
  return { doc: null, key: null, passed };
}

/** Writes, with the sale, that the keys passed over belong to the sales that have them. */
export function markPassed(t: Transaction, pick: PoolPick): void {
  for (const { ref, usedBy } of pick.passed) t.update(ref, { usedBy });
}

/** What a sale is issued, decided with the transaction's reads and written with its writes. */
export interface PreparedLicense extends SaleAddition {
  /** The key, or null when the pool was empty (the sale's key is then 'to be sent'). */
  key: string | null;
  /** What the sale's record keeps: the key, and the pool's count when the seller is told it runs low. */
  saleFields: { licenseKey: string | null; licensePoolLeft?: number };
  write(t: Transaction, transactionId: string): void;
}

export function licenseRecord(
  key: string | null,
  productId: string,
  transactionId: string,
  settings: Pick<LicenseKeySettings, 'activationLimit'>,
) {
  return {
    key,
    productId,
    transactionId,
    status: key ? 'active' : 'pending',
    activationLimit: settings.activationLimit,
    activations: [],
    createdAt: FieldValue.serverTimestamp(),
  };
}

/**
 * Reads, inside the sale's transaction and before any of its writes, whether the product issues keys
 * and (from a pool) which key is next; null when it issues none.
 */
async function prepareLicense(t: Transaction, db: Firestore, productId: string): Promise<PreparedLicense | null> {
  const settings = licenseKeySettingsFromData(
    (await t.get(db.collection(deliverablesCollection).doc(productId))).data(),
  );
  if (!settings.on) return null;
  if (settings.source === 'generated') {
    const key = generateLicenseKey();
    return {
      key,
      saleFields: { licenseKey: key },
      write: (tx, transactionId) =>
        tx.create(licenseKeyRef(db, key), licenseRecord(key, productId, transactionId, settings)),
    };
  }
  // Up to 11 free keys: fewer than 11 means fewer than 10 are left after this sale, said once.
  const poolRef = db.collection(licensePoolsCollection).doc(productId);
  const [free, pool] = await Promise.all([
    t.get(
      poolKeysOf(db, productId)
        .where('usedBy', '==', null)
        .limit(lowPoolWarning + 1),
    ),
    t.get(poolRef),
  ]);
  const pick = await firstUnissued(t, db, free.docs);
  const { doc: poolKey, key } = pick;
  const left = Math.max(0, free.size - 1 - pick.passed.length);
  const warn = key !== null && left < lowPoolWarning && pool.get('lowNoticeSent') !== true;
  return {
    key,
    saleFields: { licenseKey: key, ...(warn ? { licensePoolLeft: left } : {}) },
    write: (tx, transactionId) => {
      if (warn) tx.set(poolRef, { lowNoticeSent: true }, { merge: true });
      markPassed(tx, pick);
      if (key && poolKey) {
        tx.update(poolKey.ref, { usedBy: transactionId });
        tx.create(licenseKeyRef(db, key), licenseRecord(key, productId, transactionId, settings));
      } else {
        // Set, not create: a placeholder left for this very sale could only be stale (the sale is new),
        // and a create meeting it would make the sale's transaction retry for minutes, then fail.
        tx.set(pendingLicenseRef(db, transactionId), licenseRecord(null, productId, transactionId, settings));
      }
    },
  };
}

/** License keys' part of a sale (orders/saleContributions.ts): the key of a product that issues them. */
export function licenseKeyContribution(db: Firestore): SaleContribution {
  return {
    name: 'license key',
    // A plan's later payment keeps the key its first payment issued, valid while the plan is
    // (docs/memberships.md): it is issued once, with the first sale.
    prepare: (t, sale) => (sale.renewalOf ? Promise.resolve(null) : prepareLicense(t, db, sale.productId)),
  };
}
