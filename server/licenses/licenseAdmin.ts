// What the seller does with keys (docs/licenses.md): per sale, reset activations, disable or enable
// the key, replace it (the buyer is e-mailed the new one); per product, add keys to the pool (one per
// line, a key already in any pool or issued refused with its reason: licensePool.ts), which also sends the keys owed to buyers of sales made
// while the pool was empty.
import type { Firestore } from 'firebase-admin/firestore';
import { readLicenseKey } from '../../domain/licenseKeys';
import { productDocId, readSaleRecord } from '../../domain/saleRecord';
import type { Transporter } from 'nodemailer';
import type { ServerConfig } from '../config';
import { licenseKeyMail } from '../mail/licenseMails';
import { addKeysToPool, type RefusedKey } from './licensePool';
import {
  firstUnissued,
  generateLicenseKey,
  licenseKeyRef,
  licenseRecord,
  lowPoolWarning,
  markPassed,
  poolKeysOf,
} from './licenseKeys';
import { licenseKeysCollection, licensePoolsCollection, transactionsCollection } from '../lib/collections';

export const maxPoolKeysPerUpload = 10_000;
export const maxPoolKeyLength = 200;

export interface LicenseAdminDeps {
  db: Firestore;
  mailer: Pick<Transporter, 'sendMail'>;
  config: Pick<ServerConfig, 'MAIL_FROM' | 'SELLER_EMAIL' | 'STORE_NAME'>;
  logError: (message: string, error: unknown) => void;
}

export type PoolOutcome =
  | { kind: 'added'; added: number; duplicates: number; refused: RefusedKey[]; left: number; sent: number }
  | { kind: 'tooMany' }
  | { kind: 'tooLong' }
  | { kind: 'empty' };

/** How many keys of the product's pool no sale has taken yet. */
export async function poolKeysLeft(db: Firestore, productId: string): Promise<number> {
  return (await poolKeysOf(db, productId).where('usedBy', '==', null).count().get()).data().count;
}

export function createLicenseAdmin({ db, mailer, config, logError }: LicenseAdminDeps) {
  const keyDocOf = async (transactionId: string) =>
    (await db.collection(licenseKeysCollection).where('transactionId', '==', transactionId).limit(1).get()).docs[0];

  /** E-mails the buyer of a sale its key; false when the mail server refused (logged). */
  const mailKey = async (transactionId: string, key: string, replaced: boolean): Promise<boolean> => {
    const stored = (await db.collection(transactionsCollection).doc(transactionId).get()).data();
    if (!stored) return false;
    const sale = readSaleRecord(stored);
    const mail = licenseKeyMail(
      { productName: sale.productName, customerName: sale.customerName, key, replaced },
      { storeName: config.STORE_NAME, sellerEmail: config.SELLER_EMAIL },
    );
    try {
      await mailer.sendMail({
        from: config.MAIL_FROM,
        to: { name: sale.customerName, address: sale.customerEmail },
        replyTo: config.SELLER_EMAIL,
        ...mail,
      });
      return true;
    } catch (error) {
      logError(`License key e-mail for ${transactionId} failed`, error);
      return false;
    }
  };

  /** A pending sale gets the next free pool key, in one transaction; the key, or null when none is left. */
  const fillPending = async (pendingId: string): Promise<{ transactionId: string; key: string } | null> =>
    db.runTransaction(async (t) => {
      const pendingRef = db.collection(licenseKeysCollection).doc(pendingId);
      const stored = (await t.get(pendingRef)).data();
      const pending = stored ? readLicenseKey(stored) : null;
      if (!pending || pending.status !== 'pending') return null;
      const productId = productDocId(pending);
      const free = await t.get(
        poolKeysOf(db, productId)
          .where('usedBy', '==', null)
          .limit(lowPoolWarning + 1),
      );
      const pick = await firstUnissued(t, db, free.docs);
      markPassed(t, pick);
      const { doc, key } = pick;
      if (!doc || key === null) return null;
      const { transactionId, activationLimit: limit } = pending;
      t.update(doc.ref, { usedBy: transactionId });
      t.create(licenseKeyRef(db, key), licenseRecord(key, productId, transactionId, { activationLimit: limit }));
      t.delete(pendingRef);
      t.update(db.collection(transactionsCollection).doc(transactionId), { licenseKey: key });
      return { transactionId, key };
    });

  return {
    poolLeft: (productId: string) => poolKeysLeft(db, productId),

    /** The sale's key with activations cleared; false without a key. */
    async resetActivations(transactionId: string): Promise<boolean> {
      const doc = await keyDocOf(transactionId);
      if (!doc) return false;
      await doc.ref.update({ activations: [] });
      return true;
    },

    async setDisabled(transactionId: string, disabled: boolean): Promise<boolean> {
      const doc = await keyDocOf(transactionId);
      if (!doc || doc.get('status') === 'pending') return false;
      await doc.ref.update({ status: disabled ? 'disabled' : 'active' });
      return true;
    },

    /** A new generated key in place of the sale's key (activations start again); the buyer is e-mailed. */
    async replaceKey(transactionId: string): Promise<{ key: string; mailed: boolean } | null> {
      const key = generateLicenseKey();
      const replaced = await db.runTransaction(async (t) => {
        const found = (
          await t.get(db.collection(licenseKeysCollection).where('transactionId', '==', transactionId).limit(1))
        ).docs[0];
        if (!found || found.get('status') === 'pending') return false;
        const old = readLicenseKey(found.data());
        t.create(licenseKeyRef(db, key), {
          ...licenseRecord(key, old.productId, transactionId, { activationLimit: old.activationLimit }),
          status: old.status === 'disabled' ? 'disabled' : 'active',
          replaces: found.id,
        });
        t.delete(found.ref);
        t.update(db.collection(transactionsCollection).doc(transactionId), { licenseKey: key });
        return true;
      });
      return replaced ? { key, mailed: await mailKey(transactionId, key, true) } : null;
    },

    /** Adds the pasted keys to the product's pool, then sends the keys owed to earlier buyers. */
    async addToPool(productId: string, text: string): Promise<PoolOutcome> {
      const lines = text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean);
      if (lines.length === 0) return { kind: 'empty' };
      if (lines.length > maxPoolKeysPerUpload) return { kind: 'tooMany' };
      // The license API takes keys of at most 200 characters; a longer one could never be used.
      if (lines.some((line) => line.length > maxPoolKeyLength)) return { kind: 'tooLong' };
      // Keys added: the next time the pool runs low, the seller is told again.
      await db.collection(licensePoolsCollection).doc(productId).set({ lowNoticeSent: false }, { merge: true });
      const { added, refused } = await addKeysToPool(db, productId, lines);
      // One equality filter (no composite index); the product's keys are few per sale.
      const ofProduct = await db.collection(licenseKeysCollection).where('productId', '==', productId).get();
      let sent = 0;
      for (const pending of ofProduct.docs.filter((doc) => doc.get('status') === 'pending')) {
        const filled = await fillPending(pending.id);
        if (!filled) break;
        if (await mailKey(filled.transactionId, filled.key, false)) sent += 1;
      }
      return {
        kind: 'added',
        added,
        duplicates: refused.length,
        refused,
        left: await poolKeysLeft(db, productId),
        sent,
      };
    },
  };
}

export type LicenseAdmin = ReturnType<typeof createLicenseAdmin>;
