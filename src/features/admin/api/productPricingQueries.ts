// How a product is charged (docs/memberships.md): the product page's Pricing section writes the
// product's `pricing` (only lib/ and features/*/api/ touch the SDK: docs/architecture.md). A single
// payment stores no `pricing` at all, as firestore.rules asks. Tests mock this module at its boundary
// (tests/support/productPricingQueries.mock.ts).
import { deleteField, doc, writeBatch } from 'firebase/firestore/lite';
import { catalogIndexCollection, catalogShardId } from '../../../../domain/catalogIndex';
import type { ProductPricing } from '../../../../domain/productPricing';
import { getDb } from '../../../lib/firebase';

/**
 * Stores the product's pricing, and its catalog index entry's (docs/catalog-and-search.md) in the same
 * batch, so search results say it too; the prices themselves stay where Details keeps them.
 */
export async function saveProductPricing(productId: string, pricing: ProductPricing): Promise<void> {
  const db = getDb();
  const stored = pricing.kind === 'once' ? deleteField() : pricing;
  const batch = writeBatch(db);
  batch.update(doc(db, 'products', productId), { pricing: stored });
  // A merge into the product's own entry only (the index's rules allow one entry per write).
  batch.set(
    doc(db, catalogIndexCollection, catalogShardId(productId)),
    { entries: { [productId]: { pricing: stored } } },
    { merge: true },
  );
  await batch.commit();
}
