// POST /api/uploads/signature and POST /api/deleteproductimage (docs/admin.md, 'Cover images'): admin only.
import { Router, type RequestHandler } from 'express';
import { ImageHostError, type CloudinaryClient } from './cloudinaryClient';
import { parseDeleteImage, signatureRequestSchema } from './imageSchemas';

export const imagesNotConfigured = 'Image uploads are not configured on this server.';
export const imageDeleteFailed = 'The image could not be deleted from the image host. Please try again.';

export function createImageRouter({
  requireAdmin,
  cloudinary,
  logError,
}: {
  requireAdmin: RequestHandler;
  /** Null when the image host's credentials are not configured. */
  cloudinary: CloudinaryClient | null;
  logError: (message: string, error: unknown) => void;
}): Router {
  const router = Router();

  router.post('/uploads/signature', requireAdmin, (req, res) => {
    if (!signatureRequestSchema.safeParse(req.body ?? {}).success) {
      res.status(400).json({ message: 'This endpoint takes no parameters.' });
      return;
    }
    if (!cloudinary) {
      res.status(503).json({ message: imagesNotConfigured });
      return;
    }
    res.json(cloudinary.signUpload());
  });

  const deleteImage: RequestHandler = async (req, res) => {
    const parsed = parseDeleteImage(req.body);
    if (!parsed.ok) {
      res.status(400).json({ message: parsed.error });
      return;
    }
    if (!cloudinary) {
      res.status(503).json({ message: imagesNotConfigured });
      return;
    }
    try {
      await cloudinary.destroy(parsed.value.public_id);
    } catch (error) {
      logError('Product image could not be deleted', error);
      res.status(error instanceof ImageHostError ? 502 : 500).json({ message: imageDeleteFailed });
      return;
    }
    res.json({ result: 'ok' });
  };
  router.post('/deleteproductimage', requireAdmin, deleteImage);
  return router;
}
