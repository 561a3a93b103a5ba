// What a buyer's access link opens (docs/payments.md, 'Access links'; docs/files.md, 'The download page'):
// the grant behind a token, whether access is still open, the devices that confirmed the purchase
// e-mail, and the counted downloads and outside-link opens. The pages and their answers are in
// downloadRoutes.ts.
import { FieldPath, FieldValue, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { readAccessGrant } from '../../domain/accessGrant';
import { accessOpen, purchasedAt, readSaleRecord, type SaleRecord } from '../../domain/saleRecord';
import { emailsMatch } from '../../domain/fieldRules';
import { readDeliverables, type Deliverables } from '../files/deliverables';
import type { FileStorage } from '../files/storage';
import type { CopyMaker } from '../files/stampedCopies';
import { hashToken, isTokenShaped } from '../orders/accessLinks';
import { hashDevice } from './deviceCookie';
// A sale of a membership or an instalment plan is open as its plan is (docs/memberships.md).
import { planEnd, planStanding } from '../memberships/planAccess';
import {
  accessGrantsCollection,
  courseContentCollection,
  deliverablesCollection,
  transactionsCollection,
} from '../lib/collections';

const dayMs = 24 * 60 * 60 * 1000;

/** How many confirmed devices a purchase remembers; older ones are asked for the e-mail again. */
export const maxRememberedDevices = 50;

/** A purchase whose link is open: what the pages and the counts need. */
export interface OpenPurchase {
  kind: 'open';
  transactionId: string;
  transaction: SaleRecord;
  deliverables: Deliverables;
  /** The grant's document id (the token's hash). */
  grantId: string;
  deviceKnown: boolean;
  /**
   * Whether this device confirmed the purchase (the paying browser, the e-mail, a library sign-in),
   * whatever the product: deviceKnown also lets anyone see a product that has no files of its own,
   * while a course (docs/courses.md) always asks a new device.
   */
  deviceConfirmed: boolean;
  deviceId: string | null;
  /** The product has course content with lessons: the page links to the course player. */
  hasCourse: boolean;
}

/** Access over, in words; `renewablePlanId`: an ended plan its transfer link may reopen (docs/memberships.md). */
export type Ended = { kind: 'ended'; reason: string; renewablePlanId: string | null };

export type Opened = { kind: 'invalid' } | Ended | OpenPurchase;

/** What one Download press comes to. */
export type DownloadOutcome =
  { kind: 'noStorage' } | { kind: 'noFile' } | { kind: 'limit' } | { kind: 'ended' } | { kind: 'signed'; url: string };

/**
 * Why a purchase's access is over, in the buyer's words; null while it is open. Revocation is the one
 * switch (an admin's revoke, a full refund and a lost or open dispute all set accessRevoked, see
 * docs/payments.md); who set it only chooses the words.
 */
export function accessEndReason(transaction: SaleRecord, deliverables: Deliverables, now: Date): string | null {
  if (!accessOpen(transaction)) {
    if (transaction.accessChangedBy === 'refund') return 'This purchase was refunded, so its downloads have ended.';
    if (transaction.accessChangedBy === 'dispute') {
      return 'This purchase is under a payment dispute, so its downloads are paused.';
    }
    return 'The seller has ended access to this purchase.';
  }
  const endsAt = accessEndsAt(transaction, deliverables);
  if (endsAt && now.getTime() >= endsAt.getTime()) {
    return `Downloads of this product were available for ${deliverables.expiryDays} days after the purchase, and that time is over.`;
  }
  return null;
}

/** Why a stored sale's access is over (its own switches, then its plan's); null while it is open. */
async function endedAccess(
  db: Firestore,
  stored: DocumentData,
  transaction: SaleRecord,
  deliverables: Deliverables,
  at: Date,
): Promise<Ended | null> {
  const reason = accessEndReason(transaction, deliverables, at);
  if (reason) return { kind: 'ended', reason, renewablePlanId: null };
  const plan = await planEnd(db, stored, at);
  return plan ? { kind: 'ended', ...plan } : null;
}

/** When an expiry ends access: the purchase time plus the product's expiryDays; null without one. */
export function accessEndsAt(transaction: SaleRecord, deliverables: Deliverables): Date | null {
  if (deliverables.expiryDays === null) return null;
  const start = purchasedAt(transaction);
  // A sale without a readable date: the expiry cannot be placed, so it is treated as over.
  if (start === null) return new Date(0);
  return new Date(start.getTime() + deliverables.expiryDays * dayMs);
}

/** The origin of the seller's outside link, for the page's CSP; none for a link that is no URL. */
export function urlOrigin(url: string | null): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

function downloadsOf(transaction: SaleRecord, fileId: string): number {
  return transaction.downloadsByFile[fileId] ?? 0;
}

/** Downloads left per file id (null: no limit) and when access ends (null: never), for the page. */
function pageFacts(purchase: OpenPurchase) {
  const limit = purchase.deliverables.downloadLimit;
  const remaining =
    limit === null
      ? null
      : Object.fromEntries(
          purchase.deliverables.files.map((file) => [
            file.id,
            Math.max(0, limit - downloadsOf(purchase.transaction, file.id)),
          ]),
        );
  return { remaining, endsAt: accessEndsAt(purchase.transaction, purchase.deliverables) };
}

/** Whether a stored course (courseContent) has at least one lesson. */
/** Whether a stored course (courseContent/{productId}) has a lesson to take. */
export function hasLessons(course: DocumentData | undefined): boolean {
  const sections: unknown = course?.sections;
  return (
    Array.isArray(sections) &&
    sections.some((section: { lessons?: unknown }) => Array.isArray(section?.lessons) && section.lessons.length > 0)
  );
}

export function createDownloads({
  db,
  storage = () => null,
  copyFor,
  now = () => new Date(),
}: {
  db: Firestore;
  storage?: () => FileStorage | null;
  /** By default the seller's file as it is. */
  copyFor?: CopyMaker;
  now?: () => Date;
}) {
  const makeCopy: CopyMaker =
    copyFor ?? ((file) => Promise.resolve({ storagePath: file.storagePath, size: file.size }));
  const grantRef = (grantId: string) => db.collection(accessGrantsCollection).doc(grantId);
  const transactionRef = (transactionId: string) => db.collection(transactionsCollection).doc(transactionId);

  /** The purchase behind a token, for the device the cookie names (null: none). */
  const open = async (token: string, deviceId: string | null): Promise<Opened> => {
    if (!isTokenShaped(token)) return { kind: 'invalid' };
    const grantId = hashToken(token);
    const grant = readAccessGrant((await grantRef(grantId).get()).data());
    const { transactionId, productId } = grant;
    if (transactionId === null) return { kind: 'invalid' };
    // Fulfilment writes productId on every grant; a grant without one finds no deliverable (never an
    // id of Firestore's reserved '__...__' form, which would throw).
    const [transactionSnap, deliverablesSnap, courseSnap] = await db.getAll(
      transactionRef(transactionId),
      db.collection(deliverablesCollection).doc(productId),
      db.collection(courseContentCollection).doc(productId),
    );
    const stored = transactionSnap?.data();
    if (!stored) return { kind: 'invalid' };
    const transaction = readSaleRecord(stored);
    const deliverables = readDeliverables(deliverablesSnap?.data());
    // The deliverable as the seller has it now, else the outside link the sale was made with.
    if (!deliverables.url && /^https?:\/\//i.test(transaction.productUrl)) {
      deliverables.url = transaction.productUrl;
    }
    const ended = await endedAccess(db, stored, transaction, deliverables, now());
    if (ended) return ended;
    const known = grant.devices;
    // A product with only an outside link behaves as it always did: no confirmation, the link for whoever has it.
    const deviceConfirmed = deviceId !== null && known.includes(hashDevice(deviceId));
    const deviceKnown = deliverables.files.length === 0 || deviceConfirmed;
    const hasCourse = hasLessons(courseSnap?.data());
    const facts = { transactionId, transaction, deliverables, grantId, deviceId, hasCourse };
    return { kind: 'open', ...facts, deviceKnown, deviceConfirmed };
  };

  /** Whether a typed address is the one the purchase was made with. */
  const isBuyerEmail = (purchase: OpenPurchase, given: string): boolean =>
    given.trim() !== '' && emailsMatch(given, purchase.transaction.customerEmail);

  /**
   * Remembers a device on a grant: one that confirmed the e-mail, the browser that paid, or one
   * signed in to the library with a code mailed to the address (docs/library.md).
   */
  const rememberDeviceOn = async (grantId: string, transactionId: string, deviceId: string): Promise<void> => {
    const deviceHash = hashDevice(deviceId);
    const ref = grantRef(grantId);
    await db.runTransaction(async (t) => {
      const stored = (await t.get(ref)).data();
      if (!stored) return;
      const known = readAccessGrant(stored).devices;
      if (known.includes(deviceHash)) return;
      // The newest devices are remembered, so a link passed around cannot grow the grant without end
      // (a forgotten device confirms the e-mail again); the count below keeps every one.
      t.update(ref, { devices: [...known.slice(-(maxRememberedDevices - 1)), deviceHash] });
      // The Sales panel's device count: admins read transactions, never grants.
      t.update(transactionRef(transactionId), { 'downloads.devices': FieldValue.increment(1) });
    });
  };

  /** One Download press of a confirmed device: checked, counted atomically, a signed URL minted now. */
  const download = async (purchase: OpenPurchase, fileId: string): Promise<DownloadOutcome> => {
    const file = purchase.deliverables.files.find((entry) => entry.id === fileId);
    const bucket = storage();
    if (!bucket) return { kind: 'noStorage' };
    if (!file) return { kind: 'noFile' };
    const limit = purchase.deliverables.downloadLimit;
    if (limit !== null && downloadsOf(purchase.transaction, fileId) >= limit) return { kind: 'limit' };
    // The copy and its URL are made before the count, so a failure there costs the buyer nothing; the
    // count below decides, in a transaction, whether this press gets the URL.
    const copy = await makeCopy(file, purchase);
    const signed = await bucket.downloadUrl(copy.storagePath, file.name, copy.size);
    const saleRef = transactionRef(purchase.transactionId);
    const outcome = await db.runTransaction(
      async (t) => {
        const [current, deliverablesSnap] = await t.getAll(
          saleRef,
          db.collection(deliverablesCollection).doc(purchase.transaction.productId || 'no-product'),
        );
        const stored = current?.data();
        if (!stored) return 'ended' as const;
        const transaction = readSaleRecord(stored);
        const deliverables = readDeliverables(deliverablesSnap?.data());
        if (accessEndReason(transaction, deliverables, now())) return 'ended' as const;
        if ((await planStanding((ref) => t.get(ref), db, stored, now()))?.access.open === false)
          return 'ended' as const;
        const currentLimit = deliverables.downloadLimit;
        if (currentLimit !== null && downloadsOf(transaction, fileId) >= currentLimit) return 'limit' as const;
        t.update(
          saleRef,
          new FieldPath('downloads', 'byFile', fileId),
          FieldValue.increment(1),
          new FieldPath('downloads', 'count'),
          FieldValue.increment(1),
          'accessUses',
          FieldValue.increment(1),
        );
        t.update(grantRef(purchase.grantId), {
          uses: FieldValue.increment(1),
          lastUsedAt: FieldValue.serverTimestamp(),
        });
        return 'counted' as const;
      },
      // Parallel presses of one purchase contend for one document; each round lets one through.
      { maxAttempts: 20 },
    );
    if (outcome === 'counted') return { kind: 'signed', url: signed.url };
    return { kind: outcome };
  };

  /** Counts one open of the seller's outside link. */
  const countLinkOpen = async (purchase: OpenPurchase): Promise<void> => {
    // The grant counts for the API; the transaction carries the same count for the Sales panel,
    // because admins read transactions but never access grants (they hold token hashes).
    const batch = db.batch();
    batch.update(grantRef(purchase.grantId), {
      uses: FieldValue.increment(1),
      lastUsedAt: FieldValue.serverTimestamp(),
    });
    batch.update(transactionRef(purchase.transactionId), { accessUses: FieldValue.increment(1) });
    await batch.commit();
  };

  return { open, isBuyerEmail, rememberDeviceOn, pageFacts, download, countLinkOpen };
}

export type Downloads = ReturnType<typeof createDownloads>;
