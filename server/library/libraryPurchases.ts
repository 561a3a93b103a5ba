// What the library lists and opens (docs/library.md): every transaction whose customerEmail is the
// signed-in address, newest first (the customerEmail + createdAt index of firestore.indexes.json),
// including those an admin moved to it by correcting a mistyped address. A purchase of another
// address is answered exactly as one that does not exist.
import type { Firestore } from 'firebase-admin/firestore';
import { accessOpen, productDocId, readSaleRecord, type SaleRecord } from '../../domain/saleRecord';
import type { LibraryPurchase, LibraryState } from '../../domain/library';
import { paths } from '../../domain/routes';
import { accessEndReason, hasLessons, type Downloads } from '../downloads/downloads';
import { readDeliverables, type Deliverables } from '../files/deliverables';
import { hashToken, type AccessLinks } from '../orders/accessLinks';
import { type Fulfilment } from '../orders/fulfilment';
import { readCheckoutRecord } from '../../domain/checkoutRecord';
import type { SessionOwner } from './sessions';
import { closedPlansOf, planEndReason, planIdOf } from '../memberships/planAccess';
import {
  checkoutsCollection,
  courseContentCollection,
  deliverablesCollection,
  productsCollection,
  transactionsCollection,
} from '../lib/collections';

/**
 * Why the library refuses a purchase, as downloads and learn answer theirs: `notInLibrary` when it is
 * not the signed-in address's (or does not exist: the same answer for both), `ended` when its access
 * has ended, `noCourse` when its product has no lesson to take.
 */
export type LibraryRefusal = { kind: 'notInLibrary' } | { kind: 'ended' } | { kind: 'noCourse' };

/** The address's purchase as stored, or why the library refuses it. */
export type OwnPurchase = LibraryRefusal | { kind: 'own'; data: SaleRecord; planId?: string | null };

/** An opened purchase's address (its download page or course player), or why the library refuses it. */
export type Opened = LibraryRefusal | { kind: 'opened'; url: string };

/** Where a purchase stands for its buyer; who ended access picks the word, as on the download page. */
export function libraryStateOf(transaction: SaleRecord, deliverables: Deliverables, now: Date): LibraryState {
  if (!accessEndReason(transaction, deliverables, now)) return 'active';
  if (!accessOpen(transaction) && transaction.accessChangedBy === 'refund') return 'refunded';
  if (!accessOpen(transaction) && transaction.accessChangedBy === 'dispute') return 'disputed';
  return 'accessEnded';
}

/** A purchase open by its own switches whose plan's access is over reads as ended. */
function planStateOf(state: LibraryState, planClosed: boolean): LibraryState {
  return state === 'active' && planClosed ? 'accessEnded' : state;
}

/** The products of `productIds` that have a lesson (docs/courses.md). */
async function coursesOf(db: Firestore, productIds: string[]): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  const snaps = await db.getAll(...productIds.map((id) => db.collection(courseContentCollection).doc(id)));
  return new Set(snaps.filter((snap) => hasLessons(snap.data())).map((snap) => snap.id));
}

async function deliverablesOf(db: Firestore, productIds: string[]): Promise<Map<string, Deliverables>> {
  const unique = [...new Set(productIds)];
  if (unique.length === 0) return new Map();
  const snaps = await db.getAll(...unique.map((id) => db.collection(deliverablesCollection).doc(id)));
  return new Map(snaps.map((snap) => [snap.id, readDeliverables(snap.data())]));
}

/** Payments of the address on their way (checkouts `pending`): shown as awaiting, never opened. */
async function awaitingOf(db: Firestore, owner: SessionOwner): Promise<LibraryPurchase[]> {
  const snapshot = await db
    .collection(checkoutsCollection)
    .where('customer.email', '==', owner.email)
    .where('status', '==', 'pending')
    .limit(50)
    .get();
  return snapshot.docs.flatMap((doc) => {
    const data = readCheckoutRecord(doc.data());
    if (!data) return [];
    const purchase: LibraryPurchase = {
      id: doc.id,
      title: data.productName,
      coverImageUrl: null,
      paidAt: (data.pending?.since ?? data.createdAt).toISOString(),
      currency: data.currency,
      amountPaid: data.amount,
      listPrice: data.listPrice || data.amount,
      discountCode: data.discountCode,
      discountAmount: data.discountAmount,
      refunded: 0,
      hasLicenseKey: false,
      hasCourse: false,
      state: 'awaiting',
    };
    return [purchase];
  });
}

