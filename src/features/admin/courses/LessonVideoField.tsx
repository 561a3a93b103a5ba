import { useEffect, useId, useRef, useState } from 'react';
import type { LessonVideo } from '../../../../domain/courses';
import { attachVideo, startVideoUpload, videoContentType, type AttachedVideo, type VideoKind } from '../api/courses';
import { browserTransport, uploadFile, type UploadProgress, type UploadTransport } from '../files/resumableUpload';
import { UploadList, type UploadEntry } from '../files/UploadList';
import { secondaryButtonClass } from '../../../components/buttonClasses';

export interface LessonVideoFieldProps {
  productId: string;
  lessonId: string;
  kind: VideoKind;
  label: string;
  video: LessonVideo | null;
  onAttached: (course: AttachedVideo) => void;
  onRemove: () => void;
  transport?: UploadTransport<AttachedVideo>;
}

function minutes(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * A lesson's video or its low-data version (docs/courses.md): uploaded straight to the bucket with a
 * progress bar and resumption, like the product's files, then attached once the API has inspected it
 * (to a lesson not saved yet too: the course's Save stores it with the lesson);
 * the API's refusal (how to export for phones) is shown as it said it.
 */
export function LessonVideoField({
  productId,
  lessonId,
  kind,
  label,
  video,
  onAttached,
  onRemove,
  transport,
}: LessonVideoFieldProps) {
  const inputId = useId();
  const [upload, setUpload] = useState<UploadEntry | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const cancelRef = useRef<() => void>(() => undefined);
  useEffect(() => () => cancelRef.current(), []);

  const uploader =
    transport ??
    browserTransport<AttachedVideo>({
      start: (file) => startVideoUpload(productId, file),
      attach: (fileId) => attachVideo(productId, fileId, lessonId, kind),
    });

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setProblem(null);
    if (!videoContentType(file)) {
      setProblem('Choose an MP4 (H.264 and AAC) or WebM video.');
      return;
    }
    const update = (progress: UploadProgress) => setUpload((current) => (current ? { ...current, progress } : current));
    const handle = uploadFile(file, uploader, update);
    cancelRef.current = () => handle.cancel();
    setUpload({
      key: 0,
      name: file.name,
      progress: { phase: 'starting', sent: 0, size: file.size },
      cancel: () => handle.cancel(),
    });
    void handle.done.then((course) => {
      if (!course) return;
      setUpload(null);
      onAttached(course);
    });
  };

  const busy = upload !== null && !['done', 'cancelled', 'failed'].includes(upload.progress.phase);
  return (
    <div className="space-y-2">
      {video ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-slate-800">
            {label}: {minutes(video.durationS)}, {video.width}×{video.height}
          </p>
          <button type="button" className={secondaryButtonClass} onClick={onRemove}>
            Remove {label.toLowerCase()}
          </button>
        </div>
      ) : null}
      <div>
        <label htmlFor={inputId} className="mb-1 block font-medium text-slate-800">
          {video ? `Replace the ${label.toLowerCase()} (MP4 or WebM)` : `${label} (MP4 or WebM)`}
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="video/mp4,video/webm"
          disabled={busy}
          className="block w-full max-w-full text-sm"
          onChange={(event) => choose(event.target.files?.[0])}
        />
      </div>
      {problem ? (
        <p role="alert" className="text-red-700">
          {problem}
        </p>
      ) : null}
      {upload ? <UploadList uploads={[upload]} onDismiss={() => setUpload(null)} /> : null}
    </div>
  );
}
