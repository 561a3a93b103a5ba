// Plain, serializable shapes of the catalog documents (docs/architecture.md): string ids, ISO dates.
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
}

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
