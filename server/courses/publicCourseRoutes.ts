// What anyone may ask of courses (docs/courses.md, 'Previews' and 'Certificates'), rate limited per
// client:
//
//   GET /api/courses/{productId}/preview              -> PreviewOutline (the free preview lessons)
//   GET /api/courses/{productId}/preview/{lessonId}   -> LearnLesson with a short-lived previewVideoUrl
//   GET /api/certificates/{code}                      -> CertificateVerification (404 unknown, 410
//                                                         {message, withdrawn: true} withdrawn)
import { Router, type RequestHandler } from 'express';
import type { FileStorage } from '../files/storage';
import { answerHttpErrors, failure, handle, jsonError } from '../lib/httpErrors';
import type { Certificates } from './certificates';
import { idPattern } from './courseSchemas';
import type { Previews } from './previews';

export const productNotFound = 'This product could not be found.';
export const notAPreview = 'This lesson is not a free preview.';
export const unknownCertificate = 'No certificate has this code. Check the code on the certificate.';
export const withdrawnCertificate = 'This certificate was withdrawn. The store no longer confirms it.';
const somethingWrong = 'Something went wrong. Please try again.';

export function createPreviewRouter({
  previews,
  storage,
  limiter,
  logError,
}: {
  previews: Previews;
  storage: () => FileStorage | null;
  limiter: RequestHandler;
  logError: (message: string, error: unknown) => void;
}): Router {
  const outline = handle<{ productId: string }>(
    async (req, res) => {
      if (!idPattern.test(req.params.productId)) throw jsonError(404, productNotFound);
      const found = await previews.outline(req.params.productId);
      if (!found) throw jsonError(404, productNotFound);
      res.set('Cache-Control', 'no-store');
      res.json(found);
    },
    (error) => failure('A course preview outline failed', error, 500, somethingWrong),
  );
  const lesson = handle<{ productId: string; lessonId: string }>(
    async (req, res) => {
      const { productId, lessonId } = req.params;
      if (!idPattern.test(productId) || !idPattern.test(lessonId)) throw jsonError(404, notAPreview);
      const found = await previews.lesson(storage(), productId, lessonId);
      if (!found) throw jsonError(404, notAPreview);
      res.set('Cache-Control', 'no-store');
      res.set('Referrer-Policy', 'same-origin');
      res.json(found);
    },
    (error) => failure('A course preview lesson failed', error, 500, somethingWrong),
  );
  const router = Router();
  router.use(limiter);
  router.get('/:productId/preview', outline);
  router.get('/:productId/preview/:lessonId', lesson);
  router.use(answerHttpErrors(logError));
  return router;
}

export function createCertificateRouter({
  certificates,
  limiter,
  logError,
}: {
  certificates: Certificates;
  limiter: RequestHandler;
  logError: (message: string, error: unknown) => void;
}): Router {
  const verify = handle<{ code: string }>(
    async (req, res) => {
      const found = await certificates.verify(req.params.code.trim().toUpperCase());
      if (!found) throw jsonError(404, unknownCertificate);
      if (found === 'withdrawn') throw jsonError(410, withdrawnCertificate, { withdrawn: true });
      res.json(found);
    },
    (error) => failure('A certificate check failed', error, 500, somethingWrong),
  );
  const router = Router();
  router.use(limiter);
  router.get('/:code', verify);
  router.use(answerHttpErrors(logError));
  return router;
}
