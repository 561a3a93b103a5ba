// The seller's deliverable files (docs/files.md, 'Uploading'): the API issues upload URLs and attaches
// files after checking them in the bucket; the delivery switches beside the files are the admin's own
// write to productDeliverables (productAdminQueries.ts; the rules refuse admins' writes to `files`).
import type { DeliverableFile } from '../../../../domain/deliverableFiles';
import { callAsAdmin } from './adminHttp';

export type { DeliverableFile } from '../../../../domain/deliverableFiles';

export {
  fetchDeliverables,
  saveDeliverySettings,
  type DeliverySettings,
  type ProductDeliverables,
} from './productAdminQueries';

export interface StartedUpload {
  fileId: string;
  /** POST here with exactly `headers` to open the resumable session. */
  url: string;
  headers: Record<string, string>;
}

const filesUrl = (productId: string) => `/api/admin/products/${encodeURIComponent(productId)}/files`;

function filesOf(answer: unknown): DeliverableFile[] {
  const files = (answer as { files?: unknown } | null)?.files;
  return Array.isArray(files) ? (files as DeliverableFile[]) : [];
}

export async function startFileUpload(
  productId: string,
  file: { name: string; size: number; type: string },
): Promise<StartedUpload> {
  return (await callAsAdmin('POST', filesUrl(productId), {
    name: file.name,
    size: file.size,
    contentType: file.type || 'application/octet-stream',
  })) as StartedUpload;
}

export async function attachFile(
  productId: string,
  fileId: string,
  file: { name: string; size: number; type: string },
): Promise<{ files: DeliverableFile[]; attached: DeliverableFile | undefined }> {
  const answer = await callAsAdmin('POST', `${filesUrl(productId)}/${encodeURIComponent(fileId)}/attach`, {
    name: file.name,
    size: file.size,
    contentType: file.type || 'application/octet-stream',
  });
  const files = filesOf(answer);
  return { files, attached: files.find((entry) => entry.id === fileId) };
}

/** `from` is the name the admin's list shows: the API refuses (409) when another admin renamed it since. */
export async function renameFile(
  productId: string,
  fileId: string,
  name: string,
  from: string,
): Promise<DeliverableFile[]> {
  return filesOf(await callAsAdmin('PATCH', `${filesUrl(productId)}/${encodeURIComponent(fileId)}`, { name, from }));
}

export async function reorderFiles(productId: string, fileIds: string[]): Promise<DeliverableFile[]> {
  return filesOf(await callAsAdmin('PUT', `${filesUrl(productId)}/order`, { fileIds }));
}

export async function deleteFile(productId: string, fileId: string): Promise<DeliverableFile[]> {
  return filesOf(await callAsAdmin('DELETE', `${filesUrl(productId)}/${encodeURIComponent(fileId)}`));
}

/** How many buyers would lose access if the product's files were deleted. */
export async function fileUsage(productId: string): Promise<{ buyers: number; files: number }> {
  return (await callAsAdmin('GET', `${filesUrl(productId)}/usage`)) as { buyers: number; files: number };
}

/** Deletes every file of the product; `confirmBuyers` is the number the seller agreed to. */
export async function deleteAllFiles(productId: string, confirmBuyers: number): Promise<void> {
  await callAsAdmin('DELETE', filesUrl(productId), { confirmBuyers });
}
