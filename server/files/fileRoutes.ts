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
import { randomBytes } from 'node:crypto';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { parseBody } from '../orders/orderSchema';
import { transactionsCollection } from '../orders/fulfilment';
import { fileNameError } from '../../domain/deliverableFiles';
import { deliverablesCollection, isPdf, readDeliverables, renumbered, type DeliverableFile } from './deliverables';
import { FileStorageError, type FileStorage } from './storage';
import { stampedPrefix } from './stampedCopies';

export const productNotFound = 'This product could not be found.';
export const fileNotFound = 'This file is no longer on the product. Reload it to see its files.';
export const uploadIncomplete = 'The upload has not finished. Upload the file again.';
export const storageUnavailable = 'File uploads are not set up for this store (docs/deploy.md).';
export const fileActionFailed = 'Something went wrong. Please try again.';
export const orderMismatch = 'The files changed meanwhile. Reload the product and try again.';
export const alreadyAttached = 'This file is already attached.';
export const maxFilesPerProduct = 50;

/** What inspecting a PDF says, in the seller's words when it cannot carry the buyer's name. */
export type PdfCheck = { stampable: true } | { stampable: false; reason: string };
export type PdfInspector = (bytes: AsyncIterable<Uint8Array>) => Promise<PdfCheck>;

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

function newFileId(): string {
  // 16 random bytes: unguessable, and a valid document-id-like path segment.
  return randomBytes(16).toString('base64url');
}

/** `type/subtype` without parameters, for comparing what the seller declared with what was stored. */
function baseType(contentType: string): string {
  return contentType.split(';')[0]?.trim().toLowerCase() ?? '';
}

type ProductParams = { productId: string };
type FileParams = { productId: string; fileId: string };

