// Stand-in for src/features/admin/api/productPricingQueries.ts, the boundary behind which the Pricing
// section's Firestore write lives (docs/testing.md). Typed against the real module, so a changed
// signature breaks the build here. Use it with
//   vi.mock('<path to>/src/features/admin/api/productPricingQueries', () => import('<path to>/productPricingQueries.mock'));
import { vi } from 'vitest';

type Queries = typeof import('../../src/features/admin/api/productPricingQueries');

export const saveProductPricing = vi.fn<Queries['saveProductPricing']>();

export function resetProductPricingQueries() {
  saveProductPricing.mockReset();
  saveProductPricing.mockResolvedValue();
}
