// The files a buyer downloads, in Post A Product (once the product exists) and in Manage Products' edit
// (docs/files.md, 'Uploading'): add files with a progress bar each, Cancel, resumption after a dropped
// connection; rename, reorder and delete attached files; the delivery switches beside them.
import { toAppError } from '../../../lib/errors';
import { useEffect, useId, useRef, useState } from 'react';
import { formatSize, typeLabel } from '../../../../domain/deliverableFiles';
import { inputClass } from '../../../components/FormField';
import { confirmAction } from '../../../lib/alerts';
import {
  attachFile,
  deleteFile,
  fetchDeliverables,
  renameFile,
  reorderFiles,
  saveDeliverySettings,
  startFileUpload,
  type DeliverableFile,
  type DeliverySettings,
} from '../api/deliverableFiles';
import { dangerButtonClass, primaryButtonClass, secondaryButtonClass } from '../products/fields';
import { browserTransport, uploadFile, type UploadProgress, type UploadTransport } from './resumableUpload';

interface UploadEntry {
  key: number;
  name: string;
  progress: UploadProgress;
  cancel: () => void;
}

function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}

function progressText(progress: UploadProgress): string {
  const percent = progress.size > 0 ? Math.floor((progress.sent / progress.size) * 100) : 0;
  switch (progress.phase) {
    case 'starting':
      return 'Starting…';
    case 'uploading':
      return `${percent}% · ${formatSize(progress.sent)} of ${formatSize(progress.size)}`;
    case 'reconnecting':
      return `${percent}% · ${progress.message ?? 'Connection lost. Trying again…'}`;
    case 'checking':
      return 'Uploaded. Checking the file…';
    case 'done':
      return 'Added.';
    case 'cancelled':
      return 'Cancelled.';
    case 'failed':
      return progress.message ?? 'The upload failed.';
  }
}

