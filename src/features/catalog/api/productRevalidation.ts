// A product page served by the API carries its product (docs/performance.md), and that page may come
// from the hosting CDN's cache (up to a minute old). Once the page has hydrated, the product is read
// again with one plain REST GET (no Firestore SDK download on this page), and a changed title or price,
// or a deleted product, replaces what the page shows. The price the buyer pays is still set by the
// API's checkout; this keeps what the shopper reads in step with it.
import type { AppDispatch } from '../../../app/store';
import { getConfig } from '../../../lib/config';
import { productDocumentUrl, productFromRestDocument } from '../../../lib/earlyQuery';
import type { Product } from '../../../../domain/product';
import { catalogApi } from './catalogApi';

/** The product as Firestore holds it now: null when it was deleted; throws when it cannot be read. */
export async function fetchCurrentProduct(id: string): Promise<Product | null> {
  const { firebase, emulators } = getConfig();
  const response = await fetch(productDocumentUrl(firebase.projectId, emulators?.firestoreHost ?? null, id));
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`product read answered ${response.status}`);
  const product = productFromRestDocument(await response.json());
  if (!product) throw new Error('product read answered something other than a document');
  return product;
}

/** One field's two readings alike: the same value, or the same plain object (a product's pricing). */
const alike = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** True when what a shopper sees of the product (or whether it exists) differs. */
function changed(shown: Product, current: Product | null): boolean {
  if (!current) return true;
  const keys = new Set([...Object.keys(shown), ...Object.keys(current)] as (keyof Product)[]);
  return [...keys].some((key) => key !== 'createdAt' && !alike(shown[key], current[key]));
}

/**
 * Reads the shown product again and puts the current one (or null: 'Product not found') in the cache
 * when it changed. A failed read changes nothing: the page keeps what it shows.
 */
export async function revalidateProduct(
  dispatch: AppDispatch,
  shown: Product,
  read: (id: string) => Promise<Product | null> = fetchCurrentProduct,
): Promise<void> {
  let current: Product | null;
  try {
    current = await read(shown.id);
  } catch {
    return;
  }
  if (changed(shown, current))
    dispatch(catalogApi.util.upsertQueryEntries([{ endpointName: 'getProduct', arg: shown.id, value: current }]));
}
