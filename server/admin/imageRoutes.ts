// POST /api/uploads/signature and POST /api/deleteproductimage (docs/admin.md, 'Cover images'): admin only.
import { Router, type RequestHandler } from 'express';
import { ImageHostError, type CloudinaryClient } from './cloudinaryClient';
import { answerHttpErrors, failure, handle, jsonError, validate } from '../lib/httpErrors';
import { deleteImageBody, signatureRequestBody } from './imageSchemas';

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
  /** 503 while the image host's credentials are not configured. */
  const configured = (): CloudinaryClient => {
    if (!cloudinary) throw jsonError(503, imagesNotConfigured);
    return cloudinary;
  };

  const deleteCheck = validate(deleteImageBody);

  const signUpload: RequestHandler = (_req, res) => {
    res.json(configured().signUpload());
  };

  const deleteImage = handle(
    async (req, res) => {
      await configured().destroy(deleteCheck.of(req).public_id);
      res.json({ result: 'ok' });
    },
    (error) =>
      failure(
        'Product image could not be deleted',
        error,
        error instanceof ImageHostError ? 502 : 500,
        imageDeleteFailed,
      ),
  );

  const router = Router();
  router.post('/uploads/signature', requireAdmin, validate(signatureRequestBody), signUpload);
  router.post('/deleteproductimage', requireAdmin, deleteCheck, deleteImage);
  router.use(answerHttpErrors(logError));
  return router;
}
