import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { showError, showSuccess } from '../../../lib/alerts';
import type { Product } from '../../../../domain/product';
import { paths } from '../../../../domain/routes';
import { useGetDeliverableUrlQuery, useUpdateProductMutation } from '../api/productsApi';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/buttonClasses';
import { useReportUnsaved } from '../../../components/unsavedChanges';
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

/** Where Cancel goes: the list the product was opened from. */
export const manageProductsPath = `${paths.adminDashboard}?panel=manage`;

/**
 * The product page's Details (docs/admin.md): every field, the deliverable URL included; only the
 * changed ones are saved, refused when another admin changed the product since the page opened.
 */
export function ProductDetailsSection({ product }: { product: Product }) {
  const deliverable = useGetDeliverableUrlQuery(product.id);
  if (deliverable.isLoading) {
    return (
      <p role="status" className="text-slate-700">
        Loading...
      </p>
    );
  }
  if (deliverable.isError) {
    return (
      <div role="alert" className="space-y-3">
        <p className="text-red-700">The product link could not be loaded.</p>
        <button type="button" onClick={() => void deliverable.refetch()} className={secondaryButtonClass}>
          Try again
        </button>
      </div>
    );
  }
  return <DetailsForm product={product} url={deliverable.data ?? ''} />;
}

function DetailsForm({ product, url }: { product: Product; url: string }) {
  // What the page opened with, then what the last Save stored: the save is refused if the product is
  // no longer this, so a reload of the product behind the form does not make a stale form look current.
  const [opened, setOpened] = useState(() => storedDraft(product, url));
  const [values, setValues] = useState<ProductFormValues>(() => productFormValues(opened));
  const [errors, setErrors] = useState<ProductFormErrors>({});
  const [updateProduct, { isLoading }] = useUpdateProductMutation();
  const set = (field: ProductFormKey, value: string) => setValues((current) => ({ ...current, [field]: value }));
  useReportUnsaved(Object.keys(changedFields(opened, values)).length > 0);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const found = productFormErrors(values, 'edit');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const changes = changedFields(opened, values);
    const result = await updateProduct({ id: product.id, opened, changes });
    if ('error' in result) {
      const reason =
        typeof result.error === 'object' && result.error !== null && 'message' in result.error
          ? String(result.error.message)
          : undefined;
      await showError('Update Failed!', reason);
      return;
    }
    setOpened((current) => ({ ...current, ...changes }));
    await showSuccess('Updated!');
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <ProductFormFields form="edit" values={values} errors={errors} onChange={set} />
      <div className="flex flex-wrap justify-end gap-3">
        <Link to={manageProductsPath} className={secondaryButtonClass}>
          Cancel
        </Link>
        <button type="submit" disabled={isLoading} className={primaryButtonClass}>
          Save
        </button>
      </div>
    </form>
  );
}
