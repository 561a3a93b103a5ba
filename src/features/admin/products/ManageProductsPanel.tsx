import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../../domain/routes';
import { categories, findCategory } from '../../../../domain/categories';
import type { Product } from '../../../../domain/product';
import { AdminProductCard } from './AdminProductCard';
import { AdminProductList, type ProductScope } from './AdminProductList';
import { ChangeImageDialog } from './ChangeImageDialog';
import { FormField } from '../../../components/FormField';
import { primaryButtonClass } from '../../../components/buttonClasses';
import { OutlinesDialog } from './OutlinesDialog';
import { PostOutlineDialog } from './PostOutlineDialog';
import { categoryError } from './productValidation';

type OpenDialog =
  | { kind: 'image'; product: Product }
  | { kind: 'postOutline'; product: Product }
  | { kind: 'outlines'; product: Product }
  | null;

const allCategories = 'all';

/**
 * Manage Products (docs/admin.md): every product at first ('All categories'), or a category picked and
 * fetched with Get Products; a title search across the chosen scope; actions on each card (Edit opens
 * the product's page).
 */
export function ManageProductsPanel() {
  const [choice, setChoice] = useState(allCategories);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const [scope, setScope] = useState<ProductScope>('all');
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const navigate = useNavigate();

  const onGetProducts = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const error = choice === allCategories ? null : categoryError(choice);
    setChoiceError(error);
    if (error) return;
    setScope(choice === allCategories ? 'all' : Number(choice));
    setSearch('');
  };

  const scopeName = scope === 'all' ? 'All categories' : (findCategory(scope)?.name ?? 'Products');

  return (
    <section aria-labelledby="manage-products-heading" className="w-full">
      <h2 id="manage-products-heading" className="mb-6 text-2xl font-bold text-slate-900">
        Manage Products
      </h2>
      <form
        noValidate
        onSubmit={onGetProducts}
        className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-end"
      >
        <div className="flex-1">
          <FormField label="Category" error={choiceError}>
            {(control) => (
              <select {...control} value={choice} onChange={(event) => setChoice(event.target.value)}>
                <option value={allCategories}>All categories</option>
                {categories.map((option) => (
                  <option key={option.id} value={String(option.id)}>
                    {option.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <button type="submit" className={`${primaryButtonClass} sm:mb-0`}>
          Get Products
        </button>
      </form>

      <div className="mt-8">
        <h3 className="text-xl font-bold text-slate-900">{scopeName}</h3>
        <div className="mt-4 max-w-md">
          <FormField label="Search by title">
            {(control) => (
              <input {...control} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
            )}
          </FormField>
        </div>
        <div className="mt-6">
          <AdminProductList
            scope={scope}
            term={search}
            label={`${scopeName} products`}
            emptyText={scope === 'all' ? 'No products yet.' : 'No product found for this category'}
            renderCard={(product) => (
              <AdminProductCard
                product={product}
                onEdit={() => void navigate(paths.adminProduct(product.id))}
                onChangeImage={() => setDialog({ kind: 'image', product })}
                onPostOutline={() => setDialog({ kind: 'postOutline', product })}
                onViewOutlines={() => setDialog({ kind: 'outlines', product })}
              />
            )}
          />
        </div>
      </div>

      {dialog?.kind === 'image' ? <ChangeImageDialog product={dialog.product} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'postOutline' ? (
        <PostOutlineDialog product={dialog.product} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'outlines' ? <OutlinesDialog product={dialog.product} onClose={() => setDialog(null)} /> : null}
    </section>
  );
}
