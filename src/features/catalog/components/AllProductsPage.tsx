import { useAppSelector } from '../../../app/hooks';
import { ProductList } from '../../../components/ProductList';
import { usePageMeta } from '../../../components/usePageMeta';
import { selectCurrency } from '../../currency';
import { useGetAllProductsQuery } from '../api/catalogApi';

export function AllProductsPage() {
  const currency = useAppSelector(selectCurrency);
  const { data: products, isLoading, isError, refetch } = useGetAllProductsQuery();
  usePageMeta(
    'All Digital Products',
    'Every ebook, course and tool in the store, with prices in naira and US dollars.',
  );
  return (
    <section className="mx-auto max-w-6xl px-4 pb-12 pt-24" aria-labelledby="all-heading">
      <h1 id="all-heading" className="mb-8 text-3xl font-bold text-slate-900">
        All Digital Products
      </h1>
      <ProductList
        headingLevel={2}
        products={products}
        loading={isLoading}
        failed={isError}
        currency={currency}
        emptyMessage="No products yet. Please check back soon."
        onRetry={() => void refetch()}
      />
    </section>
  );
}