export function DeliverableFilesSection({
  productId,
  transport,
  retryDelays,
}: {
  productId: string;
  /** The network side of uploads (tests); by default the browser's, through the API. */
  transport?: UploadTransport;
  /** Waits between tries after a dropped connection (tests); by default 1 s growing to 30 s. */
  retryDelays?: number[];
}) {
  const headingId = useId();
  const inputId = useId();
  const [files, setFiles] = useState<DeliverableFile[] | null>(null);
  const [settings, setSettings] = useState<DeliverySettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [uploads, setUploads] = useState<UploadEntry[]>([]);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const nextKey = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);

  const uploader =
    transport ??
    browserTransport({
      start: (file) => startFileUpload(productId, file),
      attach: (fileId, file) => attachFile(productId, fileId, file),
    });

  const [loads, setLoads] = useState(0);
  useEffect(() => {
    let live = true;
    fetchDeliverables(productId).then(
      (stored) => {
        if (!live) return;
        setLoadError(null);
        setFiles(stored.files);
        setSettings({ stampPdf: stored.stampPdf, downloadLimit: stored.downloadLimit, expiryDays: stored.expiryDays });
      },
      (error: unknown) => {
        if (live) setLoadError(errorText(error));
      },
    );
    return () => {
      live = false;
    };
  }, [productId, loads]);

  const update = (key: number, progress: UploadProgress) =>
    setUploads((current) => current.map((entry) => (entry.key === key ? { ...entry, progress } : entry)));

  const addFiles = (chosen: FileList | null) => {
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
          setFiles(answer.files);
          const { attached } = answer;
          if (attached?.stampPdf === false && attached.stampNote) setStatus(`${attached.name}: ${attached.stampNote}`);
          // A finished upload leaves the list of uploads; the file now shows among the attached ones.
          setUploads((current) => current.filter((entry) => entry.key !== key));
        }
      });
    }
    if (fileInput.current) fileInput.current.value = '';
  };

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
      {loadError ? (
        <div role="alert" className="space-y-2">
          <p className="text-red-700">The files could not be loaded: {loadError}</p>
          <button type="button" className={secondaryButtonClass} onClick={() => setLoads((count) => count + 1)}>
            Try again
          </button>
        </div>
      ) : null}

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
          onChange={(event) => addFiles(event.target.files)}
        />
      </div>

      {uploads.length > 0 ? (
        <ul aria-label="Uploads" className="space-y-3">
          {uploads.map((entry) => {
            const active = !['done', 'cancelled', 'failed'].includes(entry.progress.phase);
            const textId = `upload-${entry.key}-text`;
            return (
              <li key={entry.key} className="rounded-lg border border-slate-200 p-3">
                <p className="break-all font-medium text-slate-900">{entry.name}</p>
                <progress
                  className="mt-2 h-2 w-full"
                  max={entry.progress.size || 1}
                  value={entry.progress.sent}
                  aria-label={`Upload of ${entry.name}`}
                  aria-describedby={textId}
                />
                <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
                  <p
                    id={textId}
                    aria-live="polite"
                    className={entry.progress.phase === 'failed' ? 'text-red-700' : 'text-slate-700'}
                  >
                    {progressText(entry.progress)}
                  </p>
                  {active ? (
                    <button
                      type="button"
                      className={secondaryButtonClass}
                      onClick={entry.cancel}
                      aria-label={`Cancel upload of ${entry.name}`}
                    >
                      Cancel
                    </button>
                  ) : (
                    <button
                      type="button"
                      className={secondaryButtonClass}
                      onClick={() => setUploads((current) => current.filter((item) => item.key !== entry.key))}
                      aria-label={`Dismiss ${entry.name}`}
                    >
                      Dismiss
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
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
    </section>
  );
}

function AttachedFile({
  file,
  first,
  last,
  busy,
  onRename,
  onMove,
  onDelete,
}: {
  file: DeliverableFile;
  first: boolean;
  last: boolean;
  busy: boolean;
  onRename: (name: string) => void;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
}) {
  const nameId = useId();
  const [name, setName] = useState(file.name);
  return (
    <li className="rounded-lg border border-slate-200 p-3">
      <label htmlFor={nameId} className="block text-sm font-medium text-slate-800">
        Name shown to buyers
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id={nameId}
          className={`${inputClass} min-w-0 flex-1`}
          value={name}
          maxLength={140}
          onChange={(event) => setName(event.target.value)}
        />
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={busy || name.trim() === file.name || !name.trim()}
          onClick={() => onRename(name)}
          aria-label={`Save the name of ${file.name}`}
        >
          Save name
        </button>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {typeLabel(file)} · {formatSize(file.size)}
      </p>
      {file.stampPdf === false && file.stampNote ? (
        <p className="mt-1 text-sm text-amber-800">{file.stampNote}</p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={busy || first}
          onClick={() => onMove(-1)}
          aria-label={`Move ${file.name} up`}
        >
          Up
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={busy || last}
          onClick={() => onMove(1)}
          aria-label={`Move ${file.name} down`}
        >
          Down
        </button>
        <button
          type="button"
          className={dangerButtonClass}
          disabled={busy}
          onClick={onDelete}
          aria-label={`Delete ${file.name}`}
        >
          Delete
        </button>
      </div>
    </li>
  );
}

function DeliverySettingsForm({
  productId,
  initial,
  onSaved,
}: {
  productId: string;
  initial: DeliverySettings;
  onSaved: (message: string) => void;
}) {
  const stampId = useId();
  const limitId = useId();
  const expiryId = useId();
  const [stampPdf, setStampPdf] = useState(initial.stampPdf);
  const [limit, setLimit] = useState(initial.downloadLimit === null ? '' : String(initial.downloadLimit));
  const [expiry, setExpiry] = useState(initial.expiryDays === null ? '' : String(initial.expiryDays));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // What is stored as far as this form knows: a save is refused when another admin changed it since.
  const [saved, setSaved] = useState(initial);

  const parse = (text: string, max: number): number | null | undefined => {
    if (!text.trim()) return null;
    const value = Number(text);
    return Number.isInteger(value) && value >= 1 && value <= max ? value : undefined;
  };

  const save = async () => {
    const downloadLimit = parse(limit, 1000);
    const expiryDays = parse(expiry, 3650);
    if (downloadLimit === undefined) {
      setError('The download limit is a whole number from 1 to 1000, or empty for none.');
      return;
    }
    if (expiryDays === undefined) {
      setError('The expiry is a whole number of days from 1 to 3650, or empty for none.');
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const next = { stampPdf, downloadLimit, expiryDays };
      await saveDeliverySettings(productId, saved, next);
      // The next save is checked against what this one stored.
      setSaved(next);
      onSaved('Delivery settings saved.');
    } catch (caught) {
      // 'This product was changed by someone else. Reload it and try again.' when another admin saved.
      setError(toAppError(caught).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 font-medium text-slate-900">Delivery</legend>
      <div className="flex items-center gap-2">
        <input
          id={stampId}
          type="checkbox"
          checked={stampPdf}
          onChange={(event) => setStampPdf(event.target.checked)}
        />
        <label htmlFor={stampId}>Print the buyer&apos;s name on every page of PDFs</label>
      </div>
      <div>
        <label htmlFor={limitId} className="block text-sm font-medium text-slate-800">
          Downloads per file (empty: no limit)
        </label>
        <input
          id={limitId}
          inputMode="numeric"
          className={inputClass}
          value={limit}
          onChange={(event) => setLimit(event.target.value)}
        />
      </div>
      <div>
        <label htmlFor={expiryId} className="block text-sm font-medium text-slate-800">
          Days after purchase the files can be downloaded (empty: no end)
        </label>
        <input
          id={expiryId}
          inputMode="numeric"
          className={inputClass}
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
        />
      </div>
      {error ? (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      ) : null}
      <button type="button" className={primaryButtonClass} disabled={saving} onClick={() => void save()}>
        {saving ? 'Saving…' : 'Save delivery settings'}
      </button>
    </fieldset>
  );
}
