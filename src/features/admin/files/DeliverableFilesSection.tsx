// The files a buyer downloads, in Post A Product (once the product exists) and on the product's page
// (docs/files.md, 'Uploading'): add files with a progress bar each, Cancel, resumption after a dropped
// connection; rename, reorder and delete attached files; the delivery switches beside them.
import { useEffect, useId, useRef, useState } from 'react';
import { confirmAction } from '../../../lib/alerts';
import { toAppError } from '../../../lib/errors';
import { adminApiWords } from '../api/adminHttp';
import {
  attachFile,
  deleteFile,
  renameFile,
  reorderFiles,
  startFileUpload,
  type DeliverableFile,
} from '../api/deliverableFiles';
import { secondaryButtonClass } from '../../../components/buttonClasses';
import { AttachedFile } from './AttachedFile';
import { DeliverySettingsForm } from './DeliverySettingsForm';
import { LicenseKeysForm } from '../licenses/LicenseKeysForm';
import {
  browserTransport,
  uploadFile,
  type Attached,
  type UploadProgress,
  type UploadTransport,
} from './resumableUpload';
import { UploadList, type UploadEntry } from './UploadList';
import { useGetDeliverablesQuery } from '../api/productExtrasApi';

/** The API's sentence for a refused action, else words: never 'Request failed with status 500' or 'Failed to fetch'. */
function errorText(error: unknown): string {
  return toAppError(error, adminApiWords).message;
}

/**
 * The product's files and delivery settings as stored, loaded again on `reload` (after a failed load).
 * The files shown are the last answer of the API: each action on them answers the whole list.
 */
function useStoredDeliverables(productId: string) {
  const stored = useGetDeliverablesQuery(productId);
  const [changed, setFiles] = useState<{ at: number; files: DeliverableFile[] } | null>(null);
  const data = stored.data;
  // Whichever came last shows: a load of the product's deliverables, or an action's answer.
  const files = changed && changed.at >= (stored.fulfilledTimeStamp ?? 0) ? changed.files : (data?.files ?? null);
  const settings = data
    ? { stampPdf: data.stampPdf, downloadLimit: data.downloadLimit, expiryDays: data.expiryDays }
    : null;
  return {
    files,
    setFiles: (next: DeliverableFile[]) => setFiles({ at: Date.now(), files: next }),
    settings,
    licenseKeys: data?.licenseKeys ?? null,
    // A failed load stays said while it is tried again, until a load succeeds.
    loadError: stored.error ? toAppError(stored.error).message : null,
    reload: () => void stored.refetch(),
  };
}

/** The queued file lists whose upload has started. */
const startedQueues = new WeakSet<readonly File[]>();

