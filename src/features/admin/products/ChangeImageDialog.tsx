import { useRef, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/Modal';
import { showError, showSuccess } from '../../../lib/alerts';
import { publicIdFromUrl } from '../../../lib/imageHost';
import type { Product } from '../../../../domain/product';
import { deleteProductImage } from '../api/productImages';
import { deleteCoverIfUnused } from './deleteCoverIfUnused';
import { useChangeCoverImageMutation } from '../api/productsApi';
import { CoverPicker } from './CoverPicker';
import { UploadProgress } from '../../../components/UploadProgress';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/buttonClasses';
import { coverImageError } from './productValidation';
import { useCoverUpload } from './useCoverUpload';
import { configuredImageHost } from './useDeleteProduct';

/**
 * Change Product Image (docs/admin.md): upload the new cover, point the product at it (coverImageUrl only,
 * refused if another admin changed the cover meanwhile), then delete the old one unless another product
 * still shows it. The old image goes last, so a failure earlier leaves the product as it was.
 */
export function ChangeImageDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { progress, upload } = useCoverUpload();
  const [busy, setBusy] = useState(false);
  const submitting = useRef(false);
  const [changeCover] = useChangeCoverImageMutation();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current) return;
    const problem = coverImageError(file);
    setError(problem);
    if (problem || !file) return;
    submitting.current = true;
    setBusy(true);
    try {
      let newUrl: string;
      try {
        newUrl = await upload(file);
      } catch {
        await showError('Failed to upload new image', 'Try again.');
        return;
      }
      const result = await changeCover({ id: product.id, openedUrl: product.coverImageUrl, coverImageUrl: newUrl });
      if ('error' in result) {
        const orphan = publicIdFromUrl(newUrl);
        if (orphan) await deleteProductImage(orphan).catch(() => undefined);
        const refused = result.error;
        const changed = refused !== undefined && 'code' in refused && refused.code === 'product-changed';
        await showError('Something went wrong.', changed ? refused.message : undefined);
        return;
      }
      const oldCover = await deleteCoverIfUnused(product.coverImageUrl);
      onClose();
      await showSuccess(
        'Product image updated successfully.',
        oldCover === 'failed' ? `The old image could not be deleted from ${configuredImageHost()}.` : undefined,
      );
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  };

  return (
    <Modal title="Change Product Image" onClose={onClose}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
        <p className="text-slate-700">{product.title.toUpperCase()}</p>
        <CoverPicker
          label="New cover image"
          file={file}
          onFileChange={(chosen) => {
            setFile(chosen);
            setError(chosen ? coverImageError(chosen) : null);
          }}
          error={error}
          disabled={busy}
        />
        {progress !== null ? <UploadProgress percent={progress} /> : null}
        <div className="flex justify-end gap-3">
          <button type="button" onClick={onClose} disabled={busy} className={secondaryButtonClass}>
            Cancel
          </button>
          <button type="submit" disabled={busy} className={primaryButtonClass}>
            Upload
          </button>
        </div>
      </form>
    </Modal>
  );
}
