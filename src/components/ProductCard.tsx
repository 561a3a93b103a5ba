import { Link } from 'react-router-dom';
import { formatPrice, type Currency } from '../lib/money';
import type { Product } from '../lib/product';
import { paths } from '../lib/routes';
import { cardTitle } from '../lib/text';

export function ProductCard({ product, currency }: { product: Product; currency: Currency }) {
  const title = cardTitle(product.title);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <img
        src={product.coverImageUrl}
        alt={`Cover of ${product.title}`}
        width={400}
        height={300}
        loading="lazy"
        className="aspect-[4/3] w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <p className="text-lg font-bold text-brand-700">
          {formatPrice(currency === 'NGN' ? product.priceInNgn : product.priceInUsd, currency)}
        </p>
        <Link
          to={paths.product(product.id)}
          className="mt-auto inline-block rounded-lg bg-brand-700 px-4 py-2 text-center font-medium text-white hover:bg-brand-800"
          aria-label={`View ${product.title}`}
        >
          View
        </Link>
      </div>
    </article>
  );
}
