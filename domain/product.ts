// Plain, serializable shapes of the catalog documents: string ids, ISO dates, and the one
// decoder of each document. Every reader uses it: the SPA's Firestore converters, the early query's
// REST answer, the page's embedded JSON and the API's product page, so a product reads the same
// whichever way it came, and a new field is added here once.
import { isoDate } from './dates';
import { productPricingFromData, type ProductPricing } from './productPricing';

export interface Product {
  id: string;
  title: string;
  description: string;
  priceInNgn: number;
  priceInUsd: number;
  categoryId: number;
  coverImageUrl: string;
  author: string;
  createdAt: string;
  /**
   * How it is charged (productPricing.ts): present only for a membership or instalments; a product
   * without it is sold for a single payment, as every product stored before it existed.
   */
  pricing?: ProductPricing;
}

/**
 * The fields an admin edits (the product form), without the id and createdAt Firestore sets, and
 * without the pricing, which is set apart from them (docs/memberships.md).
 */
export type ProductFields = Omit<Product, 'id' | 'createdAt' | 'pricing'>;

export interface Outline {
  id: string;
  productId: string;
  outline: string;
  outlineOrder: number;
  createdAt: string;
}

/**
 * The outline items a product page shows at most (the SPA's query and the API's product page; the
 * rules' cap on a public list).
 */
export const outlinesLimit = 100;

/** A stored document's fields as an SDK, a REST answer or JSON hands them over. */
export type DocumentData = Readonly<Record<string, unknown>>;

// firestore.rules decide what a stored document holds: text fields are strings, prices numbers,
// the category and the outline order integers, createdAt a timestamp. A value of another type is
// not read as one (a numeric string is not a price): a field that is missing or of another type
// gets the empty value, so a card shows blank text rather than failing the page.
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const number = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The product stored under `id` with these fields. */
export function productFromData(id: string, data: DocumentData): Product {
  const pricing = productPricingFromData(data.pricing);
  return {
    id,
    title: text(data.title),
    description: text(data.description),
    priceInNgn: number(data.priceInNgn),
    priceInUsd: number(data.priceInUsd),
    categoryId: number(data.categoryId),
    coverImageUrl: text(data.coverImageUrl),
    author: text(data.author),
    createdAt: isoDate(data.createdAt),
    ...(pricing.kind === 'once' ? {} : { pricing }),
  };
}

/** The outline item stored under `id` with these fields. */
export function outlineFromData(id: string, data: DocumentData): Outline {
  return {
    id,
    productId: text(data.productId),
    outline: text(data.outline),
    outlineOrder: number(data.outlineOrder),
    createdAt: isoDate(data.createdAt),
  };
}
