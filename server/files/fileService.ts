// The seller's deliverable files (docs/files.md, 'Uploading'): what the admin's file routes
// (fileRoutes.ts) do with the product's files list and the bucket. A file joins productDeliverables.files
// only here, after the object was seen in the bucket with the size and type the seller declared.
import { randomBytes } from 'node:crypto';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { isPdf, readDeliverables, renumbered, type DeliverableFile } from './deliverables';
import { stampedPrefix } from './stampedCopies';
import type { FileStorage } from './storage';
import { deliverablesCollection, productsCollection, transactionsCollection } from '../lib/collections';

export const maxFilesPerProduct = 50;

/** What inspecting a PDF says, in the seller's words when it cannot carry the buyer's name. */
export type PdfCheck = { stampable: true } | { stampable: false; reason: string };
export type PdfInspector = (bytes: AsyncIterable<Uint8Array>) => Promise<PdfCheck>;

/** What the seller declared about an upload. */
export interface FileFacts {
  name: string;
  size: number;
  contentType: string;
}

export type AttachOutcome =
  | { kind: 'alreadyAttached' }
  | { kind: 'notUploaded' }
  | { kind: 'refused'; problem: string }
  | { kind: 'full' }
  | { kind: 'attached'; files: DeliverableFile[]; attached: DeliverableFile | undefined };

export type RemoveAllOutcome =
  { kind: 'buyersChanged'; buyers: number } | { kind: 'deleted'; deleted: number; buyers: number };

/**
 * 16 random bytes: unguessable, and a valid path segment. An id may not start with '__' (reserved,
 * and refused by the storage paths), which base64url gives once in 4,096 draws: drawn again then.
 */
export function newFileId(): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('__')) return id;
  }
}

/** `type/subtype` without parameters, for comparing what the seller declared with what was stored. */
function baseType(contentType: string): string {
  return contentType.split(';')[0]?.trim().toLowerCase() ?? '';
}

/** What the file operations work with, given once to {@link createFileService}. */
export interface FileServiceDeps {
  db: Firestore;
  /** Reads an uploaded PDF and says whether it can carry the buyer's name (server/files/pdfStamp.ts). */
  inspectPdf: PdfInspector | null;
  maxFileBytes: number;
}

const deliverablesRef = (db: Firestore, productId: string) => db.collection(deliverablesCollection).doc(productId);

/** A signed upload URL for a new file of an existing product; null: no such product. */
async function startUpload(
  { db }: FileServiceDeps,
  bucket: FileStorage,
  productId: string,
  facts: FileFacts,
  origin: string,
) {
  if (!(await db.collection(productsCollection).doc(productId).get()).exists) return null;
  const fileId = newFileId();
  const upload = await bucket.uploadUrl(productId, fileId, {
    contentType: facts.contentType,
    size: facts.size,
    origin,
  });
  return { fileId, ...upload };
}

async function attach(
  { db, inspectPdf, maxFileBytes }: FileServiceDeps,
  bucket: FileStorage,
  productId: string,
  fileId: string,
  facts: FileFacts,
): Promise<AttachOutcome> {
  const storagePath = `deliverables/${productId}/${fileId}`;
  /** Whether the product lists the file: its object is then live, bought, and never deleted here. */
  const isListed = async () =>
    readDeliverables((await deliverablesRef(db, productId).get()).data()).files.some((entry) => entry.id === fileId);
  /** A refused object goes only while no product lists it (the path names its one product). */
  const deleteUnlisted = async () => {
    if (!(await isListed())) await bucket.deleteObject(storagePath);
  };
  // Before anything that could delete the object: an attached file is the buyers' copy, and a
  // second attach (another tab, a replayed request) with other facts must not remove it.
  if (await isListed()) return { kind: 'alreadyAttached' };
  const stored = await bucket.objectMetadata(storagePath);
  if (!stored) return { kind: 'notUploaded' };
  // The upload URL bound the size range and the type, but the object is what counts: a file that
  // is not what the seller chose is removed, never attached.
  const problem =
    stored.size !== facts.size
      ? `The uploaded file has ${stored.size} bytes, not ${facts.size}. Upload it again.`
      : stored.size > maxFileBytes
        ? `A file may be at most ${maxFileBytes} bytes.`
        : baseType(stored.contentType) !== baseType(facts.contentType)
          ? `The uploaded file is stored as ${stored.contentType}, not ${facts.contentType}. Upload it again.`
          : null;
  if (problem) {
    await deleteUnlisted();
    return { kind: 'refused', problem };
  }
  const file: DeliverableFile = {
    id: fileId,
    name: facts.name,
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
    const current = readDeliverables((await t.get(deliverablesRef(db, productId))).data());
    // Another attach of the same upload got here first: it stands as it was checked.
    if (current.files.some((existing) => existing.id === fileId)) return 'attached' as const;
    if (current.files.length >= maxFilesPerProduct) return 'full' as const;
    const next = renumbered([...current.files, { ...file, order: current.files.length }]);
    t.set(deliverablesRef(db, productId), { files: next }, { merge: true });
    return next;
  });
  if (files === 'attached') return { kind: 'alreadyAttached' };
  if (files === 'full') {
    await deleteUnlisted();
    return { kind: 'full' };
  }
  return { kind: 'attached', files, attached: files.find((entry) => entry.id === fileId) };
}

