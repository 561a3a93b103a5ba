import { useState } from 'react';
import type { PreviewOutline } from '../../../../domain/courses';
import { Modal } from '../../../components/Modal';
import { toAppError } from '../../../lib/errors';
import { useGetPreviewLessonQuery } from '../api/coursePreviewApi';

/** A course's free preview lessons in a dialog (docs/courses.md): the video on its short-lived URL and the text. */
export function CoursePreviewDialog({
  productId,
  lessons,
  onClose,
}: {
  productId: string;
  lessons: PreviewOutline['lessons'];
  onClose: () => void;
}) {
  const [lessonId, setLessonId] = useState(lessons[0]?.id ?? '');
  const chosen = lessons.find((lesson) => lesson.id === lessonId);
  const loaded = useGetPreviewLessonQuery({ productId, lessonId });
  const lesson = loaded.currentData?.id === lessonId ? loaded.currentData : null;
  const failed = loaded.error ? toAppError(loaded.error).message : null;
  return (
    <Modal title={`Preview: ${chosen?.title ?? 'lesson'}`} onClose={onClose}>
      <div className="mt-4 space-y-4">
        {lessons.length > 1 ? (
          <div role="group" aria-label="Preview lessons" className="flex flex-wrap gap-2">
            {lessons.map((item) => (
              <button
                key={item.id}
                type="button"
                aria-pressed={item.id === lessonId}
                onClick={() => setLessonId(item.id)}
                className="min-h-11 rounded-lg border border-slate-400 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 aria-pressed:border-brand-700 aria-pressed:bg-brand-50"
              >
                {item.title}
              </button>
            ))}
          </div>
        ) : null}
        {lesson ? (
          <>
            {lesson.video && lesson.previewVideoUrl ? (
              <div
                className="overflow-hidden rounded-xl bg-black"
                style={{ aspectRatio: `${lesson.video.width} / ${lesson.video.height}` }}
              >
                {/* Lessons carry no caption files (docs/courses.md): the lesson's text follows the video. */}
                {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
                <video
                  src={lesson.previewVideoUrl}
                  controls
                  controlsList="nodownload"
                  playsInline
                  preload="metadata"
                  aria-label={`Video: ${lesson.title}`}
                  className="h-full w-full"
                  onContextMenu={(event) => event.preventDefault()}
                />
              </div>
            ) : null}
            {/* The API renders the seller's Markdown and sanitizes it (docs/courses.md): this HTML is its output. */}
            <div className="lesson-body space-y-3 text-slate-800" dangerouslySetInnerHTML={{ __html: lesson.html }} />
          </>
        ) : failed ? (
          <p role="alert" className="text-red-800">
            {failed}
          </p>
        ) : (
          <p role="status" className="text-slate-700">
            Loading the preview…
          </p>
        )}
        <div className="flex justify-end">
          <button
            type="button"
            onClick={onClose}
            className="min-h-11 rounded-lg border border-slate-400 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            Close
          </button>
        </div>
      </div>
    </Modal>
  );
}
