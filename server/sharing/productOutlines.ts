// A product's outline (its 'What's inside' list) as the product page the API serves carries it
// (productPage.ts), read afresh for every view like the product itself: the seller's outline edit shows
// on the next view (docs/performance.md, 'Reads per view').
import type { Firestore } from 'firebase-admin/firestore';
import { outlineFromData, outlinesLimit, type Outline } from '../../domain/product';
import { outlinesCollection } from '../lib/collections';

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