function LoadFailed({ error, onRetry }: { error: string; onRetry: () => void }) {
  return (
    <div role="alert" className="space-y-2">
      <p className="text-red-700">The files could not be loaded: {error}</p>
      <button type="button" className={secondaryButtonClass} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** The uploads under way: each file sent with its progress; `onAttached` hears each one that attached. */
function useUploads(
  productId: string,
  { transport, retryDelays }: { transport?: UploadTransport; retryDelays?: number[] },
  onAttached: (answer: Attached) => void,
) {
  const [uploads, setUploads] = useState<UploadEntry[]>([]);
  const nextKey = useRef(0);
  const uploader =
    transport ??
    browserTransport({
      start: (file) => startFileUpload(productId, file),
      attach: (fileId, file) => attachFile(productId, fileId, file),
    });

  const update = (key: number, progress: UploadProgress) =>
    setUploads((current) => current.map((entry) => (entry.key === key ? { ...entry, progress } : entry)));

  const addFiles = (chosen: ArrayLike<File> | null | undefined) => {
    for (const file of Array.from(chosen ?? [])) {
      const key = nextKey.current++;
      const handle = uploadFile(
        file,
        uploader,
        (progress) => update(key, progress),
        retryDelays ? { delays: retryDelays } : {},
      );
      setUploads((current) => [
        ...current,
        {
          key,
          name: file.name,
          progress: { phase: 'starting', sent: 0, size: file.size },
          cancel: () => handle.cancel(),
        },
      ]);
      void handle.done.then((answer) => {
        if (answer) {
          onAttached(answer);
          // A finished upload leaves the list of uploads; the file now shows among the attached ones.
          setUploads((current) => current.filter((entry) => entry.key !== key));
        }
      });
    }
  };
  return { uploads, setUploads, addFiles };
}

export function DeliverableFilesSection({
  productId,
  queued,
  transport,
  retryDelays,
  withLicenseKeys = true,
}: {
  productId: string;
  /** Files the seller chose before the product existed (Post A Product): uploaded as the section opens. */
  queued?: readonly File[];
  /** The network side of uploads (tests); by default the browser's, through the API. */
  transport?: UploadTransport;
  /** Waits between tries after a dropped connection (tests); by default 1 s growing to 30 s. */
  retryDelays?: number[];
  /** Whether the license key settings show here (Post A Product); the product page has a section for them. */
  withLicenseKeys?: boolean;
}) {
  const headingId = useId();
  const inputId = useId();
  const { files, setFiles, settings, licenseKeys, loadError, reload } = useStoredDeliverables(productId);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const { uploads, setUploads, addFiles } = useUploads(productId, { transport, retryDelays }, (answer) => {
    setFiles(answer.files);
    const { attached } = answer;
    if (attached?.stampPdf === false && attached.stampNote) setStatus(`${attached.name}: ${attached.stampNote}`);
  });
  const addChosen = (chosen: FileList | null) => {
    addFiles(chosen);
    if (fileInput.current) fileInput.current.value = '';
  };

  // Once per list the seller chose: a re-render, a remount or React's development double effect must not
  // upload them twice.
  useEffect(() => {
    if (!queued?.length || startedQueues.has(queued)) return;
    startedQueues.add(queued);
    addFiles(queued);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the files chosen while posting, started once
  }, []);

  const act = async (action: () => Promise<DeliverableFile[]>, done: string) => {
    if (busy) return;
    setBusy(true);
    try {
      setFiles(await action());
      setStatus(done);
    } catch (error) {
      setStatus(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const move = (index: number, by: -1 | 1) => {
    if (!files) return;
    const ids = files.map((file) => file.id);
    const [moved] = ids.splice(index, 1);
    if (!moved) return;
    ids.splice(index + by, 0, moved);
    void act(() => reorderFiles(productId, ids), 'Order saved.');
  };

  const remove = async (file: DeliverableFile) => {
    const sure = await confirmAction(
      `Delete ${file.name}?`,
      'Buyers will no longer see this file on their download page.',
      'Yes, delete it',
    );
    if (sure) void act(() => deleteFile(productId, file.id), `${file.name} deleted.`);
  };

  return (
    <section aria-labelledby={headingId} className="mt-6 space-y-4 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        Files buyers download
      </h3>
      {loadError ? <LoadFailed error={loadError} onRetry={reload} /> : null}

      <div>
        <label htmlFor={inputId} className="mb-1 block font-medium text-slate-800">
          Add files (PDF, EPUB, ZIP, MP3, MP4…)
        </label>
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          multiple
          className="block w-full max-w-full text-sm"
          onChange={(event) => addChosen(event.target.files)}
        />
      </div>

      {uploads.length > 0 ? (
        <UploadList
          uploads={uploads}
          onDismiss={(key) => setUploads((current) => current.filter((item) => item.key !== key))}
        />
      ) : null}

      {files === null && !loadError ? <p role="status">Loading files…</p> : null}
      {files !== null && files.length === 0 ? <p className="text-slate-700">No files yet.</p> : null}
      {files !== null && files.length > 0 ? (
        <ol aria-label="Attached files" className="space-y-3">
          {files.map((file, index) => (
            <AttachedFile
              key={file.id}
              file={file}
              first={index === 0}
              last={index === files.length - 1}
              busy={busy}
              onRename={(name) => void act(() => renameFile(productId, file.id, name, file.name), 'Name saved.')}
              onMove={(by) => move(index, by)}
              onDelete={() => void remove(file)}
            />
          ))}
        </ol>
      ) : null}

      <p role="status" aria-live="polite" className="text-slate-800">
        {status}
      </p>

      {settings ? <DeliverySettingsForm productId={productId} initial={settings} onSaved={setStatus} /> : null}
      {licenseKeys && withLicenseKeys ? (
        <LicenseKeysForm productId={productId} initial={licenseKeys} onSaved={setStatus} />
      ) : null}
    </section>
  );
}
