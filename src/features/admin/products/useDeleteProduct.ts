import { useState } from 'react';
import { confirmAction, showError, showLoading, showSuccess } from '../../../lib/alerts';
import { getConfig } from '../../../lib/config';
import { imageHostName } from '../../../lib/imageHost';
import type { Product } from '../../../../domain/product';
import { useDeleteProductMutation } from '../api/productsApi';
import { deleteAllFiles, fileUsage } from '../api/deliverableFiles';
import { deleteCoverIfUnused } from './deleteCoverIfUnused';

/**
 * After a product with files is deleted (docs/files.md): its files stay for the buyers who have them.
 * Without buyers they go at once; with buyers the seller is asked, told how many lose access.
 */
async function offerFileDeletion(productId: string): Promise<void> {
  try {
    const { buyers } = await fileUsage(productId);
    const remove =
      buyers === 0 ||
      (await confirmAction(
        'Delete its files too?',
        `The files stay for the ${buyers} ${buyers === 1 ? 'buyer' : 'buyers'} who bought this product. Deleting them ends their downloads.`,
        `Delete files: ${buyers} ${buyers === 1 ? 'buyer loses' : 'buyers lose'} access`,
      ));
    if (remove) await deleteAllFiles(productId, buyers);
  } catch (error) {
    await showError('The files could not be deleted.', error instanceof Error ? error.message : undefined);
  }
}

/** The image host named in messages: the host of the configured upload URL. */
export function configuredImageHost(): string {
  const configured = getConfig().images.uploadUrl;
  return configured ? imageHostName(configured) : 'the image host';
}

/**
 * Delete (docs/admin.md): confirm, delete the product, its deliverable and its outlines (one batch),
 * and only once that succeeded its cover, unless another product shows the same image. A refused
 * batch so leaves the product whole, cover included.
 */
export function useDeleteProduct() {
  const [deleting, setDeleting] = useState(false);
  const [deleteProduct] = useDeleteProductMutation();

  const deleteWithImage = async (product: Product) => {
    const confirmed = await confirmAction(
      'Are you sure?',
      'This product will be permanently deleted.',
      'Yes, delete it',
    );
    if (!confirmed) return;
    setDeleting(true);
    try {
      await showLoading('Deleting product...');
      const result = await deleteProduct(product.id);
      if ('error' in result) {
        await showError('Something went wrong during deletion.');
        return;
      }
      if (result.data.keptFiles > 0) await offerFileDeletion(product.id);
      const cover = await deleteCoverIfUnused(product.coverImageUrl);
      if (cover === 'failed') {
        await showError(
          `Failed to delete image from ${configuredImageHost()}`,
          'The product was deleted; its image is still on the image host.',
        );
      } else if (cover === 'shared') {
        await showSuccess('Product deleted.', 'Its image is kept: another product uses it.');
      } else {
        await showSuccess('Product and image deleted.');
      }
    } finally {
      setDeleting(false);
    }
  };

  return { deleteWithImage, deleting };
}
