import { pageHeads } from '../../../../domain/pageHeads';
import { useAppSelector } from '../../../app/hooks';
import { usePageMeta } from '../../../components/usePageMeta';
import { selectCurrency } from '../../currency';
import { useGetAllProductsInfiniteQuery } from '../api/catalogApi';
import { PagedProductList, pagingOf } from './PagedProductList';

export function AllProductsPage() {
  const currency = useAppSelector(selectCurrency);
  const query = useGetAllProductsInfiniteQuery();
  usePageMeta(pageHeads.allProducts);
  return (
    <section className="mx-auto max-w-6xl px-4 pb-12 pt-24" aria-labelledby="all-heading">
      <h1 id="all-heading" className="mb-8 text-3xl font-bold text-slate-900">
        All Digital Products
      </h1>
      <PagedProductList
        {...pagingOf(query)}
        currency={currency}
        emptyMessage="No products yet. Please check back soon."
      />
    </section>
  );
}
