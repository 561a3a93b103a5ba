import { useId, useState } from 'react';
import { CoverImage } from '../../../components/CoverImage';
import { formatPrice } from '../../../../domain/money';
import type { Product } from '../../../../domain/product';
import { paths } from '../../../../domain/routes';
import { truncate } from '../../../../domain/text';
import { dangerButtonClass, secondaryButtonClass } from '../../../components/buttonClasses';
import { useDeleteProduct } from './useDeleteProduct';

// The manage card previews the first 50 characters of the description (docs/admin.md).
const descriptionPreviewLength = 50;

export function AdminProductCard({
  product,
  onEdit,
  onChangeImage,
  onPostOutline,
  onViewOutlines,
}: {
  product: Product;
  onEdit: () => void;
  onChangeImage: () => void;
  onPostOutline: () => void;
  onViewOutlines: () => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const titleId = useId();
  const actionsId = useId();
  const { deleteWithImage, deleting } = useDeleteProduct();
  const actionClass = `${secondaryButtonClass} w-full text-center`;

  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <CoverImage
        src={product.coverImageUrl}
        alt={`Cover of ${product.title}`}
        width={400}
        height={300}
        widths={[400, 640]}
        sizes="(min-width: 1024px) 320px, (min-width: 640px) 50vw, 100vw"
        className="aspect-[4/3] w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h4 id={titleId} className="break-words font-semibold text-slate-900">
          {product.title.toUpperCase()}
        </h4>
        <p className="break-words text-sm text-slate-700">{truncate(product.description, descriptionPreviewLength)}</p>
        <dl className="flex flex-wrap gap-x-4 text-sm">
          <div className="flex gap-1">
            <dt className="text-slate-600">NGN</dt>
            <dd className="font-semibold text-brand-700">{formatPrice(product.priceInNgn, 'NGN')}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-slate-600">USD</dt>
            <dd className="font-semibold text-brand-700">{formatPrice(product.priceInUsd, 'USD')}</dd>
          </div>
        </dl>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={actionsId}
          onClick={() => setExpanded((open) => !open)}
          className={`${secondaryButtonClass} mt-auto`}
        >
          {expanded ? 'Collapse' : 'Expand'}
        </button>
        <div id={actionsId} hidden={!expanded} className="grid grid-cols-2 gap-2">
          {expanded ? (
            <>
              <button type="button" onClick={onEdit} className={actionClass}>
                Edit
              </button>
              <button
                type="button"
                disabled={deleting}
                onClick={() => void deleteWithImage(product)}
                className={`${dangerButtonClass} w-full`}
              >
                Delete
              </button>
              <a
                href={paths.product(product.id)}
                target="_blank"
                rel="noopener noreferrer"
                className={`${actionClass} col-span-2`}
              >
                View in new tab
              </a>
              <button type="button" onClick={onChangeImage} className={`${actionClass} col-span-2`}>
                Change Product Image
              </button>
              <button type="button" onClick={onPostOutline} className={actionClass}>
                Post Outline
              </button>
              <button type="button" onClick={onViewOutlines} className={actionClass}>
                View / Edit Outline
              </button>
            </>
          ) : null}
        </div>
      </div>
    </article>
  );
}
