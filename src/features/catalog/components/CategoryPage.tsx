import { categoryHead } from '../../../../domain/pageHeads';
import { useParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { usePageMeta } from '../../../components/usePageMeta';
import { findCategory, type Category } from '../../../../domain/categories';
import { selectCurrency } from '../../currency';
import { useGetCategoryProductsInfiniteQuery } from '../api/catalogApi';
import { PagedProductList, pagingOf } from './PagedProductList';

export function CategoryPage() {
  const { id = '' } = useParams();
  const category = findCategory(id);
  if (!category) {
    return (
      <NotFoundPage
        title="Category not found"
        message="We have no category with that address. Browse the store instead."
      />
    );
  }
  // Keyed so moving between categories starts each one fresh.
  return <CategoryView key={category.id} category={category} />;
}

function CategoryView({ category }: { category: Category }) {
  const currency = useAppSelector(selectCurrency);
  const query = useGetCategoryProductsInfiniteQuery(category.id);
  usePageMeta(categoryHead(category.id));
  return (
    <>
      {/* Full-screen from 640 px; on a phone half a screen, so the first products show without a scroll
          (docs/departures.md). The padding keeps the title clear of the fixed logo, switch and menu. */}
      <section className="relative flex min-h-[50svh] items-center justify-center overflow-hidden px-6 pb-12 pt-24 text-center text-white sm:min-h-screen">
        <img
          src={category.image}
          alt=""
          width={1600}
          height={900}
          fetchPriority="high"
          className="absolute inset-0 h-full w-full object-cover"
        />
        <div className="absolute inset-0 bg-slate-900/55" aria-hidden="true" />
        <div className="relative max-w-3xl">
          <h1 className="text-4xl font-bold tracking-wide sm:text-6xl">{category.name.toUpperCase()}</h1>
          <p className="mt-6 text-lg sm:text-xl">{category.description}</p>
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 py-12" aria-label={`${category.name} products`}>
        <PagedProductList
          {...pagingOf(query)}
          currency={currency}
          emptyMessage="No products in this category yet. Please check back soon."
        />
      </section>
    </>
  );
}