/** Every sale of the address, newest first, with where each stands for its buyer. */
async function salesOf(db: Firestore, owner: SessionOwner, now: () => Date): Promise<LibraryPurchase[]> {
  const snapshot = await db
    .collection(transactionsCollection)
    .where('customerEmail', '==', owner.email)
    .orderBy('createdAt', 'desc')
    .limit(500)
    .get();
  const bought = snapshot.docs.map((doc) => ({
    id: doc.id,
    sale: readSaleRecord(doc.data()),
    planId: planIdOf(doc.data()),
  }));
  const productIds = bought.map(({ sale }) => productDocId(sale));
  const unique = [...new Set(productIds)];
  const [deliverables, courses, products] = await Promise.all([
    deliverablesOf(db, unique),
    coursesOf(db, unique),
    unique.length ? db.getAll(...unique.map((id) => db.collection(productsCollection).doc(id))) : Promise.resolve([]),
  ]);
  const covers = new Map(products.map((snap) => [snap.id, snap.get('coverImageUrl') as unknown]));
  const at = now();
  // A sale of a membership or an instalment plan is open as its plan is (docs/memberships.md).
  const closedPlans = await closedPlansOf(
    db,
    snapshot.docs.map((doc) => doc.data()),
    at,
  );
  return bought.map(({ id, sale, planId }) => {
    const productId = productDocId(sale);
    const cover = covers.get(productId);
    return {
      id,
      title: sale.productName,
      coverImageUrl: typeof cover === 'string' ? cover : null,
      paidAt: sale.paidAt,
      currency: sale.currency,
      amountPaid: sale.amountPaid,
      listPrice: sale.listPrice || sale.amountPaid,
      discountCode: sale.discountCode,
      discountAmount: sale.discountAmount,
      refunded: sale.refund.refunded,
      // A product with keys on stores the sale's key (null while it is owed): docs/licenses.md.
      hasLicenseKey: sale.hasLicenseKey,
      hasCourse: courses.has(productId),
      state: planStateOf(
        libraryStateOf(sale, deliverables.get(productId) ?? readDeliverables(undefined), at),
        planId !== null && closedPlans.has(planId),
      ),
    };
  });
}

/** What the library lists for the address. */
async function listLibrary(db: Firestore, owner: SessionOwner, now: () => Date): Promise<LibraryPurchase[]> {
  const [bought, onTheirWay] = await Promise.all([salesOf(db, owner, now), awaitingOf(db, owner)]);
  // Payments still on their way first (the buyer is watching for them), then every sale newest first.
  return [...onTheirWay.sort((a, b) => b.paidAt.localeCompare(a.paidAt)), ...bought];
}

export function createLibraryPurchases({
  db,
  links,
  fulfilment,
  downloads,
  now,
  storeUrl,
}: {
  db: Firestore;
  links: AccessLinks;
  /** The store's public address: the course player (/learn/{token}) is a page of the store. */
  storeUrl: string;
  fulfilment: Pick<Fulfilment, 'ensureAccess'>;
  downloads: Pick<Downloads, 'rememberDeviceOn'>;
  now: () => Date;
}) {
  const transactions = () => db.collection(transactionsCollection);

  /** The address's purchase, or `notInLibrary`. */
  const ownPurchase = async (owner: SessionOwner, transactionId: string): Promise<OwnPurchase> => {
    // Ids of Firestore's reserved forms would throw rather than find nothing.
    if (!/^[A-Za-z0-9_-]{1,200}$/.test(transactionId) || /^__.*__$/.test(transactionId)) {
      return { kind: 'notInLibrary' };
    }
    const data = (await transactions().doc(transactionId).get()).data();
    if (!data || data.customerEmail !== owner.email) return { kind: 'notInLibrary' };
    return { kind: 'own', data: readSaleRecord(data), planId: planIdOf(data) };
  };

  /** The address's purchase while its access lasts: `notInLibrary`, or `ended` once it ended. */
  const activePurchase = async (owner: SessionOwner, transactionId: string): Promise<OwnPurchase> => {
    const own = await ownPurchase(owner, transactionId);
    if (own.kind !== 'own') return own;
    const productId = productDocId(own.data);
    const deliverables = (await deliverablesOf(db, [productId])).get(productId) ?? readDeliverables(undefined);
    if (libraryStateOf(own.data, deliverables, now()) !== 'active') return { kind: 'ended' };
    if (own.planId && (await planEndReason(db, { membershipId: own.planId }, now()))) return { kind: 'ended' };
    return own;
  };

  /**
   * Grants this browser an active purchase: its access ensured and this device remembered on it, as
   * the code mailed to the address confirmed it (docs/library.md). Answers the access token.
   */
  const grant = async (data: SaleRecord, transactionId: string, deviceId: string): Promise<string> => {
    const token = links.tokenFor(transactionId);
    await fulfilment.ensureAccess(transactionId, productDocId(data), token);
    await downloads.rememberDeviceOn(hashToken(token), transactionId, deviceId);
    return token;
  };

  /** Opens an active purchase's download page for this browser: the access link to go to. */
  const open = async (owner: SessionOwner, transactionId: string, deviceId: string): Promise<Opened> => {
    const active = await activePurchase(owner, transactionId);
    if (active.kind !== 'own') return active;
    return { kind: 'opened', url: links.urlFor(await grant(active.data, transactionId, deviceId)) };
  };

  /**
   * Opens an active purchase's course for this browser, trusted the same way: the player's address
   * (/learn/{token}); `noCourse` when the product has no lesson.
   */
  const openCourse = async (owner: SessionOwner, transactionId: string, deviceId: string): Promise<Opened> => {
    const active = await activePurchase(owner, transactionId);
    if (active.kind !== 'own') return active;
    const productId = productDocId(active.data);
    if (!(await coursesOf(db, [productId])).has(productId)) return { kind: 'noCourse' };
    const token = await grant(active.data, transactionId, deviceId);
    return { kind: 'opened', url: `${storeUrl.replace(/\/+$/, '')}${paths.learn(token)}` };
  };

  const list = (owner: SessionOwner) => listLibrary(db, owner, now);

  return { list, open, openCourse, ownPurchase, activePurchase };
}

export type LibraryPurchases = ReturnType<typeof createLibraryPurchases>;
