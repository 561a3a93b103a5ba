// The course editor on a product's page (docs/courses.md): the sections, each with its lessons,
// Add a section, and one Save for the whole course (what each press does is useCourseEditing's).
import { useId } from 'react';
import type { AttachedVideo } from '../api/courses';
import { useReportUnsaved } from '../../../components/unsavedChanges';
import type { UploadTransport } from '../files/resumableUpload';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/buttonClasses';
import { moved, newSection, updateLesson, updateSection } from './courseDraft';
import { SectionEditor } from './SectionEditor';
import { useCourseEditing } from './useCourseEditing';

export { conflictMessage } from './useCourseEditing';

export function CourseEditor({
  productId,
  transport,
}: {
  productId: string;
  transport?: UploadTransport<AttachedVideo>;
}) {
  const headingId = useId();
  const { loaded, lessons, edits, saving: saves } = useCourseEditing(productId);
  const { course, sections, files, loadError, reload } = loaded;
  const { openLessonId, setOpenLessonId, setDripValid } = lessons;
  const { edit, deleteSection, deleteLesson, addLesson, videoAttached } = edits;
  const { save, saving, status, error, unsaved } = saves;
  useReportUnsaved(unsaved);

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        Course content
      </h3>
      {loadError ? (
        <div role="alert" className="space-y-2">
          <p className="text-red-700">{loadError}</p>
          <button type="button" className={secondaryButtonClass} onClick={reload}>
            Try again
          </button>
        </div>
      ) : null}
      {course === null && !loadError ? <p role="status">Loading the course…</p> : null}
      {course !== null ? (
        <>
          {sections.length === 0 ? (
            <p className="text-slate-700">No sections yet. Add one to start the course.</p>
          ) : null}
          <ol aria-label="Sections" className="space-y-3">
            {sections.map((section, index) => (
              <SectionEditor
                key={section.id}
                productId={productId}
                section={section}
                number={index + 1}
                first={index === 0}
                last={index === sections.length - 1}
                files={files}
                openLessonId={openLessonId}
                onRename={(title) =>
                  edit((current) => updateSection(current, section.id, (kept) => ({ ...kept, title })))
                }
                onMove={(by) => edit((current) => moved(current, index, by), 'Section moved.')}
                onDelete={() => void deleteSection(section)}
                onAddLesson={() => addLesson(section.id)}
                onOpenLesson={(lessonId) => {
                  setDripValid(true);
                  setOpenLessonId(lessonId);
                }}
                onMoveLesson={(lessonIndex, by) =>
                  edit(
                    (current) =>
                      updateSection(current, section.id, (kept) => ({
                        ...kept,
                        lessons: moved(kept.lessons, lessonIndex, by),
                      })),
                    'Lesson moved.',
                  )
                }
                onDeleteLesson={(lesson) => void deleteLesson(lesson)}
                onChangeLesson={(lessonId, change) => edit((current) => updateLesson(current, lessonId, change))}
                onVideoAttached={videoAttached}
                onDripValid={setDripValid}
                transport={transport}
              />
            ))}
          </ol>
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() =>
              edit((current) => [...current, newSection(`Section ${current.length + 1}`)], 'Section added.')
            }
          >
            Add a section
          </button>
          {error ? (
            <p role="alert" className="text-red-700">
              {error}
            </p>
          ) : null}
          <p role="status" aria-live="polite" className="text-slate-800">
            {status}
          </p>
          {unsaved ? <p className="font-medium text-amber-800">You have changes that are not saved yet.</p> : null}
          <button type="button" className={primaryButtonClass} disabled={saving} onClick={() => void save()}>
            {saving ? 'Saving…' : 'Save the course'}
          </button>
        </>
      ) : null}
    </section>
  );
}
