import { publicIdFromUrl } from '../../../lib/imageHost';
import { isCoverInUse } from '../api/productAdminQueries';
import { deleteProductImage } from '../api/productImages';

/**
 * What happened to a cover no longer used by the product that had it: deleted from the image host,
 * kept because another product still shows it, not on our image host (typed in by hand, nothing to
 * delete), or kept because the check or the deletion failed.
 */
export type CoverRemoval = 'deleted' | 'shared' | 'notOurs' | 'failed';

/**
 * Deletes a cover from the image host once no product refers to it. Called only after the write
 * that stopped using it succeeded: deleting first would leave a product with a broken cover when
 * the write is refused. When the check cannot be made the image stays: an unused image costs
 * little, a product's missing cover is seen by every shopper.
 */
export async function deleteCoverIfUnused(coverImageUrl: string): Promise<CoverRemoval> {
  const publicId = publicIdFromUrl(coverImageUrl);
  if (!publicId) return 'notOurs';
  try {
    if (await isCoverInUse(coverImageUrl)) return 'shared';
    await deleteProductImage(publicId);
    return 'deleted';
  } catch {
    return 'failed';
  }
}
