// Firestore reads of the catalog. Imported lazily by catalogApi.ts (keeps the SDK off the critical path).
// Every list carries a limit: the rules refuse a public list of products or outlines without one,
// or with one above 100 (never the whole collection for one view: docs/catalog-and-search.md).
import {
  Timestamp,
  collection,
  doc,
  documentId,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  where,
  type QueryConstraint,
} from 'firebase/firestore/lite';
import {
  catalogIndexCollection,
  entriesOfShard,
  sortNewestFirst,
  type CatalogEntry,
} from '../../../../domain/catalogIndex';
import { isoDate } from '../../../../domain/dates';
import { cursorAt, newestFirstPage, type PageCursor } from '../../../../domain/paging';
import { outlinesLimit, type Outline, type Product } from '../../../../domain/product';
import { getDb } from '../../../lib/firebase';
import { outlineConverter, productConverter } from '../../../lib/firestoreConverters';
import type { ProductPage } from './productPages';

// The catalog index has a fixed handful of shards; the limit only guards against strays.
const catalogIndexLimit = 100;

const products = () => collection(getDb(), 'products').withConverter(productConverter);

export async function fetchLatestProducts(count: number): Promise<Product[]> {
  const snapshot = await getDocs(query(products(), orderBy('createdAt', 'desc'), limit(count)));
  return snapshot.docs.map((d) => d.data());
}

/**
 * One page of products, newest first, after `cursor` (the last product of the page before; see
 * domain/paging.ts). A short page is the last one; a full page may have more after it.
 */
async function fetchProductPage(
  filters: QueryConstraint[],
  pageSize: number,
  cursor: PageCursor | null,
): Promise<ProductPage> {
  const constraints: QueryConstraint[] = [...filters, orderBy('createdAt', 'desc'), orderBy(documentId(), 'desc')];
  if (cursor) constraints.push(startAfter(new Timestamp(cursor.seconds, cursor.nanoseconds), cursor.id));
  constraints.push(limit(pageSize));
  const snapshot = await getDocs(query(products(), ...constraints));
  const page = newestFirstPage(snapshot.docs, pageSize, (d) => cursorAt(d.get('createdAt'), d.id));
  return { products: page.items.map((d) => d.data()), next: page.next };
}

/** A page of every product, newest first: /allproducts. */
export function fetchAllProductsPage(pageSize: number, cursor: PageCursor | null): Promise<ProductPage> {
  return fetchProductPage([], pageSize, cursor);
}

// Uses the composite index categoryId + createdAt desc in firestore.indexes.json (its implicit
// __name__ desc serves the id tie-break).
export function fetchCategoryProductsPage(
  categoryId: number,
  pageSize: number,
  cursor: PageCursor | null,
): Promise<ProductPage> {
  return fetchProductPage([where('categoryId', '==', categoryId)], pageSize, cursor);
}

/** One product, or null when no document has that id (the page says 'Product not found': docs/departures.md). */
export async function fetchProduct(id: string): Promise<Product | null> {
  const snapshot = await getDoc(doc(products(), id));
  return snapshot.exists() ? snapshot.data() : null;
}

// Uses the composite index productId + outlineOrder in firestore.indexes.json.
export async function fetchOutlines(productId: string): Promise<Outline[]> {
  const outlines = collection(getDb(), 'outlines').withConverter(outlineConverter);
  const snapshot = await getDocs(
    query(outlines, where('productId', '==', productId), orderBy('outlineOrder', 'asc'), limit(outlinesLimit)),
  );
  return snapshot.docs.map((d) => d.data());
}

/** Every product's card fields from the catalog index shards (about ten reads), newest first. */
export async function fetchCatalogIndex(): Promise<CatalogEntry[]> {
  const snapshot = await getDocs(query(collection(getDb(), catalogIndexCollection), limit(catalogIndexLimit)));
  return sortNewestFirst(snapshot.docs.flatMap((d) => entriesOfShard(d.data(), isoDate)));
}
