// The catalog index (domain/catalogIndex.ts) written with firebase-admin: by the seed, the large
// catalog generator and `npm run catalog:reindex`. The SPA's admin screens keep it in step one
// product at a time; these write many entries at once.
import { FieldValue, type Firestore, type QueryDocumentSnapshot, type Timestamp } from 'firebase-admin/firestore';
import {
  catalogIndexCollection,
  catalogIndexFields,
  catalogPricingField,
  catalogShardId,
  catalogShardIds,
  type CatalogIndexFields,
} from '../../domain/catalogIndex';
import { productPricingFromData, type ProductPricing } from '../../domain/productPricing';

export type IndexedProduct = CatalogIndexFields & {
  id: string;
  createdAt: Timestamp | FieldValue;
  pricing?: ProductPricing;
};

type ShardEntries = Record<
  string,
  CatalogIndexFields & { createdAt: Timestamp | FieldValue; pricing?: ProductPricing }
>;

/** The entries of each shard for these products, by shard id. */
export function shardEntries(products: readonly IndexedProduct[]): Map<string, ShardEntries> {
  const shards = new Map<string, ShardEntries>();
  for (const product of products) {
    const shard = catalogShardId(product.id);
    const entries = shards.get(shard) ?? {};
    entries[product.id] = {
      ...catalogIndexFields(product),
      ...catalogPricingField(product.pricing),
      createdAt: product.createdAt,
    };
    shards.set(shard, entries);
  }
  return shards;
}

/** Adds these products' entries to the index, leaving every other entry as it is. */
export async function addToCatalogIndex(db: Firestore, products: readonly IndexedProduct[]): Promise<void> {
  const batch = db.batch();
  for (const [shard, entries] of shardEntries(products)) {
    batch.set(db.collection(catalogIndexCollection).doc(shard), { entries }, { merge: true });
  }
  await batch.commit();
}

/**
 * Rebuilds the whole index from the products collection: every shard is replaced, so entries of
 * deleted products and fields changed behind the SPA's back are put right. Returns the entry count.
 */
export async function rebuildCatalogIndex(db: Firestore): Promise<number> {
  const products: IndexedProduct[] = [];
  // Pages of 1,000 with a cursor: firebase-admin is not bound by the rules' list cap, but one
  // unbounded read of a large catalog would hold it all in one answer.
  const pageSize = 1000;
  let last: QueryDocumentSnapshot | undefined;
  for (;;) {
    let page = db.collection('products').orderBy('createdAt', 'desc').limit(pageSize);
    if (last) page = page.startAfter(last);
    const snapshot = await page.get();
    for (const doc of snapshot.docs) {
      products.push({
        id: doc.id,
        title: String(doc.get('title') ?? ''),
        priceInNgn: Number(doc.get('priceInNgn') ?? 0),
        priceInUsd: Number(doc.get('priceInUsd') ?? 0),
        coverImageUrl: String(doc.get('coverImageUrl') ?? ''),
        categoryId: Number(doc.get('categoryId') ?? 0),
        createdAt: doc.get('createdAt') as Timestamp,
        ...catalogPricingField(productPricingFromData(doc.get('pricing'))),
      });
    }
    last = snapshot.docs.at(-1);
    if (snapshot.size < pageSize) break;
  }
  const shards = shardEntries(products);
  const batch = db.batch();
  const existing = await db.collection(catalogIndexCollection).listDocuments();
  // Shards outside today's layout (an old shard count) are removed; today's are all written.
  for (const ref of existing) if (!catalogShardIds().includes(ref.id)) batch.delete(ref);
  for (const shard of catalogShardIds()) {
    batch.set(db.collection(catalogIndexCollection).doc(shard), { entries: shards.get(shard) ?? {} });
  }
  await batch.commit();
  return products.length;
}
