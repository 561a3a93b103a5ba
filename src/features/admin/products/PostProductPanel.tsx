import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { oncePricing } from '../../../../domain/productPricing';
import { paths } from '../../../../domain/routes';
import { showError, showSuccess } from '../../../lib/alerts';
import { publicIdFromUrl } from '../../../lib/imageHost';
import { deleteProductImage } from '../api/productImages';
import { usePostProductMutation } from '../api/productsApi';
import { CoverPicker } from './CoverPicker';
import { UploadProgress } from '../../../components/UploadProgress';
import { primaryButtonClass } from '../../../components/buttonClasses';
import { choiceOf, PricingFields, pricingOf, type PricingChoice } from './PricingFields';
import { ProductFormFields } from './ProductFormFields';
import {
  emptyProductForm,
  productDraft,
  productFormErrors,
  type ProductFormErrors,
  type ProductFormKey,
  type ProductFormValues,
} from './productForm';
import { coverImageError } from './productValidation';
import { useCoverUpload } from './useCoverUpload';
import { DeliverableFilesSection } from '../files/DeliverableFilesSection';

type Errors = ProductFormErrors & { cover?: string };

/** The two prices for the pricing's preview, once both are valid; null until then. */
function previewPrices(values: ProductFormValues): { priceInNgn: number; priceInUsd: number } | null {
  const found = productFormErrors(values, 'post');
  if (found.priceInNgn || found.priceInUsd) return null;
  return { priceInNgn: Number(values.priceInNgn), priceInUsd: Number(values.priceInUsd) };
}

/** Post A Product (docs/admin.md): the cover goes to the image host, then product and deliverable in one batch. */
export function PostProductPanel() {
  const [values, setValues] = useState<ProductFormValues>(emptyProductForm);
  const [cover, setCover] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [resetKey, setResetKey] = useState(0);
  // The product just posted: its files are added here, since an upload needs the product to exist.
  const [posted, setPosted] = useState<{ id: string; title: string; hasLink: boolean; files: File[] } | null>(null);
  // The files buyers download, chosen with the rest of the form and uploaded once the product exists.
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  // A second click lands before React re-renders the disabled button; the ref stops it at once.
  const submitting = useRef(false);
  const { progress, upload } = useCoverUpload();
  const [postProduct] = usePostProductMutation();
  const [pricing, setPricing] = useState<PricingChoice>(() => choiceOf(oncePricing));

  const set = (field: ProductFormKey, value: string) => setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current) return;
    const found: Errors = productFormErrors(values, 'post');
    const coverProblem = coverImageError(cover);
    if (coverProblem) found.cover = coverProblem;
    setErrors(found);
    if (Object.keys(found).length > 0 || !cover) return;

    submitting.current = true;
    setBusy(true);
    try {
      let coverImageUrl: string;
      try {
        coverImageUrl = await upload(cover);
      } catch {
        await showError('Upload Failed', 'Try again.');
        return;
      }
      const result = await postProduct({ ...productDraft({ ...values, coverImageUrl }), pricing: pricingOf(pricing) });
      if ('error' in result) {
        // The product was not saved: its freshly uploaded cover would only be an orphan.
        const publicId = publicIdFromUrl(coverImageUrl);
        if (publicId) await deleteProductImage(publicId).catch(() => undefined);
        await showError('Upload Failed', 'Try again.');
        return;
      }
      setPosted({ id: result.data, title: values.title.trim(), hasLink: values.url.trim() !== '', files });
      setValues(emptyProductForm());
      setCover(null);
      setFiles([]);
      setPricing(choiceOf(oncePricing));
      setResetKey((key) => key + 1);
      await showSuccess('Product Posted!');
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="post-product-heading" className="mx-auto w-full max-w-2xl">
      <h2 id="post-product-heading" className="mb-6 text-2xl font-bold text-slate-900">
        Post A Product
      </h2>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <ProductFormFields
          form="post"
          values={values}
          errors={errors}
          onChange={set}
          coverPicker={
            <CoverPicker
              label="Cover Image"
              file={cover}
              onFileChange={(file) => {
                setCover(file);
                setErrors((current) => ({
                  ...current,
                  cover: file ? (coverImageError(file) ?? undefined) : current.cover,
                }));
              }}
              error={errors.cover}
              disabled={busy}
              resetKey={resetKey}
            />
          }
        />
        <PricingFields choice={pricing} onChange={setPricing} prices={previewPrices(values)} />
        <QueuedFilesPicker key={resetKey} files={files} onChange={setFiles} disabled={busy} />
        {progress !== null ? <UploadProgress percent={progress} /> : null}
        <button type="submit" disabled={busy} className={`${primaryButtonClass} w-full`}>
          {busy ? 'Posting...' : 'Post Course'}
        </button>
      </form>
      {posted ? (
        <div className="mt-8">
          <p className="font-medium text-slate-900">
            {posted.files.length > 0
              ? `The files buyers download for “${posted.title}”, uploading now:`
              : posted.hasLink
                ? `Add the files buyers download for “${posted.title}”.`
                : `Add the files buyers download for “${posted.title}”: it has no Product URL, so these files are all its buyers get.`}
          </p>
          <DeliverableFilesSection key={posted.id} productId={posted.id} queued={posted.files} />
          <p className="mt-4">
            <Link to={paths.adminProduct(posted.id)} className="font-medium text-brand-700 underline">
              Open the product&apos;s page
            </Link>{' '}
            for its license keys, course and details.
          </p>
        </div>
      ) : null}
    </section>
  );
}

/** The files buyers download, picked in the form; they upload (with progress) once the product is posted. */
function QueuedFilesPicker({
  files,
  onChange,
  disabled,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  disabled: boolean;
}) {
  const inputId = useId();
  const hintId = useId();
  return (
    <div>
      <label htmlFor={inputId} className="mb-1 block font-medium text-slate-800">
        Files buyers download (optional)
      </label>
      <input
        id={inputId}
        type="file"
        multiple
        disabled={disabled}
        aria-describedby={hintId}
        className="block w-full max-w-full text-sm"
        onChange={(event) => onChange(Array.from(event.target.files ?? []))}
      />
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        {files.length > 0
          ? `${files.length === 1 ? '1 file' : `${files.length} files`} to upload once the product is posted: ${files.map((file) => file.name).join(', ')}.`
          : 'PDF, EPUB, ZIP, MP3, MP4… They upload once the product is posted; you can add more later.'}
      </p>
    </div>
  );
}
