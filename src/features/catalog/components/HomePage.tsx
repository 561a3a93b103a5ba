import { useAppSelector } from '../../../app/hooks';
import { ProductGrid } from '../../../components/ProductGrid';
import { getConfig } from '../../../lib/config';
import { selectCurrency } from '../../currency/currencySlice';
import { useGetLatestProductsQuery } from '../api/catalogApi';

export function HomePage() {
  const { storeName } = getConfig().store;
  const currency = useAppSelector(selectCurrency);
  const { data: products, isLoading, isError } = useGetLatestProductsQuery();
  return (
    <>
      <section className="bg-gradient-to-br from-brand-800 to-brand-600 px-6 pb-16 pt-24 text-white">
        <div className="mx-auto max-w-4xl text-center">
          <h1 className="text-3xl font-bold sm:text-5xl">{storeName}</h1>
          <p className="mt-4 text-lg text-brand-50">
            Ebooks, courses and tools to learn, build and grow — delivered to your inbox the moment you pay.
          </p>
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="latest-heading">
        <h2 id="latest-heading" className="mb-6 text-2xl font-bold text-slate-900">
          Latest Digital Products
        </h2>
        {isLoading && <p role="status">Please wait...</p>}
        {isError && <p role="alert">Something went wrong while fetching products.</p>}
        {products && <ProductGrid products={products} currency={currency} />}
      </section>
    </>
  );
}
