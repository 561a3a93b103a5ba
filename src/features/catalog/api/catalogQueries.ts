// Firestore reads of the catalog. Imported lazily by catalogApi.ts (keeps the SDK off the critical path).
import { collection, doc, getDoc, getDocs, limit, orderBy, query, where } from 'firebase/firestore/lite';
import { getDb } from '../../../lib/firebase';
import { outlineConverter, productConverter } from '../../../lib/firestoreConverters';
import type { Outline, Product } from '../../../lib/product';

const products = () => collection(getDb(), 'products').withConverter(productConverter);

export async function fetchLatestProducts(count: number): Promise<Product[]> {
  const snapshot = await getDocs(query(products(), orderBy('createdAt', 'desc'), limit(count)));
  return snapshot.docs.map((d) => d.data());
}

/** Every product, newest first: /allproducts and the in-browser search (SPEC §5). */
export async function fetchAllProducts(): Promise<Product[]> {
  const snapshot = await getDocs(query(products(), orderBy('createdAt', 'desc')));
  return snapshot.docs.map((d) => d.data());
}

/** One product, or null when no document has that id (DESIGN §9: 'Product not found'). */
export async function fetchProduct(id: string): Promise<Product | null> {
  const snapshot = await getDoc(doc(products(), id));
  return snapshot.exists() ? snapshot.data() : null;
}

// Uses the composite index productId + outlineOrder in firestore.indexes.json.
export async function fetchOutlines(productId: string): Promise<Outline[]> {
  const outlines = collection(getDb(), 'outlines').withConverter(outlineConverter);
  const snapshot = await getDocs(query(outlines, where('productId', '==', productId), orderBy('outlineOrder', 'asc')));
  return snapshot.docs.map((d) => d.data());
}

// Uses the composite index categoryId + createdAt desc in firestore.indexes.json.
export async function fetchCategoryProducts(categoryId: number): Promise<Product[]> {
  const snapshot = await getDocs(
    query(products(), where('categoryId', '==', categoryId), orderBy('createdAt', 'desc')),
  );
  return snapshot.docs.map((d) => d.data());
}
