// The products an audience can name (docs/emails.md, 'The dashboard's E-mails view'): each category's
// newest, read as Manage Products reads them (with their pricing), and every other product of the
// catalog index by its title, so a store with more than a category's first page still finds them all.
import { useMemo } from 'react';
import type { Product } from '../../../../domain/product';
import { useCatalogIndex } from '../../catalog';
import { useCategoryProducts } from '../discounts/useCategoryProducts';

/** A product as the audience's choice shows it; `pricing` only for those read in full. */
export type AudienceProduct = Pick<Product, 'id' | 'title'> & Partial<Pick<Product, 'pricing'>>;

export function useAudienceProducts(): AudienceProduct[] {
  const { lists } = useCategoryProducts();
  const index = useCatalogIndex();
  const [ebooks, courses, tools] = lists.map((list) => list.data);
  return useMemo(() => {
    const loaded: AudienceProduct[] = [ebooks, courses, tools].flatMap((list) => list ?? []);
    const known = new Set(loaded.map((product) => product.id));
    const others = (index.data ?? [])
      .filter((entry) => !known.has(entry.id))
      .map((entry) => ({ id: entry.id, title: entry.title }))
      .sort((a, b) => a.title.localeCompare(b.title));
    return [...loaded, ...others];
  }, [ebooks, courses, tools, index.data]);
}
