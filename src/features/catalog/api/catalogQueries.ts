// Firestore reads of the catalog. Imported lazily by catalogApi.ts (keeps the SDK off the critical path).
import { collection, getDocs, limit, orderBy, query } from 'firebase/firestore/lite';
import { getDb } from '../../../lib/firebase';
import { productConverter } from '../../../lib/firestoreConverters';
import type { Product } from '../../../lib/product';

export async function fetchLatestProducts(count: number): Promise<Product[]> {
  const products = collection(getDb(), 'products').withConverter(productConverter);
  const snapshot = await getDocs(query(products, orderBy('createdAt', 'desc'), limit(count)));
  return snapshot.docs.map((d) => d.data());
}
