// Test data builders (docs/testing.md): sensible defaults, each test overrides what it is about.
import { productFromData, type Outline, type Product } from '../../domain/product';

let sequence = 0;

export function buildProduct(overrides: Partial<Product> = {}): Product {
  sequence += 1;
  return {
    // A field no test sets yet (a new one) at the value the decoder gives when it is missing.
    ...productFromData(`product-${sequence}`, {}),
    id: `product-${sequence}`,
    title: `Practical Guide ${sequence}`,
    description: `Everything you need to know, part ${sequence}.`,
    priceInNgn: 7500,
    priceInUsd: 9,
    categoryId: 1,
    coverImageUrl: `https://images.test/covers/${sequence}.png`,
    author: 'Content Team',
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, sequence)).toISOString(),
    ...overrides,
  };
}

export function buildOutline(overrides: Partial<Outline> = {}): Outline {
  sequence += 1;
  return {
    id: `outline-${sequence}`,
    productId: 'product-1',
    outline: `Chapter ${sequence}`,
    outlineOrder: sequence,
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, sequence)).toISOString(),
    ...overrides,
  };
}
