import { useEffect, useState } from 'react';
import type { LearnLesson, PreviewOutline } from '../../../../domain/courses';
import { Modal } from '../../../components/Modal';
import { toAppError, type ErrorWords } from '../../../lib/errors';
import { fetchPreviewLesson } from '../api/coursePreview';

const unloaded = 'The preview could not be loaded. Please try again.';
/** The API's own sentence when it sent one, else the dialog's. */
const previewWords: ErrorWords = { spoken: 'all', network: unloaded, fallback: unloaded };

type Loaded = { lesson: LearnLesson; error: null } | { lesson: null; error: string };

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
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const chosen = lessons.find((lesson) => lesson.id === lessonId);

  useEffect(() => {
    let live = true;
    fetchPreviewLesson(productId, lessonId).then(
      (lesson) => live && setLoaded({ lesson, error: null }),
      (error: unknown) => live && setLoaded({ lesson: null, error: toAppError(error, previewWords).message }),
    );
    return () => {
      live = false;
    };
  }, [productId, lessonId]);

  const lesson = loaded?.lesson?.id === lessonId ? loaded.lesson : null;
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
        ) : loaded?.error && loaded.lesson === null ? (
          <p role="alert" className="text-red-800">
            {loaded.error}
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
