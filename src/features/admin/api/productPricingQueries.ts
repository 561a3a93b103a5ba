// How a product is charged (docs/memberships.md): the product page's Pricing section writes the
// product's `pricing` (only lib/ and features/*/api/ touch the SDK: docs/architecture.md). A single
// payment stores no `pricing` at all, as firestore.rules asks. Tests mock this module at its boundary
// (tests/support/productPricingQueries.mock.ts).
import { deleteField, doc, updateDoc } from 'firebase/firestore/lite';
import type { ProductPricing } from '../../../../domain/productPricing';
import { getDb } from '../../../lib/firebase';

/** Stores the product's pricing; the prices themselves stay where Details keeps them. */
export async function saveProductPricing(productId: string, pricing: ProductPricing): Promise<void> {
  await updateDoc(doc(getDb(), 'products', productId), {
    pricing: pricing.kind === 'once' ? deleteField() : pricing,
  });
}
