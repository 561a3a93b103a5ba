// A product's outline (its 'What's inside' list) as the product page the API serves carries it
// (productPage.ts), kept a minute per product and instance: a warm instance reads only the product
// itself for a view (docs/performance.md, 'Reads per view'). The product is always read afresh, so a
// changed price or a deleted product shows at once; an outline edit shows within the minute.
import type { Firestore } from 'firebase-admin/firestore';
import { outlineFromData, outlinesLimit, type Outline } from '../../domain/product';
import { outlinesCollection } from '../lib/collections';
import { keptAnswers } from '../lib/keptAnswers';

/** How long an instance keeps a product's outline. */
export const outlineCacheMs = 60_000;

/** A product's outline in its order (empty for none); read afresh or kept a minute. */
export type OutlineSource = (productId: string) => Promise<Outline[]>;

/** The outline as the SPA queries it (same filter, order, limit and index). */
export function readOutlines(db: Firestore, productId: string): Promise<Outline[]> {
  return db
    .collection(outlinesCollection)
    .where('productId', '==', productId)
    .orderBy('outlineOrder', 'asc')
    .limit(outlinesLimit)
    .get()
    .then((answer) => answer.docs.map((d) => outlineFromData(d.id, d.data())));
}

/** Every product page view asks: one query a minute per product and instance, not one a view. */
export function keptOutlines(db: Firestore, now: () => number = Date.now): OutlineSource {
  const kept = keptAnswers<string, Outline[]>(outlineCacheMs, 500, now);
  return (productId) => kept.get(productId, () => readOutlines(db, productId));
}
