import { useState } from 'react';
import { confirmAction, showError, showLoading, showSuccess } from '../../../lib/alerts';
import { getConfig } from '../../../lib/config';
import { imageHostName } from '../../../lib/imageHost';
import type { Product } from '../../../../domain/product';
import { useDeleteProductMutation } from '../api/productsApi';
import { deleteCoverIfUnused } from './deleteCoverIfUnused';

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
