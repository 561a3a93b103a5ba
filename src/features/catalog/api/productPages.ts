// Paging of the product lists: pages of productPageSize (domain/pageContracts.ts), 'Load more'
// asks for the next, newest first (domain/paging.ts).
import type { PageCursor } from '../../../../domain/paging';
import type { Product } from '../../../../domain/product';

export interface ProductPage {
  products: Product[];
  /** null when this page was the last one. */
  next: PageCursor | null;
}
