// One attached file in the files section (docs/files.md, 'Uploading'): its name shown to buyers, its
// place in the list, deleting it.
import { useId, useState } from 'react';
import { formatSize, typeLabel } from '../../../../domain/deliverableFiles';
import { inputClass } from '../../../components/FormField';
import type { DeliverableFile } from '../api/deliverableFiles';
import { dangerButtonClass, secondaryButtonClass } from '../../../components/buttonClasses';

export function AttachedFile({
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
