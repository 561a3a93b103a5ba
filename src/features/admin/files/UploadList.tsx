// The uploads under way in the files section (docs/files.md, 'Uploading'): a progress bar each, Cancel
// while one runs, Dismiss once it has ended.
import type { UploadProgress } from './resumableUpload';
import { formatSize } from '../../../../domain/deliverableFiles';
import { secondaryButtonClass } from '../../../components/buttonClasses';

export interface UploadEntry {
  key: number;
  name: string;
  progress: UploadProgress;
  cancel: () => void;
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

export function UploadList({
  uploads,
  onDismiss,
}: {
  uploads: readonly UploadEntry[];
  onDismiss: (key: number) => void;
}) {
  return (
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
                  onClick={() => onDismiss(entry.key)}
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
  );
}