export function createFileRouter({
  db,
  storage,
  inspectPdf,
  maxFileBytes,
  requireAdmin,
  limiter,
  logError,
}: {
  db: Firestore;
  /** Null when no bucket is configured: every route then says so (503). */
  storage: () => FileStorage | null;
  /** Reads an uploaded PDF and says whether it can carry the buyer's name (server/files/pdfStamp.ts). */
  inspectPdf: PdfInspector | null;
  maxFileBytes: number;
  requireAdmin: RequestHandler;
  limiter: RequestHandler;
  logError: (message: string, error: unknown) => void;
}): Router {
  const deliverablesRef = (productId: string) => db.collection(deliverablesCollection).doc(productId);

  /** Answers 404/503 itself and returns null when the request cannot go on. */
  const prepare = (req: { params: ProductParams }, res: Parameters<RequestHandler>[1]): FileStorage | null => {
    if (!idPattern.test(req.params.productId)) {
      res.status(404).json({ message: productNotFound });
      return null;
    }
    const bucket = storage();
    if (!bucket) {
      res.status(503).json({ message: storageUnavailable });
      return null;
    }
    return bucket;
  };

  const failed = (res: Parameters<RequestHandler>[1], what: string, error: unknown) => {
    if (error instanceof FileStorageError) {
      res.status(400).json({ message: error.message });
      return;
    }
    logError(what, error);
    res.status(500).json({ message: fileActionFailed });
  };

  const startUpload: RequestHandler<ProductParams> = async (req, res) => {
    const parsed = parseBody(fileFacts, req.body);
    if (!parsed.ok) {
      res.status(400).json({ message: parsed.message });
      return;
    }
    const bucket = prepare(req, res);
    if (!bucket) return;
    if (parsed.data.size > maxFileBytes) {
      res
        .status(413)
        .json({ message: `A file may be at most ${maxFileBytes} bytes; this one has ${parsed.data.size}.` });
      return;
    }
    try {
      if (!(await db.collection('products').doc(req.params.productId).get()).exists) {
        res.status(404).json({ message: productNotFound });
        return;
      }
      const fileId = newFileId();
      const upload = await bucket.uploadUrl(req.params.productId, fileId, {
        contentType: parsed.data.contentType,
        size: parsed.data.size,
        origin: req.get('origin') ?? '',
      });
      res.status(201).json({ fileId, ...upload });
    } catch (error) {
      failed(res, `Upload URL for ${req.params.productId} failed`, error);
    }
  };

  const attach: RequestHandler<FileParams> = async (req, res) => {
    const parsed = parseBody(fileFacts, req.body);
    if (!parsed.ok) {
      res.status(400).json({ message: parsed.message });
      return;
    }
    const bucket = prepare(req, res);
    if (!bucket) return;
    const { productId, fileId } = req.params;
    if (!idPattern.test(fileId)) {
      res.status(404).json({ message: uploadIncomplete });
      return;
    }
    const storagePath = `deliverables/${productId}/${fileId}`;
    /** Whether the product lists the file: its object is then live, bought, and never deleted here. */
    const isListed = async () =>
      readDeliverables((await deliverablesRef(productId).get()).data()).files.some((entry) => entry.id === fileId);
    /** A refused object goes only while no product lists it (the path names its one product). */
    const deleteUnlisted = async () => {
      if (!(await isListed())) await bucket.deleteObject(storagePath);
    };
    try {
      // Before anything that could delete the object: an attached file is the buyers' copy, and a
      // second attach (another tab, a replayed request) with other facts must not remove it.
      if (await isListed()) {
        res.status(409).json({ message: alreadyAttached });
        return;
      }
      const stored = await bucket.objectMetadata(storagePath);
      if (!stored) {
        res.status(409).json({ message: uploadIncomplete });
        return;
      }
      // The upload URL bound the size range and the type, but the object is what counts: a file that
      // is not what the seller chose is removed, never attached.
      const problem =
        stored.size !== parsed.data.size
          ? `The uploaded file has ${stored.size} bytes, not ${parsed.data.size}. Upload it again.`
          : stored.size > maxFileBytes
            ? `A file may be at most ${maxFileBytes} bytes.`
            : baseType(stored.contentType) !== baseType(parsed.data.contentType)
              ? `The uploaded file is stored as ${stored.contentType}, not ${parsed.data.contentType}. Upload it again.`
              : null;
      if (problem) {
        await deleteUnlisted();
        res.status(422).json({ message: problem });
        return;
      }
      const file: DeliverableFile = {
        id: fileId,
        name: parsed.data.name,
        size: stored.size,
        contentType: stored.contentType,
        storagePath,
        order: 0,
      };
      if (isPdf(file)) {
        const check = inspectPdf
          ? await inspectPdf(bucket.bucket.file(storagePath).createReadStream())
          : ({ stampable: true } as const);
        file.stampPdf = check.stampable;
        if (!check.stampable) file.stampNote = check.reason;
      }
      const files = await db.runTransaction(async (t) => {
        const current = readDeliverables((await t.get(deliverablesRef(productId))).data());
        // Another attach of the same upload got here first: it stands as it was checked.
        if (current.files.some((existing) => existing.id === fileId)) return 'attached' as const;
        if (current.files.length >= maxFilesPerProduct) return 'full' as const;
        const next = renumbered([...current.files, { ...file, order: current.files.length }]);
        t.set(deliverablesRef(productId), { files: next }, { merge: true });
        return next;
      });
      if (files === 'attached') {
        res.status(409).json({ message: alreadyAttached });
        return;
      }
      if (files === 'full') {
        await deleteUnlisted();
        res.status(409).json({ message: `A product has at most ${maxFilesPerProduct} files.` });
        return;
      }
      res.json({ files, attached: files.find((entry) => entry.id === fileId) });
    } catch (error) {
      failed(res, `Attaching ${fileId} to ${productId} failed`, error);
    }
  };

  const rename: RequestHandler<FileParams> = async (req, res) => {
    const parsed = parseBody(renameBody, req.body);
    if (!parsed.ok) {
      res.status(400).json({ message: parsed.message });
      return;
    }
    if (!prepare(req, res)) return;
    const { productId, fileId } = req.params;
    try {
      const files = await db.runTransaction(async (t) => {
        const current = readDeliverables((await t.get(deliverablesRef(productId))).data());
        const file = current.files.find((entry) => entry.id === fileId);
        if (!file) return 'gone' as const;
        const { name, from } = parsed.data;
        if (from !== undefined && file.name !== from) return 'changed' as const;
        const next = current.files.map((entry) => (entry.id === fileId ? { ...entry, name } : entry));
        t.update(deliverablesRef(productId), { files: next });
        return next;
      });
      if (files === 'gone') res.status(404).json({ message: fileNotFound });
      else if (files === 'changed') res.status(409).json({ message: orderMismatch });
      else res.json({ files });
    } catch (error) {
      failed(res, `Renaming ${fileId} failed`, error);
    }
  };

  const reorder: RequestHandler<ProductParams> = async (req, res) => {
    const parsed = parseBody(orderBody, req.body);
    if (!parsed.ok) {
      res.status(400).json({ message: parsed.message });
      return;
    }
    if (!prepare(req, res)) return;
    const { productId } = req.params;
    const wanted = parsed.data.fileIds;
    try {
      const files = await db.runTransaction(async (t) => {
        const current = readDeliverables((await t.get(deliverablesRef(productId))).data());
        // Exactly the files there are now, each once: an order made from a stale list is refused.
        const sameSet =
          wanted.length === current.files.length &&
          new Set(wanted).size === wanted.length &&
          current.files.every((file) => wanted.includes(file.id));
        if (!sameSet) return null;
        const next = current.files
          .map((file) => ({ ...file, order: wanted.indexOf(file.id) }))
          .sort((a, b) => a.order - b.order);
        t.update(deliverablesRef(productId), { files: next });
        return next;
      });
      if (files) res.json({ files });
      else res.status(409).json({ message: orderMismatch });
    } catch (error) {
      failed(res, `Reordering the files of ${productId} failed`, error);
    }
  };

  const remove: RequestHandler<FileParams> = async (req, res) => {
    const bucket = prepare(req, res);
    if (!bucket) return;
    const { productId, fileId } = req.params;
    try {
      const removed = await db.runTransaction(async (t) => {
        const current = readDeliverables((await t.get(deliverablesRef(productId))).data());
        const file = current.files.find((entry) => entry.id === fileId);
        if (!file) return null;
        const next = renumbered(current.files.filter((entry) => entry.id !== fileId));
        t.update(deliverablesRef(productId), { files: next });
        return { file, next };
      });
      if (!removed) {
        res.status(404).json({ message: fileNotFound });
        return;
      }
      // After the document no longer lists it, so no buyer is offered a file that is gone; with it go
      // the buyers' stamped copies of it.
      await bucket.deleteObject(removed.file.storagePath);
      await deleteUnder(bucket, stampedPrefix(productId, fileId));
      res.json({ files: removed.next });
    } catch (error) {
      failed(res, `Deleting ${fileId} failed`, error);
    }
  };

  /** How many purchases refer to the product (they keep its files after the product is deleted). */
  const buyersOf = async (productId: string): Promise<number> => {
    const counted = await db.collection(transactionsCollection).where('productId', '==', productId).count().get();
    return counted.data().count;
  };

  const usage: RequestHandler<ProductParams> = async (req, res) => {
    if (!prepare(req, res)) return;
    try {
      const deliverables = readDeliverables((await deliverablesRef(req.params.productId).get()).data());
      res.json({ buyers: await buyersOf(req.params.productId), files: deliverables.files.length });
    } catch (error) {
      failed(res, `Usage of ${req.params.productId} failed`, error);
    }
  };

  const removeAll: RequestHandler<ProductParams> = async (req, res) => {
    const parsed = parseBody(deleteAllBody, req.body);
    if (!parsed.ok) {
      res.status(400).json({ message: parsed.message });
      return;
    }
    const bucket = prepare(req, res);
    if (!bucket) return;
    const { productId } = req.params;
    try {
      const buyers = await buyersOf(productId);
      // The seller agreed to a number; a sale since then means they did not agree to this one.
      if (buyers !== parsed.data.confirmBuyers) {
        res.status(409).json({
          message: `${buyers} ${buyers === 1 ? 'buyer' : 'buyers'} would lose access now, not ${parsed.data.confirmBuyers}. Check and confirm again.`,
          buyers,
        });
        return;
      }
      const files = await db.runTransaction(async (t) => {
        const [snapshot, product] = await t.getAll(
          deliverablesRef(productId),
          db.collection('products').doc(productId),
        );
        const current = readDeliverables(snapshot?.data());
        // A deleted product's document was kept only for its files; an existing one keeps its link and switches.
        if (snapshot?.exists && !product?.exists) t.delete(deliverablesRef(productId));
        else if (snapshot?.exists) t.update(deliverablesRef(productId), { files: FieldValue.delete() });
        return current.files;
      });
      const [objects] = await bucket.bucket.getFiles({ prefix: `deliverables/${productId}/` });
      const paths = new Set([...files.map((file) => file.storagePath), ...objects.map((object) => object.name)]);
      for (const path of paths) await bucket.deleteObject(path);
      // The buyers' stamped copies go too: these buyers were told they lose access.
      await deleteUnder(bucket, `stamped/${productId}/`);
      res.json({ deleted: paths.size, buyers });
    } catch (error) {
      failed(res, `Deleting the files of ${productId} failed`, error);
    }
  };

  const deleteUnder = async (bucket: FileStorage, prefix: string) => {
    const [objects] = await bucket.bucket.getFiles({ prefix });
    for (const object of objects) await bucket.deleteObject(object.name);
  };

  const router = Router();
  router.use(limiter, requireAdmin);
  router.post('/:productId/files', startUpload);
  router.get('/:productId/files/usage', usage);
  router.put('/:productId/files/order', reorder);
  router.delete('/:productId/files', removeAll);
  router.post('/:productId/files/:fileId/attach', attach);
  router.patch('/:productId/files/:fileId', rename);
  router.delete('/:productId/files/:fileId', remove);
  return router;
}
