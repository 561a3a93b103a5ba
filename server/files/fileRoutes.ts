// The seller's deliverable files (docs/files.md, 'Uploading'): admins only (ID token and admins record,
// server/admin/requireAdmin.ts), rate limited, every failure a readable {message}.
//
//   POST   /api/admin/products/{id}/files                    {name, size, contentType} -> signed upload URL
//   POST   /api/admin/products/{id}/files/{fileId}/attach    {name, size, contentType} -> the file list
//   PATCH  /api/admin/products/{id}/files/{fileId}           {name}                    -> the file list
//   PUT    /api/admin/products/{id}/files/order              {fileIds}                 -> the file list
//   DELETE /api/admin/products/{id}/files/{fileId}                                      -> the file list
//   GET    /api/admin/products/{id}/files/usage                                        -> {buyers, files}
//   DELETE /api/admin/products/{id}/files                    {confirmBuyers}           -> {deleted}
//
// The browser uploads straight to the bucket; a file joins productDeliverables.files only here, after
// the API saw the object in the bucket with the size and type the seller declared. The rules refuse
// admins' own writes to `files`, so a file the API never checked cannot reach a buyer.
import { Router, type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import { fileNameError } from '../../domain/deliverableFiles';
import { answerHttpErrors, failure, handle, jsonError, validate } from '../lib/httpErrors';
import { maxFilesPerProduct, type FileService } from './fileService';
import { FileStorageError, type FileStorage } from './storage';

export const productNotFound = 'This product could not be found.';
export const fileNotFound = 'This file is no longer on the product. Reload it to see its files.';
export const uploadIncomplete = 'The upload has not finished. Upload the file again.';
export const storageUnavailable = 'File uploads are not set up for this store (docs/deploy.md).';
export const fileActionFailed = 'Something went wrong. Please try again.';
export const orderMismatch = 'The files changed meanwhile. Reload the product and try again.';
export const alreadyAttached = 'This file is already attached.';

const idPattern = /^(?!__)[A-Za-z0-9_-]{1,128}$/;

// Control characters would break the download's Content-Disposition header; direction overrides and
// invisible characters would make the name buyers see lie about the file (domain/deliverableFiles.ts).
const displayName = z
  .string({ error: 'Give the file a name.' })
  .transform((value) => value.replace(/\s+/g, ' ').trim())
  .superRefine((value, context) => {
    const problem = fileNameError(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

const fileFacts = z.object({
  name: displayName,
  size: z.number({ error: 'The file size is missing.' }).int().min(1, { error: 'The file is empty.' }),
  contentType: z
    .string({ error: 'The file type is missing.' })
    .trim()
    .toLowerCase()
    .transform((value) => value || 'application/octet-stream'),
});

// `from`: the name the admin's list showed; a rename over another admin's newer one is refused.
const renameBody = z.object({ name: displayName, from: z.string().max(1000).optional() });
const orderBody = z.object({ fileIds: z.array(z.string()).max(maxFilesPerProduct) });
const deleteAllBody = z.object({
  confirmBuyers: z.number({ error: 'Say how many buyers you agreed will lose access.' }).int().min(0),
});

type ProductParams = { productId: string };
type FileParams = { productId: string; fileId: string };

// The body checks keep what they parsed per request, so one of each serves every router.
const factsCheck = validate(fileFacts);
const renameCheck = validate(renameBody);
const orderCheck = validate(orderBody);
const deleteAllCheck = validate(deleteAllBody);

interface FileRouterDeps {
  service: FileService;
  /** Null when no bucket is configured: every route then says so (503). */
  storage: () => FileStorage | null;
  maxFileBytes: number;
  requireAdmin: RequestHandler;
  limiter: RequestHandler;
  logError: (message: string, error: unknown) => void;
}

/** The bucket for a request that can go on; 404 for an id that names no product, 503 without a bucket. */
function prepare(storage: FileRouterDeps['storage'], params: ProductParams): FileStorage {
  if (!idPattern.test(params.productId)) throw jsonError(404, productNotFound);
  const bucket = storage();
  if (!bucket) throw jsonError(503, storageUnavailable);
  return bucket;
}

/** A storage refusal is the seller's to read; anything else is logged and answered in general words. */
const failed =
  <P>(what: (params: P) => string) =>
  (error: unknown, req: Request<P>) =>
    error instanceof FileStorageError
      ? jsonError(error.status, error.message)
      : failure(what(req.params), error, 500, fileActionFailed);

/** A file's way onto the product: the signed upload URL, then the attach once the bucket holds it. */
function uploadHandlers({ service, storage, maxFileBytes }: FileRouterDeps) {
  const startUpload = handle<ProductParams>(
    async (req, res) => {
      const facts = factsCheck.of(req);
      const bucket = prepare(storage, req.params);
      if (facts.size > maxFileBytes) {
        throw jsonError(413, `A file may be at most ${maxFileBytes} bytes; this one has ${facts.size}.`);
      }
      const upload = await service.startUpload(bucket, req.params.productId, facts, req.get('origin') ?? '');
      if (!upload) throw jsonError(404, productNotFound);
      res.status(201).json(upload);
    },
    failed((params) => `Upload URL for ${params.productId} failed`),
  );

  const attach = handle<FileParams>(
    async (req, res) => {
      const bucket = prepare(storage, req.params);
      const { productId, fileId } = req.params;
      if (!idPattern.test(fileId)) throw jsonError(404, uploadIncomplete);
      const outcome = await service.attach(bucket, productId, fileId, factsCheck.of(req));
      switch (outcome.kind) {
        case 'alreadyAttached':
          throw jsonError(409, alreadyAttached);
        case 'notUploaded':
          throw jsonError(409, uploadIncomplete);
        case 'refused':
          throw jsonError(422, outcome.problem);
        case 'full':
          throw jsonError(409, `A product has at most ${maxFilesPerProduct} files.`);
        case 'attached':
          res.json({ files: outcome.files, attached: outcome.attached });
      }
    },
    failed((params) => `Attaching ${params.fileId} to ${params.productId} failed`),
  );

  return { startUpload, attach };
}

/** Changes to the attached files: rename, reorder, delete one or all, and who would lose access. */
function listHandlers({ service, storage }: FileRouterDeps) {
  const rename = handle<FileParams>(
    async (req, res) => {
      prepare(storage, req.params);
      const { name, from } = renameCheck.of(req);
      const files = await service.rename(req.params.productId, req.params.fileId, name, from);
      if (files === 'gone') throw jsonError(404, fileNotFound);
      if (files === 'changed') throw jsonError(409, orderMismatch);
      res.json({ files });
    },
    failed((params) => `Renaming ${params.fileId} failed`),
  );

  const reorder = handle<ProductParams>(
    async (req, res) => {
      prepare(storage, req.params);
      const { fileIds } = orderCheck.of(req);
      const files = await service.reorder(req.params.productId, fileIds);
      if (!files) throw jsonError(409, orderMismatch);
      res.json({ files });
    },
    failed((params) => `Reordering the files of ${params.productId} failed`),
  );

  const remove = handle<FileParams>(
    async (req, res) => {
      const bucket = prepare(storage, req.params);
      const files = await service.remove(bucket, req.params.productId, req.params.fileId);
      if (!files) throw jsonError(404, fileNotFound);
      res.json({ files });
    },
    failed((params) => `Deleting ${params.fileId} failed`),
  );

  const usage = handle<ProductParams>(
    async (req, res) => {
      prepare(storage, req.params);
      res.json(await service.usage(req.params.productId));
    },
    failed((params) => `Usage of ${params.productId} failed`),
  );

  const removeAll = handle<ProductParams>(
    async (req, res) => {
      const bucket = prepare(storage, req.params);
      const { confirmBuyers } = deleteAllCheck.of(req);
      const outcome = await service.removeAll(bucket, req.params.productId, confirmBuyers);
      if (outcome.kind === 'buyersChanged') {
        const { buyers } = outcome;
        throw jsonError(
          409,
          `${buyers} ${buyers === 1 ? 'buyer' : 'buyers'} would lose access now, not ${confirmBuyers}. Check and confirm again.`,
          { buyers },
        );
      }
      res.json({ deleted: outcome.deleted, buyers: outcome.buyers });
    },
    failed((params) => `Deleting the files of ${params.productId} failed`),
  );

  return { rename, reorder, remove, usage, removeAll };
}

export function createFileRouter(deps: FileRouterDeps): Router {
  const { startUpload, attach } = uploadHandlers(deps);
  const { rename, reorder, remove, usage, removeAll } = listHandlers(deps);
  const router = Router();
  router.use(deps.limiter, deps.requireAdmin);
  router.post('/:productId/files', factsCheck, startUpload);
  router.get('/:productId/files/usage', usage);
  router.put('/:productId/files/order', orderCheck, reorder);
  router.delete('/:productId/files', deleteAllCheck, removeAll);
  router.post('/:productId/files/:fileId/attach', factsCheck, attach);
  router.patch('/:productId/files/:fileId', renameCheck, rename);
  router.delete('/:productId/files/:fileId', remove);
  router.use(answerHttpErrors(deps.logError));
  return router;
}
