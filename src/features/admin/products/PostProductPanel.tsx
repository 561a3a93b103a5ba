import { useRef, useState, type FormEvent } from 'react';
import { showError, showSuccess } from '../../../lib/alerts';
import { getConfig } from '../../../lib/config';
import { publicIdFromUrl } from '../../../lib/imageHost';
import { deleteProductImage } from '../api/productImages';
import { usePostProductMutation } from '../api/productsApi';
import { CoverPicker } from './CoverPicker';
import { FormField } from '../../../components/FormField';
import { CategoryField, PriceFields, UploadProgress, primaryButtonClass } from './fields';
import {
  coverImageError,
  limits,
  productFormErrors,
  type ProductFormErrors,
  type ProductFormValues,
} from './productValidation';
import { useCoverUpload } from './useCoverUpload';

type PostFields = Omit<ProductFormValues, 'coverImageUrl'>;
type Errors = ProductFormErrors & { cover?: string };

function emptyForm(): PostFields {
  return {
    title: '',
    description: '',
    priceInNgn: '',
    priceInUsd: '',
    url: '',
    categoryId: '',
    author: getConfig().store.defaultAuthor,
  };
}

/** Post A Product (docs/admin.md): the cover goes to the image host, then product and deliverable in one batch. */
export function PostProductPanel() {
  const [values, setValues] = useState<PostFields>(emptyForm);
  const [cover, setCover] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [resetKey, setResetKey] = useState(0);
  const [busy, setBusy] = useState(false);
  // A second click lands before React re-renders the disabled button; the ref stops it at once.
  const submitting = useRef(false);
  const { progress, upload } = useCoverUpload();
  const [postProduct] = usePostProductMutation();

  const set = (field: keyof PostFields) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current) return;
    const found: Errors = productFormErrors({ ...values, coverImageUrl: '' }, false);
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
      const result = await postProduct({
        title: values.title.trim(),
        description: values.description.trim(),
        priceInNgn: Number(values.priceInNgn),
        priceInUsd: Number(values.priceInUsd),
        categoryId: Number(values.categoryId),
        coverImageUrl,
        author: values.author.trim(),
        url: values.url.trim(),
      });
      if ('error' in result) {
        // The product was not saved: its freshly uploaded cover would only be an orphan.
        const publicId = publicIdFromUrl(coverImageUrl);
        if (publicId) await deleteProductImage(publicId).catch(() => undefined);
        await showError('Upload Failed', 'Try again.');
        return;
      }
      setValues(emptyForm());
      setCover(null);
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
        <FormField label="Product Title" error={errors.title}>
          {(control) => (
            <input
              {...control}
              value={values.title}
              onChange={(event) => set('title')(event.target.value)}
              maxLength={limits.titleMax}
              required
              className={`${control.className} uppercase`}
            />
          )}
        </FormField>
        <FormField label="Description" error={errors.description}>
          {(control) => (
            <textarea
              {...control}
              value={values.description}
              onChange={(event) => set('description')(event.target.value)}
              maxLength={limits.descriptionMax}
              rows={5}
              required
            />
          )}
        </FormField>
        <PriceFields values={values} errors={errors} onChange={set} />
        <FormField label="Product URL" error={errors.url}>
          {(control) => (
            <input
              {...control}
              type="url"
              placeholder="https://"
              value={values.url}
              onChange={(event) => set('url')(event.target.value)}
              required
            />
          )}
        </FormField>
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
        <CategoryField
          value={values.categoryId}
          error={errors.categoryId}
          placeholder="Select a category"
          onChange={set('categoryId')}
        />
        <FormField label="Author">{(control) => <input {...control} value={values.author} disabled />}</FormField>
        {progress !== null ? <UploadProgress percent={progress} /> : null}
        <button type="submit" disabled={busy} className={`${primaryButtonClass} w-full`}>
          {busy ? 'Posting...' : 'Post Course'}
        </button>
      </form>
    </section>
  );
}
