import { useState, type FormEvent } from 'react';
import { Modal } from '../../../components/Modal';
import { showError, showSuccess } from '../../../lib/alerts';
import type { Product } from '../../../../domain/product';
import { useGetDeliverableUrlQuery, useUpdateProductMutation } from '../api/productsApi';
import { FormField } from '../../../components/FormField';
import { CategoryField, PriceFields, primaryButtonClass, secondaryButtonClass } from './fields';
import { limits, productFormErrors, type ProductFormErrors, type ProductFormValues } from './productValidation';

/** Edit product (docs/admin.md): every field, the deliverable URL included; saved in one batch. */
export function EditProductDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const deliverable = useGetDeliverableUrlQuery(product.id);
  return (
    <Modal title="Edit Product" onClose={onClose}>
      {deliverable.isLoading ? (
        <p role="status" className="mt-4 text-slate-700">
          Loading...
        </p>
      ) : deliverable.isError ? (
        <div role="alert" className="mt-4 space-y-3">
          <p className="text-red-700">The product link could not be loaded.</p>
          <div className="flex gap-3">
            <button type="button" onClick={() => void deliverable.refetch()} className={secondaryButtonClass}>
              Try again
            </button>
            <button type="button" onClick={onClose} className={secondaryButtonClass}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <EditProductForm product={product} url={deliverable.data ?? ''} onClose={onClose} />
      )}
    </Modal>
  );
}

function EditProductForm({ product, url, onClose }: { product: Product; url: string; onClose: () => void }) {
  const [values, setValues] = useState<ProductFormValues>({
    title: product.title,
    author: product.author,
    coverImageUrl: product.coverImageUrl,
    description: product.description,
    url,
    priceInNgn: String(product.priceInNgn),
    priceInUsd: String(product.priceInUsd),
    categoryId: String(product.categoryId),
  });
  const [errors, setErrors] = useState<ProductFormErrors>({});
  const [updateProduct, { isLoading }] = useUpdateProductMutation();
  const set = (field: keyof ProductFormValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const found = productFormErrors(values, true);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const result = await updateProduct({
      id: product.id,
      draft: {
        title: values.title.trim(),
        author: values.author.trim(),
        coverImageUrl: values.coverImageUrl.trim(),
        description: values.description.trim(),
        url: values.url.trim(),
        priceInNgn: Number(values.priceInNgn),
        priceInUsd: Number(values.priceInUsd),
        categoryId: Number(values.categoryId),
      },
    });
    if ('error' in result) {
      const reason =
        typeof result.error === 'object' && result.error !== null && 'message' in result.error
          ? String(result.error.message)
          : undefined;
      await showError('Update Failed!', reason);
      return;
    }
    onClose();
    await showSuccess('Updated!');
  };

  const text = (field: keyof ProductFormValues, label: string, max: number, type = 'text') => (
    <FormField label={label} error={errors[field]}>
      {(control) => (
        <input
          {...control}
          type={type}
          value={values[field]}
          maxLength={max}
          onChange={(event) => set(field)(event.target.value)}
        />
      )}
    </FormField>
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
      {text('title', 'Title', limits.titleMax)}
      {text('author', 'Author', limits.titleMax)}
      {text('coverImageUrl', 'Cover Image URL', 2000, 'url')}
      <FormField label="Description" error={errors.description}>
        {(control) => (
          <textarea
            {...control}
            rows={4}
            value={values.description}
            maxLength={limits.descriptionMax}
            onChange={(event) => set('description')(event.target.value)}
          />
        )}
      </FormField>
      {text('url', 'URL', 2000, 'url')}
      <PriceFields values={values} errors={errors} onChange={set} />
      <CategoryField value={values.categoryId} error={errors.categoryId} onChange={set('categoryId')} />
      <div className="flex justify-end gap-3">
        <button type="button" onClick={onClose} className={secondaryButtonClass}>
          Cancel
        </button>
        <button type="submit" disabled={isLoading} className={primaryButtonClass}>
          Save
        </button>
      </div>
    </form>
  );
}