/** The new list, or why not: the file is gone, or its name changed since the admin's list. */
function rename({ db }: FileServiceDeps, productId: string, fileId: string, name: string, from: string | undefined) {
  return db.runTransaction(async (t) => {
    const current = readDeliverables((await t.get(deliverablesRef(db, productId))).data());
    const file = current.files.find((entry) => entry.id === fileId);
    if (!file) return 'gone' as const;
    if (from !== undefined && file.name !== from) return 'changed' as const;
    const next = current.files.map((entry) => (entry.id === fileId ? { ...entry, name } : entry));
    t.update(deliverablesRef(db, productId), { files: next });
    return next;
  });
}

/** The new list, or null for an order made from a stale list. */
function reorder({ db }: FileServiceDeps, productId: string, wanted: string[]) {
  return db.runTransaction(async (t) => {
    const current = readDeliverables((await t.get(deliverablesRef(db, productId))).data());
    // Exactly the files there are now, each once: an order made from a stale list is refused.
    const sameSet =
      wanted.length === current.files.length &&
      new Set(wanted).size === wanted.length &&
      current.files.every((file) => wanted.includes(file.id));
    if (!sameSet) return null;
    const next = current.files
      .map((file) => ({ ...file, order: wanted.indexOf(file.id) }))
      .sort((a, b) => a.order - b.order);
    t.update(deliverablesRef(db, productId), { files: next });
    return next;
  });
}

async function deleteUnder(bucket: FileStorage, prefix: string) {
  const [objects] = await bucket.bucket.getFiles({ prefix });
  for (const object of objects) await bucket.deleteObject(object.name);
}

/** The list without the file, or null when it was not there. */
async function remove({ db }: FileServiceDeps, bucket: FileStorage, productId: string, fileId: string) {
  const removed = await db.runTransaction(async (t) => {
    const current = readDeliverables((await t.get(deliverablesRef(db, productId))).data());
    const file = current.files.find((entry) => entry.id === fileId);
    if (!file) return null;
    const next = renumbered(current.files.filter((entry) => entry.id !== fileId));
    t.update(deliverablesRef(db, productId), { files: next });
    return { file, next };
  });
  if (!removed) return null;
  // After the document no longer lists it, so no buyer is offered a file that is gone; with it go
  // the buyers' stamped copies of it.
  await bucket.deleteObject(removed.file.storagePath);
  await deleteUnder(bucket, stampedPrefix(productId, fileId));
  return removed.next;
}

/** How many purchases refer to the product (they keep its files after the product is deleted). */
async function buyersOf(db: Firestore, productId: string): Promise<number> {
  const counted = await db.collection(transactionsCollection).where('productId', '==', productId).count().get();
  return counted.data().count;
}

async function usage({ db }: FileServiceDeps, productId: string) {
  const deliverables = readDeliverables((await deliverablesRef(db, productId).get()).data());
  return { buyers: await buyersOf(db, productId), files: deliverables.files.length };
}

async function removeAll(
  { db }: FileServiceDeps,
  bucket: FileStorage,
  productId: string,
  confirmBuyers: number,
): Promise<RemoveAllOutcome> {
  const buyers = await buyersOf(db, productId);
  // The seller agreed to a number; a sale since then means they did not agree to this one.
  if (buyers !== confirmBuyers) return { kind: 'buyersChanged', buyers };
  const files = await db.runTransaction(async (t) => {
    const [snapshot, product] = await t.getAll(
      deliverablesRef(db, productId),
      db.collection(productsCollection).doc(productId),
    );
    const current = readDeliverables(snapshot?.data());
    // A deleted product's document was kept only for its files; an existing one keeps its link and switches.
    if (snapshot?.exists && !product?.exists) t.delete(deliverablesRef(db, productId));
    else if (snapshot?.exists) t.update(deliverablesRef(db, productId), { files: FieldValue.delete() });
    return current.files;
  });
  const [objects] = await bucket.bucket.getFiles({ prefix: `deliverables/${productId}/` });
  const paths = new Set([...files.map((file) => file.storagePath), ...objects.map((object) => object.name)]);
  for (const path of paths) await bucket.deleteObject(path);
  // The buyers' stamped copies go too: these buyers were told they lose access.
  await deleteUnder(bucket, `stamped/${productId}/`);
  return { kind: 'deleted', deleted: paths.size, buyers };
}

/** The file operations, each given the deps once here; the routes call them without. */
export function createFileService(deps: FileServiceDeps) {
  const over =
    <A extends unknown[], R>(operation: (deps: FileServiceDeps, ...args: A) => R) =>
    (...args: A): R =>
      operation(deps, ...args);
  return {
    startUpload: over(startUpload),
    attach: over(attach),
    rename: over(rename),
    reorder: over(reorder),
    remove: over(remove),
    usage: over(usage),
    removeAll: over(removeAll),
  };
}

export type FileService = ReturnType<typeof createFileService>;
