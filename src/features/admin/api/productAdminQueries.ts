// Firestore reads and writes of the admin's product panels (only lib/ and features/*/api/ touch the
// SDK: docs/architecture.md). Components get plain data; tests mock this module at its boundary
// (tests/support/productAdminQueries.mock.ts). Writes that belong together go in one batch, so a
// product never exists without its deliverable, nor an outline without its product, and the
// catalog index (docs/catalog-and-search.md) changes in the same batch as the product it describes.
import {
  collection,
  deleteField,
  doc,
  documentId,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  startAfter,
  Timestamp,
  deleteDoc,
  updateDoc,
  where,
  writeBatch,
  type QueryConstraint,
} from 'firebase/firestore/lite';
import { productPageSize } from '../../../../domain/pageContracts';
import { cursorAt, newestFirstPage, type PageCursor } from '../../../../domain/paging';
import {
  catalogIndexCollection,
  catalogIndexFields,
  catalogPricingField,
  catalogShardId,
  type CatalogIndexFields,
} from '../../../../domain/catalogIndex';
import type { ProductPricing } from '../../../../domain/productPricing';
import { getAuthLazy, getDb } from '../../../lib/firebase';
import { licenseKeySettingsFromData, type LicenseKeySettings } from '../../../../domain/licenseKeys';
import { outlineConverter, productConverter } from '../../../lib/firestoreConverters';
import { productFromData, type Outline, type Product, type ProductFields } from '../../../../domain/product';
import {
  deliverablesFromData,
  deliverySettingsFromData,
  type DeliverableFile,
  type DeliverySettings,
} from '../../../../domain/deliverableFiles';

/** A product with its private deliverable link (productDeliverables/{id}, docs/security.md). */
export interface ProductDraft extends ProductFields {
  url: string;
}

export interface OutlineFields {
  outline: string;
  outlineOrder: number;
}

const products = () => collection(getDb(), 'products').withConverter(productConverter);
const outlines = () => collection(getDb(), 'outlines').withConverter(outlineConverter);

/**
 * The most products listed for one category (the discount forms' product choice), and outlines for one
 * product: the rules cap every public list at 100 documents (docs/catalog-and-search.md).
 */
const adminListLimit = 100;

// Uses the composite index categoryId + createdAt desc in firestore.indexes.json.
export async function fetchCategoryProducts(categoryId: number): Promise<Product[]> {
  const snapshot = await getDocs(
    query(products(), where('categoryId', '==', categoryId), orderBy('createdAt', 'desc'), limit(adminListLimit)),
  );
  return snapshot.docs.map((d) => d.data());
}

/** One page of Manage Products: its products, and where the next starts (null on the last page). */
export interface AdminProductPage {
  products: Product[];
  next: PageCursor | null;
}

/**
 * A page of products, newest first, in pages of the storefront's size (docs/catalog-and-search.md):
 * every category (categoryId null) or one. The category's pages use the composite index categoryId +
 * createdAt desc in firestore.indexes.json.
 */
export async function fetchProductsPage(
  categoryId: number | null,
  cursor: PageCursor | null,
): Promise<AdminProductPage> {
  const constraints: QueryConstraint[] = [
    ...(categoryId === null ? [] : [where('categoryId', '==', categoryId)]),
    orderBy('createdAt', 'desc'),
    orderBy(documentId(), 'desc'),
  ];
  if (cursor) constraints.push(startAfter(new Timestamp(cursor.seconds, cursor.nanoseconds), cursor.id));
  constraints.push(limit(productPageSize));
  const snapshot = await getDocs(query(products(), ...constraints));
  const page = newestFirstPage(snapshot.docs, productPageSize, (d) => cursorAt(d.get('createdAt'), d.id));
  return { products: page.items.map((d) => d.data()), next: page.next };
}

