import { pageHeads } from '../../../../domain/pageHeads';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { ProductList } from '../../../components/ProductList';
import { usePageMeta } from '../../../components/usePageMeta';
import { getConfig } from '../../../lib/config';
import { latestProductsCount } from '../../../../domain/pageContracts';
import { paths } from '../../../../domain/routes';
import { selectCurrency } from '../../currency';
import { useCardRatings } from '../../reviews';
import { useGetLatestProductsQuery } from '../api/catalogApi';

/**
 * The storefront home (docs/storefront.md). The search box belongs to the search feature; the app
 * layer passes it in.
 */
export function HomePage({ searchBox }: { searchBox?: ReactNode }) {
  const { storeName } = getConfig().store;
  const currency = useAppSelector(selectCurrency);
  const { data: products, isLoading, isError, refetch } = useGetLatestProductsQuery();
  const ratings = useCardRatings(products?.map((product) => product.id));
  usePageMeta(pageHeads.home);
  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 to-brand-700 px-6 pb-16 pt-24 text-white">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 text-center">
          <h1 className="text-3xl font-bold sm:text-5xl">{storeName}</h1>
          <p className="max-w-2xl text-lg text-brand-50">
            Ebooks, courses and tools to learn, build and grow — pay in naira or US dollars and get access in your inbox
            the moment you pay.
          </p>
          {searchBox}
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="latest-heading">
        <h2 id="latest-heading" className="mb-6 text-2xl font-bold text-slate-900">
          Latest Digital Products
        </h2>
        <ProductList
          products={products}
          loading={isLoading}
          failed={isError}
          currency={currency}
          ratings={ratings}
          emptyMessage="No products yet. Please check back soon."
          onRetry={() => void refetch()}
          // One placeholder per product the early query asks for, so it can show every cover.
          placeholderCount={latestProductsCount}
        />
        <div className="mt-10 text-center">
          <Link
            to={paths.allProducts}
            className="inline-block rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            View All Digital Products
          </Link>
        </div>
      </section>
    </>
  );
}
