// Paging of the product lists (docs/catalog-and-search.md): pages of 24, 'Load more' asks for the next.
import type { Product } from '../../../../domain/product';

export const productPageSize = 24;

/** Where the next page starts: the last product's exact createdAt and its id. Serializable. */
export interface ProductPageCursor {
  seconds: number;
  nanoseconds: number;
  id: string;
}

export interface ProductPage {
  products: Product[];
  /** null when this page was the last one. */
  next: ProductPageCursor | null;
}
