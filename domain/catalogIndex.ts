// The compact catalog index (docs/catalog-and-search.md): every product's card fields in a few shard
// documents, so a search reads about ten documents instead of the whole products collection. Shared by the
// SPA (its reads and the admin writes), the seed and `npm run catalog:reindex`, so they agree on the
// layout:
//   catalogIndex/shard-{n}  { entries: { [productId]: CatalogIndexFields & { createdAt } } }
// A map keyed by product id lets each product write touch only its own entry (a merge of
// `entries.{id}`), so two admins saving different products never overwrite each other.
import type { Product } from './product';
import { productPricingFromData, type ProductPricing } from './productPricing';

export const catalogIndexCollection = 'catalogIndex';

// Ten shards keep each document near 500 entries at 5,000 products (about 150 KB, far below
// Firestore's 1 MiB document limit) and a search at ten reads. Changing the count moves entries
// between shards: run `npm run catalog:reindex` after changing it.
export const catalogIndexShardCount = 10;

/** The card fields a search result shows; createdAt is set apart because writers stamp it. */
export interface CatalogIndexFields {
  title: string;
  priceInNgn: number;
  priceInUsd: number;
  coverImageUrl: string;
  categoryId: number;
}

/**
 * One product as the index holds it, in plain data (ISO createdAt, like Product); `pricing` only for a
 * membership or instalments (docs/memberships.md), so a search result shows '₦5,000 / month'.
 */
export type CatalogEntry = CatalogIndexFields & { id: string; createdAt: string; pricing?: ProductPricing };

/** An entry's `pricing` as stored: the product's own, absent for a single payment. */
export function catalogPricingField(pricing: ProductPricing | undefined): { pricing?: ProductPricing } {
  return pricing && pricing.kind !== 'once' ? { pricing } : {};
}

/** A product as a search result or a card shows it: the index's fields. */
export type ProductSummary = Pick<
  Product,
  'id' | 'title' | 'priceInNgn' | 'priceInUsd' | 'coverImageUrl' | 'categoryId' | 'createdAt' | 'pricing'
>;

// FNV-1a over the id's UTF-16 code units: stable across browsers and Node, cheap, well spread.
function hashId(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The shard document id that holds a product's entry: the same id always lands in the same shard. */
export function catalogShardId(productId: string, shardCount = catalogIndexShardCount): string {
  return `shard-${hashId(productId) % shardCount}`;
}

/** Every shard id, shard-0 to shard-{count-1}. */
export function catalogShardIds(shardCount = catalogIndexShardCount): string[] {
  return Array.from({ length: shardCount }, (_, n) => `shard-${n}`);
}

/** The index fields of a product (or of a product's editable fields): exactly these, nothing else. */
export function catalogIndexFields(product: CatalogIndexFields): CatalogIndexFields {
  return {
    title: product.title,
    priceInNgn: product.priceInNgn,
    priceInUsd: product.priceInUsd,
    coverImageUrl: product.coverImageUrl,
    categoryId: product.categoryId,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/**
 * The entries of one shard document's data. `isoDate` turns the SDK's timestamp into an ISO string
 * (each SDK has its own Timestamp class). Malformed entries are skipped, not shown half-filled.
 */
export function entriesOfShard(data: unknown, isoDate: (value: unknown) => string): CatalogEntry[] {
  if (!isRecord(data) || !isRecord(data.entries)) return [];
  return Object.entries(data.entries).flatMap(([id, raw]) => {
    if (!isRecord(raw) || typeof raw.title !== 'string') return [];
    const pricing = productPricingFromData(raw.pricing);
    return [
      {
        ...catalogPricingField(pricing),
        id,
        title: raw.title,
        priceInNgn: num(raw.priceInNgn),
        priceInUsd: num(raw.priceInUsd),
        coverImageUrl: typeof raw.coverImageUrl === 'string' ? raw.coverImageUrl : '',
        categoryId: num(raw.categoryId),
        createdAt: isoDate(raw.createdAt),
      },
    ];
  });
}

/** Newest first, as /allproducts lists them (ties by id, so the order is stable). */
export function sortNewestFirst<T extends { id: string; createdAt: string }>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) =>
    a.createdAt === b.createdAt ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.createdAt < b.createdAt ? 1 : -1,
  );
}