/** The products with these ids (a title search's matches), in the order given; missing ones are left out. */
export async function fetchProductsByIds(ids: readonly string[]): Promise<Product[]> {
  const found = new Map<string, Product>();
  // Firestore's 'in' takes at most 30 values.
  for (let start = 0; start < ids.length; start += 30) {
    const chunk = ids.slice(start, start + 30);
    const snapshot = await getDocs(query(products(), where(documentId(), 'in', chunk), limit(chunk.length)));
    for (const d of snapshot.docs) found.set(d.id, d.data());
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}

/**
 * The write (for a batch's or a transaction's `set`) of a product's catalog index entry: a merge
 * into `entries.{productId}` of its shard, so other products' entries (maybe written by another
 * admin at the same moment) are left as they are. `fields` null removes the entry.
 */
function indexEntryWrite(
  productId: string,
  fields:
    (Partial<CatalogIndexFields> & { createdAt?: ReturnType<typeof serverTimestamp>; pricing?: ProductPricing }) | null,
) {
  const shard = doc(getDb(), catalogIndexCollection, catalogShardId(productId));
  return [shard, { entries: { [productId]: fields ?? deleteField() } }, { merge: true }] as const;
}

/** The deliverable link of a product, '' when none was stored. */
export async function fetchDeliverableUrl(productId: string): Promise<string> {
  const snapshot = await getDoc(doc(getDb(), 'productDeliverables', productId));
  const url: unknown = snapshot.exists() ? snapshot.get('url') : '';
  return typeof url === 'string' ? url : '';
}

/** Creates the product and its deliverable in one batch; resolves with the new product's id. */
export async function createProduct(draft: ProductDraft, pricing?: ProductPricing): Promise<string> {
  const db = getDb();
  const ref = doc(collection(db, 'products'));
  const { url, ...fields } = draft;
  const batch = writeBatch(db);
  // The rules want createdAt to be the request time (docs/security.md), i.e. the server's clock. A
  // single payment stores no pricing (docs/memberships.md).
  const charged = pricing && pricing.kind !== 'once' ? { pricing } : {};
  batch.set(ref, { ...fields, ...charged, createdAt: serverTimestamp() });
  // The outside link is optional (a product may deliver only files); the document exists either way.
  batch.set(doc(db, 'productDeliverables', ref.id), url ? { url } : {});
  batch.set(
    ...indexEntryWrite(ref.id, {
      ...catalogIndexFields(fields),
      ...catalogPricingField(pricing),
      createdAt: serverTimestamp(),
    }),
  );
  await batch.commit();
  return ref.id;
}

/**
 * The error of a save refused because the product, or its deliverable link, is no longer what the
 * admin's dialog showed: another admin saved in between (src/lib/errors.ts words it).
 */
function productChanged(): Error {
  return Object.assign(new Error('The product changed since it was opened.'), { code: 'product-changed' });
}

/**
 * Saves the fields the admin changed, with the deliverable link when it changed, in one transaction
 * that first reads the product and its deliverable and refuses (code 'product-changed') unless
 * every field is still what the dialog opened with. So two admins editing one product cannot
 * overwrite each other: the second save is refused instead of putting back what the first
 * changed, and only changed fields are written. Firestore retries the transaction when either
 * document changes between the read and the commit, and the retry then refuses.
 */
export async function updateProduct(
  productId: string,
  opened: ProductDraft,
  changes: Partial<ProductDraft>,
): Promise<void> {
  const db = getDb();
  const productRef = doc(db, 'products', productId);
  const deliverableRef = doc(db, 'productDeliverables', productId);
  await runTransaction(db, async (transaction) => {
    const productSnapshot = await transaction.get(productRef);
    const deliverableSnapshot = await transaction.get(deliverableRef);
    const data = productSnapshot.data();
    if (data === undefined) throw productChanged();
    const url: unknown = deliverableSnapshot.get('url');
    const stored: ProductDraft = { ...productFromData(productId, data), url: typeof url === 'string' ? url : '' };
    const keys = Object.keys(opened) as (keyof ProductDraft)[];
    if (keys.some((key) => stored[key] !== opened[key])) throw productChanged();

    const { url: newUrl, ...fields } = changes;
    if (Object.keys(fields).length > 0) transaction.update(productRef, fields);
    // Merged: the files the API attached and the delivery switches live in the same document.
    // An emptied link is removed: the product then delivers only its files.
    if (newUrl !== undefined) {
      transaction.set(deliverableRef, { url: newUrl === '' ? deleteField() : newUrl }, { merge: true });
    }
    const indexBefore = catalogIndexFields(stored);
    const indexAfter = catalogIndexFields({ ...stored, ...fields });
    const indexChanges: Partial<CatalogIndexFields> = Object.fromEntries(
      Object.entries(indexAfter).filter(([key, value]) => indexBefore[key as keyof CatalogIndexFields] !== value),
    );
    // createdAt is not sent: the merge keeps the entry's own, which never changes.
    if (Object.keys(indexChanges).length > 0) transaction.set(...indexEntryWrite(productId, indexChanges));
  });
}

/**
 * An image change updates only coverImageUrl (of the product and of its index entry; docs/admin.md),
 * refused (code 'product-changed') when the product's cover is no longer `openedUrl`: the admin
 * would replace another admin's new cover, and the old one deleted next would be the wrong one.
 */
export async function updateCoverImage(productId: string, openedUrl: string, coverImageUrl: string): Promise<void> {
  const db = getDb();
  const productRef = doc(db, 'products', productId);
  await runTransaction(db, async (transaction) => {
    const snapshot = await transaction.get(productRef);
    const data = snapshot.data();
    if (data === undefined || productFromData(productId, data).coverImageUrl !== openedUrl) throw productChanged();
    transaction.update(productRef, { coverImageUrl });
    transaction.set(...indexEntryWrite(productId, { coverImageUrl }));
  });
}

/**
 * Whether a product has this cover. A cover typed into the edit dialog can be another product's, so
 * an image is deleted from the image host only once no product refers to it.
 */
export async function isCoverInUse(coverImageUrl: string): Promise<boolean> {
  // A single equality filter needs no composite index; the rules want a limit on a list.
  const snapshot = await getDocs(
    query(collection(getDb(), 'products'), where('coverImageUrl', '==', coverImageUrl), limit(1)),
  );
  return !snapshot.empty;
}

/** Deletes the product, its deliverable and all its outlines in one batch. */
export async function deleteProduct(productId: string): Promise<{ keptFiles: number }> {
  const db = getDb();
  // A single equality filter needs no composite index.
  const related = await getDocs(
    query(collection(db, 'outlines'), where('productId', '==', productId), limit(adminListLimit)),
  );
  const deliverable = await getDoc(doc(db, 'productDeliverables', productId));
  const files: unknown = deliverable.get('files');
  const keptFiles = Array.isArray(files) ? files.length : 0;
  const batch = writeBatch(db);
  related.docs.forEach((outline) => batch.delete(outline.ref));
  // Files stay for the buyers who have them (docs/files.md): only the API removes them, when asked.
  if (keptFiles === 0) batch.delete(doc(db, 'productDeliverables', productId));
  batch.delete(doc(db, 'products', productId));
  batch.set(...indexEntryWrite(productId, null));
  await batch.commit();
  return { keptFiles };
}

// Uses the composite index productId + outlineOrder in firestore.indexes.json.
export async function fetchOutlines(productId: string): Promise<Outline[]> {
  const snapshot = await getDocs(
    query(outlines(), where('productId', '==', productId), orderBy('outlineOrder', 'asc'), limit(adminListLimit)),
  );
  return snapshot.docs.map((d) => d.data());
}

export async function createOutline(productId: string, fields: OutlineFields): Promise<string> {
  const ref = doc(collection(getDb(), 'outlines'));
  await setDoc(ref, { productId, ...fields, createdAt: serverTimestamp() });
  return ref.id;
}

export async function updateOutline(outlineId: string, fields: OutlineFields): Promise<void> {
  await updateDoc(doc(getDb(), 'outlines', outlineId), { ...fields });
}

export async function deleteOutline(outlineId: string): Promise<void> {
  await deleteDoc(doc(getDb(), 'outlines', outlineId));
}

/** The signed-in admin's Firebase ID token, for the admin API endpoints; null when signed out. */
export async function currentIdToken(): Promise<string | null> {
  const user = (await getAuthLazy()).currentUser;
  return user ? user.getIdToken() : null;
}

export type { DeliverySettings };

/** The whole deliverable of a product: the outside link ('' for none), the files, the switches. */
export interface ProductDeliverables extends DeliverySettings {
  url: string;
  files: DeliverableFile[];
  /** The license key settings (docs/licenses.md). */
  licenseKeys?: LicenseKeySettings;
}

export async function fetchDeliverables(productId: string): Promise<ProductDeliverables> {
  const snapshot = await getDoc(doc(getDb(), 'productDeliverables', productId));
  const deliverables = deliverablesFromData(snapshot.data());
  return { ...deliverables, url: deliverables.url ?? '', licenseKeys: licenseKeySettingsFromData(snapshot.data()) };
}

/**
 * Saves the switches the admin changed, merged so the outside link and the files the API attached
 * stay as they are, in a transaction that refuses (code 'product-changed') when the stored switches
 * are no longer what the form opened with: another admin saved in between, and this save would undo it.
 */
export async function saveDeliverySettings(
  productId: string,
  opened: DeliverySettings,
  settings: DeliverySettings,
): Promise<void> {
  const db = getDb();
  const ref = doc(db, 'productDeliverables', productId);
  await runTransaction(db, async (transaction) => {
    const stored = deliverySettingsFromData((await transaction.get(ref)).data());
    const keys = Object.keys(settings) as (keyof DeliverySettings)[];
    if (keys.some((key) => stored[key] !== opened[key])) throw productChanged();
    const changed = Object.fromEntries(
      keys.flatMap((key) => (settings[key] === stored[key] ? [] : [[key, settings[key]]])),
    );
    if (Object.keys(changed).length > 0) transaction.set(ref, changed, { merge: true });
  });
}
