// The seller's course routes (docs/courses.md, 'The API'): admins only (ID token and admins record,
// server/admin/requireAdmin.ts), rate limited, every refusal a readable {message}.
//
//   GET  /api/admin/courses/{productId}                              -> AdminCourse
//   PUT  /api/admin/courses/{productId}            AdminCourseSave   -> AdminCourse (409 saved meanwhile)
//   POST /api/admin/courses/preview                {markdown}        -> {html}
//   POST /api/admin/courses/{productId}/videos     VideoUploadStart  -> 201 {fileId, uploadUrl, url, headers, ...}
//   POST /api/admin/courses/{productId}/videos/{fileId}/attach  {lessonId, kind} -> AdminCourse + {attached}
import { Router, type Request, type RequestHandler } from 'express';
import { answerHttpErrors, failure, handle, jsonError, validate } from '../lib/httpErrors';
import type { AdminLocals } from '../admin/requireAdmin';
import { FileStorageError, type FileStorage } from '../files/storage';
import { savedMeanwhile, uploadIncomplete, type CourseAdmin } from './courseAdmin';
import { courseSave, idPattern, markdownPreview, videoAttach, videoUploadStart } from './courseSchemas';
import { renderMarkdown } from './markdown';

export const productNotFound = 'This product could not be found.';
export const storageUnavailable = 'Video uploads are not set up for this store (docs/deploy.md).';
export const actionFailed = 'Something went wrong. Please try again.';
export const addMainVideoFirst = "Add the lesson's main video before its low-data version.";

type ProductParams = { productId: string };
type VideoParams = { productId: string; fileId: string };

const previewCheck = validate(markdownPreview);
const saveCheck = validate(courseSave);
const uploadCheck = validate(videoUploadStart);
const attachCheck = validate(videoAttach);

export function createCourseAdminRouter({
  admin,
  storage,
  maxVideoBytes,
  requireAdmin,
  limiter,
  logError,
}: {
  admin: CourseAdmin;
  storage: () => FileStorage | null;
  maxVideoBytes: number;
  requireAdmin: RequestHandler;
  limiter: RequestHandler;
  logError: (message: string, error: unknown) => void;
}): Router {
  const checkProduct = (params: ProductParams) => {
    if (!idPattern.test(params.productId)) throw jsonError(404, productNotFound);
  };
  const bucket = (): FileStorage => {
    const files = storage();
    if (!files) throw jsonError(503, storageUnavailable);
    return files;
  };
  const failed =
    <P>(what: (params: P) => string) =>
    (error: unknown, req: Request<P>) =>
      error instanceof FileStorageError
        ? jsonError(error.status, error.message)
        : failure(what(req.params), error, 500, actionFailed);

  const read = handle<ProductParams>(
    async (req, res) => {
      checkProduct(req.params);
      const course = await admin.read(req.params.productId);
      if (!course) throw jsonError(404, productNotFound);
      res.json(course);
    },
    failed((params) => `Reading the course of ${params.productId} failed`),
  );

  const save = handle<ProductParams>(
    async (req, res) => {
      checkProduct(req.params);
      const { adminUid } = res.locals as AdminLocals;
      const outcome = await admin.save(req.params.productId, saveCheck.of(req), adminUid);
      switch (outcome.kind) {
        case 'noProduct':
          throw jsonError(404, productNotFound);
        case 'conflict':
          throw jsonError(409, savedMeanwhile);
        case 'refused':
          throw jsonError(422, outcome.message);
        case 'saved':
          res.json(outcome.course);
      }
    },
    failed((params) => `Saving the course of ${params.productId} failed`),
  );

  const preview: RequestHandler = (req, res) => {
    res.json({ html: renderMarkdown(previewCheck.of(req).markdown) });
  };

  const startUpload = handle<ProductParams>(
    async (req, res) => {
      checkProduct(req.params);
      const facts = uploadCheck.of(req);
      if (facts.size > maxVideoBytes) {
        throw jsonError(413, `A video may be at most ${maxVideoBytes} bytes; this one has ${facts.size}.`);
      }
      const upload = await admin.startVideoUpload(bucket(), req.params.productId, facts, req.get('origin') ?? '');
      if (!upload) throw jsonError(404, productNotFound);
      res.status(201).json(upload);
    },
    failed((params) => `Video upload URL for ${params.productId} failed`),
  );

  const attach = handle<VideoParams>(
    async (req, res) => {
      checkProduct(req.params);
      if (!idPattern.test(req.params.fileId)) throw jsonError(409, uploadIncomplete);
      const target = attachCheck.of(req);
      const outcome = await admin.attachVideo(bucket(), req.params.productId, req.params.fileId, target);
      switch (outcome.kind) {
        case 'noProduct':
          throw jsonError(404, productNotFound);
        case 'notUploaded':
          throw jsonError(409, uploadIncomplete);
        case 'refused':
          throw jsonError(422, outcome.message);
        case 'noMainVideo':
          throw jsonError(409, addMainVideoFirst);
        case 'attached':
          res.json({ ...outcome.course, attached: outcome.attached });
      }
    },
    failed((params) => `Attaching the video ${params.fileId} to ${params.productId} failed`),
  );

  const router = Router();
  router.use(limiter, requireAdmin);
  router.post('/preview', previewCheck, preview);
  router.get('/:productId', read);
  router.put('/:productId', saveCheck, save);
  router.post('/:productId/videos', uploadCheck, startUpload);
  router.post('/:productId/videos/:fileId/attach', attachCheck, attach);
  router.use(answerHttpErrors(logError));
  return router;
}
