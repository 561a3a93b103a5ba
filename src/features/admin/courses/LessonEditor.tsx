import { useId, useState } from 'react';
import type { AdminLesson } from '../../../../domain/courses';
import type { AttachedVideo } from '../api/courses';
import type { DeliverableFile } from '../api/deliverableFiles';
import type { UploadTransport } from '../files/resumableUpload';
import { optionalWholeNumber } from '../../../lib/optionalWholeNumber';
import { LessonVideoField } from './LessonVideoField';
import { MarkdownPreview } from './MarkdownPreview';

const inputClass =
  'block w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900 ' +
  'focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30';

/** The longest drip the editor accepts: ten years. */
export const maxDripDays = 3650;

export interface LessonEditorProps {
  productId: string;
  lesson: AdminLesson;
  files: DeliverableFile[] | null;
  onChange: (change: (lesson: AdminLesson) => AdminLesson) => void;
  onVideoAttached: (course: AttachedVideo) => void;
  /** Whether the drip field holds something that is not a number of days (Save waits for it). */
  onDripValid: (valid: boolean) => void;
  transport?: UploadTransport<AttachedVideo>;
}

/** One lesson's fields (docs/courses.md): title, Markdown body with its preview, video, files, preview and drip. */
export function LessonEditor({
  productId,
  lesson,
  files,
  onChange,
  onVideoAttached,
  onDripValid,
  transport,
}: LessonEditorProps) {
  const id = useId();

  return (
    <div className="mt-3 space-y-4 rounded-lg bg-slate-50 p-3">
      <div>
        <label htmlFor={`${id}-title`} className="mb-1 block font-medium text-slate-800">
          Lesson title
        </label>
        <input
          id={`${id}-title`}
          className={inputClass}
          value={lesson.title}
          maxLength={200}
          onChange={(event) => onChange((current) => ({ ...current, title: event.target.value }))}
        />
      </div>
      <div>
        <label htmlFor={`${id}-body`} className="mb-1 block font-medium text-slate-800">
          Lesson text (Markdown)
        </label>
        <textarea
          id={`${id}-body`}
          className={`${inputClass} min-h-32 font-mono text-sm`}
          value={lesson.body}
          onChange={(event) => onChange((current) => ({ ...current, body: event.target.value }))}
        />
      </div>
      <MarkdownPreview markdown={lesson.body} />
      <LessonVideoField
        productId={productId}
        lessonId={lesson.id}
        kind="main"
        label="Video"
        video={lesson.video}
        onAttached={onVideoAttached}
        onRemove={() => onChange((current) => ({ ...current, video: null }))}
        transport={transport}
      />
      {lesson.video ? (
        <LessonVideoField
          productId={productId}
          lessonId={lesson.id}
          kind="lowData"
          label="Low-data version"
          video={lesson.video.lowDataFileId ? lesson.video : null}
          onAttached={onVideoAttached}
          onRemove={() =>
            onChange((current) => ({ ...current, video: current.video && { ...current.video, lowDataFileId: null } }))
          }
          transport={transport}
        />
      ) : null}
      <LessonFilesField files={files} chosen={lesson.attachmentFileIds} onChange={onChange} />
      <label className="flex min-h-11 items-center gap-2 text-slate-800">
        <input
          type="checkbox"
          className="h-5 w-5 accent-brand-700"
          checked={lesson.preview}
          onChange={(event) => onChange((current) => ({ ...current, preview: event.target.checked }))}
        />
        Free preview
      </label>
      <DripField dripDays={lesson.dripDays} onChange={onChange} onDripValid={onDripValid} />
    </div>
  );
}

/** The product's files, each ticked to offer it with the lesson. */
function LessonFilesField({
  files,
  chosen,
  onChange,
}: {
  files: DeliverableFile[] | null;
  chosen: string[];
  onChange: LessonEditorProps['onChange'];
}) {
  const toggleFile = (fileId: string, on: boolean) =>
    onChange((current) => ({
      ...current,
      attachmentFileIds: on
        ? [...current.attachmentFileIds.filter((kept) => kept !== fileId), fileId]
        : current.attachmentFileIds.filter((kept) => kept !== fileId),
    }));

  return (
    <fieldset>
      <legend className="font-medium text-slate-800">Files offered with this lesson</legend>
      {files === null ? (
        <p role="status" className="text-slate-700">
          Loading files…
        </p>
      ) : files.length === 0 ? (
        <p className="text-slate-700">The product has no files yet.</p>
      ) : (
        <ul className="mt-1 space-y-1">
          {files.map((file) => (
            <li key={file.id}>
              <label className="flex min-h-11 items-center gap-2 text-slate-800">
                <input
                  type="checkbox"
                  className="h-5 w-5 accent-brand-700"
                  checked={chosen.includes(file.id)}
                  onChange={(event) => toggleFile(file.id, event.target.checked)}
                />
                {file.name}
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** The drip: days after purchase until the lesson opens, blank for at once; kept as typed until it is a number. */
function DripField({
  dripDays,
  onChange,
  onDripValid,
}: {
  dripDays: number | null;
  onChange: LessonEditorProps['onChange'];
  onDripValid: LessonEditorProps['onDripValid'];
}) {
  const id = useId();
  const [dripText, setDripText] = useState(dripDays === null ? '' : String(dripDays));
  const [dripError, setDripError] = useState<string | null>(null);

  const changeDrip = (text: string) => {
    setDripText(text);
    const days = optionalWholeNumber(text, maxDripDays);
    if (days === undefined) {
      setDripError(`Enter a whole number of days from 1 to ${maxDripDays}, or leave it blank.`);
      onDripValid(false);
      return;
    }
    setDripError(null);
    onDripValid(true);
    onChange((current) => ({ ...current, dripDays: days }));
  };

  return (
    <div>
      <label htmlFor={`${id}-drip`} className="mb-1 block font-medium text-slate-800">
        Available days after purchase
      </label>
      <input
        id={`${id}-drip`}
        className={`${inputClass} max-w-32`}
        inputMode="numeric"
        value={dripText}
        aria-describedby={`${id}-drip-help`}
        aria-invalid={dripError ? true : undefined}
        onChange={(event) => changeDrip(event.target.value)}
      />
      <p id={`${id}-drip-help`} className={dripError ? 'mt-1 text-red-700' : 'mt-1 text-sm text-slate-700'}>
        {dripError ?? 'Blank: available at once.'}
      </p>
    </div>
  );
}
