import { useState, type FormEvent } from 'react';
import { categories, findCategory } from '../../../../domain/categories';
import type { Product } from '../../../../domain/product';
import { useGetAdminCategoryProductsQuery } from '../api/productsApi';
import { AdminProductCard } from './AdminProductCard';
import { ChangeImageDialog } from './ChangeImageDialog';
import { EditProductDialog } from './EditProductDialog';
import { FormField } from '../../../components/FormField';
import { primaryButtonClass, secondaryButtonClass } from './fields';
import { OutlinesDialog } from './OutlinesDialog';
import { PostOutlineDialog } from './PostOutlineDialog';
import { categoryError } from './productValidation';

type OpenDialog =
  | { kind: 'edit'; product: Product }
  | { kind: 'image'; product: Product }
  | { kind: 'postOutline'; product: Product }
  | { kind: 'outlines'; product: Product }
  | null;

/** Manage Products (docs/admin.md): pick a category, fetch its products, search them, act on each. */
export function ManageProductsPanel() {
  const [choice, setChoice] = useState('');
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const listQuery = useGetAdminCategoryProductsQuery(categoryId ?? 0, { skip: categoryId === null });

  const onGetProducts = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const error = categoryError(choice);
    setChoiceError(error);
    if (error) return;
    setCategoryId(Number(choice));
    setSearch('');
  };

  const category = categoryId === null ? undefined : findCategory(categoryId);
  const term = search.trim().toLowerCase();
  const products = (listQuery.data ?? []).filter((product) => !term || product.title.toLowerCase().includes(term));

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
                <option value="">Select a category</option>
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

      {category ? (
        <div className="mt-8">
          <h3 className="text-xl font-bold text-slate-900">{category.name}</h3>
          <div className="mt-4 max-w-md">
            <FormField label="Search by title">
              {(control) => (
                <input {...control} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
              )}
            </FormField>
          </div>
          <div className="mt-6">
            {listQuery.isFetching && !listQuery.data ? (
              <p role="status" className="text-slate-700">
                Loading...
              </p>
            ) : listQuery.isError ? (
              <div role="alert" className="space-y-3">
                <p className="text-red-700">Something went wrong while fetching products.</p>
                <button type="button" onClick={() => void listQuery.refetch()} className={secondaryButtonClass}>
                  Try again
                </button>
              </div>
            ) : products.length === 0 ? (
              <p className="text-slate-700">No product found for this category</p>
            ) : (
              <ul
                className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3"
                aria-label={`${category.name} products`}
              >
                {products.map((product) => (
                  <li key={product.id}>
                    <AdminProductCard
                      product={product}
                      onEdit={() => setDialog({ kind: 'edit', product })}
                      onChangeImage={() => setDialog({ kind: 'image', product })}
                      onPostOutline={() => setDialog({ kind: 'postOutline', product })}
                      onViewOutlines={() => setDialog({ kind: 'outlines', product })}
                    />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      ) : null}

      {dialog?.kind === 'edit' ? <EditProductDialog product={dialog.product} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'image' ? <ChangeImageDialog product={dialog.product} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'postOutline' ? (
        <PostOutlineDialog product={dialog.product} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'outlines' ? <OutlinesDialog product={dialog.product} onClose={() => setDialog(null)} /> : null}
    </section>
  );
}
