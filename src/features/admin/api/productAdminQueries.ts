// Firestore reads and writes of the admin's product panels (only lib/ and features/*/api/ touch the
// SDK: docs/architecture.md). Components get plain data; tests mock this module at its boundary
// (tests/support/productAdminQueries.mock.ts). Writes that belong together go in one batch, so a
// product never exists without its deliverable, nor an outline without its product, and the
// catalog index (docs/catalog-and-search.md) changes in the same batch as the product it describes.
import {
  collection,
  deleteField,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  deleteDoc,
  updateDoc,
  where,
  writeBatch,
  type WriteBatch,
} from 'firebase/firestore/lite';
import {
  catalogIndexCollection,
  catalogIndexFields,
  catalogShardId,
  type CatalogIndexFields,
} from '../../../../domain/catalogIndex';
import { getAuthLazy, getDb } from '../../../lib/firebase';
import { outlineConverter, productConverter } from '../../../lib/firestoreConverters';
import type { Outline, Product, ProductFields } from '../../../../domain/product';

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
 * The most products Manage products lists for one category, and outlines for one product: the
 * rules cap every public list at 100 documents (docs/catalog-and-search.md). The seller's catalog is far
 * below that per category today; paging this panel is for when it is not.
 */
const adminListLimit = 100;

// Uses the composite index categoryId + createdAt desc in firestore.indexes.json.
export async function fetchCategoryProducts(categoryId: number): Promise<Product[]> {
  const snapshot = await getDocs(
    query(products(), where('categoryId', '==', categoryId), orderBy('createdAt', 'desc'), limit(adminListLimit)),
  );
  return snapshot.docs.map((d) => d.data());
}

/**
 * Adds to `batch` the change of a product's catalog index entry: a merge into
 * `entries.{productId}` of its shard, so other products' entries (maybe written by another admin
 * at the same moment) are left as they are. `fields` null removes the entry.
 */
function writeIndexEntry(
  batch: WriteBatch,
  productId: string,
  fields: (Partial<CatalogIndexFields> & { createdAt?: ReturnType<typeof serverTimestamp> }) | null,
): void {
  const shard = doc(getDb(), catalogIndexCollection, catalogShardId(productId));
  batch.set(shard, { entries: { [productId]: fields ?? deleteField() } }, { merge: true });
}

/** The deliverable link of a product, '' when none was stored. */
export async function fetchDeliverableUrl(productId: string): Promise<string> {
  const snapshot = await getDoc(doc(getDb(), 'productDeliverables', productId));
  const url: unknown = snapshot.exists() ? snapshot.get('url') : '';
  return typeof url === 'string' ? url : '';
}

/** Creates the product and its deliverable in one batch; resolves with the new product's id. */
export async function createProduct(draft: ProductDraft): Promise<string> {
  const db = getDb();
  const ref = doc(collection(db, 'products'));
  const { url, ...fields } = draft;
  const batch = writeBatch(db);
  // The rules want createdAt to be the request time (docs/security.md), i.e. the server's clock.
  batch.set(ref, { ...fields, createdAt: serverTimestamp() });
  batch.set(doc(db, 'productDeliverables', ref.id), { url });
  writeIndexEntry(batch, ref.id, { ...catalogIndexFields(fields), createdAt: serverTimestamp() });
  await batch.commit();
  return ref.id;
}

/** Updates the product's fields and its deliverable together; createdAt is left as it is. */
export async function updateProduct(productId: string, draft: ProductDraft): Promise<void> {
  const db = getDb();
  const { url, ...fields } = draft;
  const batch = writeBatch(db);
  batch.update(doc(db, 'products', productId), { ...fields });
  batch.set(doc(db, 'productDeliverables', productId), { url });
  // createdAt is not sent: the merge keeps the entry's own, which never changes.
  writeIndexEntry(batch, productId, catalogIndexFields(fields));
  await batch.commit();
}

/** An image change updates only coverImageUrl (of the product and of its index entry; docs/admin.md). */
export async function updateCoverImage(productId: string, coverImageUrl: string): Promise<void> {
  const db = getDb();
  const batch = writeBatch(db);
  batch.update(doc(db, 'products', productId), { coverImageUrl });
  writeIndexEntry(batch, productId, { coverImageUrl });
  await batch.commit();
}

/** Deletes the product, its deliverable and all its outlines in one batch. */
export async function deleteProduct(productId: string): Promise<void> {
  const db = getDb();
  // A single equality filter needs no composite index.
  const related = await getDocs(
    query(collection(db, 'outlines'), where('productId', '==', productId), limit(adminListLimit)),
  );
  const batch = writeBatch(db);
  related.docs.forEach((outline) => batch.delete(outline.ref));
  batch.delete(doc(db, 'productDeliverables', productId));
  batch.delete(doc(db, 'products', productId));
  writeIndexEntry(batch, productId, null);
  await batch.commit();
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
