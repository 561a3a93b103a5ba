import { useState, type FormEvent } from 'react';
import { Modal } from '../../../components/Modal';
import { showError, showSuccess } from '../../../lib/alerts';
import type { Product } from '../../../../domain/product';
import { useGetDeliverableUrlQuery, useUpdateProductMutation } from '../api/productsApi';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/buttonClasses';
import { ProductFormFields } from './ProductFormFields';
import {
  changedFields,
  productFormErrors,
  productFormValues,
  storedDraft,
  type ProductFormErrors,
  type ProductFormKey,
  type ProductFormValues,
} from './productForm';
import { DeliverableFilesSection } from '../files/DeliverableFilesSection';
import { CourseContentSection } from '../courses/CourseContentSection';

/**
 * Edit product (docs/admin.md): every field, the deliverable URL included; only the changed ones
 * are saved, refused when another admin changed the product since the dialog opened.
 */
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
      <DeliverableFilesSection productId={product.id} />
      <CourseContentSection productId={product.id} categoryId={product.categoryId} />
    </Modal>
  );
}

function EditProductForm({ product, url, onClose }: { product: Product; url: string; onClose: () => void }) {
  // What the dialog opened with: the save is refused if the product is no longer this, so a
  // refreshed list behind the dialog does not make a stale form look current.
  const [opened] = useState(() => storedDraft(product, url));
  const [values, setValues] = useState<ProductFormValues>(() => productFormValues(opened));
  const [errors, setErrors] = useState<ProductFormErrors>({});
  const [updateProduct, { isLoading }] = useUpdateProductMutation();
  const set = (field: ProductFormKey, value: string) => setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const found = productFormErrors(values, 'edit');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const result = await updateProduct({ id: product.id, opened, changes: changedFields(opened, values) });
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

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
      <ProductFormFields form="edit" values={values} errors={errors} onChange={set} />
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
