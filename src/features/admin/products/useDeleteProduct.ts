import { useState } from 'react';
import { confirmAction, showError, showLoading, showSuccess } from '../../../lib/alerts';
import { getConfig } from '../../../lib/config';
import { imageHostName, publicIdFromUrl } from '../../../lib/imageHost';
import type { Product } from '../../../../domain/product';
import { deleteProductImage } from '../api/productImages';
import { useDeleteProductMutation } from '../api/productsApi';

/** The image host named in messages: the host of the configured upload URL. */
export function configuredImageHost(): string {
  const configured = getConfig().images.uploadUrl;
  return configured ? imageHostName(configured) : 'the image host';
}

/**
 * Delete (docs/admin.md): confirm, delete the cover from the image host first, and only if that worked
 * delete the product, its deliverable and its outlines (one batch). A product whose image could not
 * be deleted stays, so no image is left behind without a product pointing at it.
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
      const publicId = publicIdFromUrl(product.coverImageUrl);
      // A cover typed in by hand from elsewhere is not on our image host: nothing to delete there.
      if (publicId) {
        try {
          await deleteProductImage(publicId);
        } catch {
          await showError(`Failed to delete image from ${configuredImageHost()}`, 'The product was not deleted.');
          return;
        }
      }
      const result = await deleteProduct(product.id);
      if ('error' in result) {
        await showError('Something went wrong during deletion.');
        return;
      }
      await showSuccess('Product and image deleted.');
    } finally {
      setDeleting(false);
    }
  };

  return { deleteWithImage, deleting };
}
