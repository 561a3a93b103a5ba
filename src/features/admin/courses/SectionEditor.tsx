import { useId } from 'react';
import type { AdminLesson, AdminSection } from '../../../../domain/courses';
import type { AttachedVideo } from '../api/courses';
import type { DeliverableFile } from '../api/deliverableFiles';
import type { UploadTransport } from '../files/resumableUpload';
import { secondaryButtonClass } from '../../../components/buttonClasses';
import { LessonEditor } from './LessonEditor';

const smallButton = `${secondaryButtonClass} min-h-11 px-3 py-1.5 text-sm`;

export interface SectionEditorProps {
  productId: string;
  section: AdminSection;
  number: number;
  first: boolean;
  last: boolean;
  files: DeliverableFile[] | null;
  openLessonId: string | null;
  onRename: (title: string) => void;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
  onAddLesson: () => void;
  onOpenLesson: (lessonId: string | null) => void;
  onMoveLesson: (index: number, by: -1 | 1) => void;
  onDeleteLesson: (lesson: AdminLesson) => void;
  onChangeLesson: (lessonId: string, change: (lesson: AdminLesson) => AdminLesson) => void;
  onVideoAttached: (lessonId: string, course: AttachedVideo) => void;
  onDripValid: (valid: boolean) => void;
  transport?: UploadTransport<AttachedVideo>;
}

/** One section in the course editor: its title, its place, its lessons (each opened to edit). */
export function SectionEditor(props: SectionEditorProps) {
  const { section, number, first, last, openLessonId } = props;
  const id = useId();
  const name = section.title || `Section ${number}`;
  return (
    <li className="space-y-3 rounded-lg border border-slate-200 p-3">
      <h4 className="font-semibold text-slate-900">Section {number}</h4>
      <div>
        <label htmlFor={`${id}-title`} className="mb-1 block font-medium text-slate-800">
          Section {number} title
        </label>
        <input
          id={`${id}-title`}
          value={section.title}
          maxLength={200}
          onChange={(event) => props.onRename(event.target.value)}
          className="block w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={smallButton}
          disabled={first}
          onClick={() => props.onMove(-1)}
          aria-label={`Move up: section ${name}`}
        >
          Move up
        </button>
        <button
          type="button"
          className={smallButton}
          disabled={last}
          onClick={() => props.onMove(1)}
          aria-label={`Move down: section ${name}`}
        >
          Move down
        </button>
        <button type="button" className={smallButton} onClick={props.onDelete} aria-label={`Delete: section ${name}`}>
          Delete
        </button>
      </div>
      {section.lessons.length === 0 ? <p className="text-slate-700">No lessons in this section yet.</p> : null}
      <ol aria-label={`Lessons of ${name}`} className="space-y-2">
        {section.lessons.map((lesson, index) => {
          const open = lesson.id === openLessonId;
          const title = lesson.title || 'Untitled lesson';
          return (
            <li key={lesson.id} className="rounded-lg border border-slate-200 p-2">
              <p className="font-medium text-slate-900">
                {title}
                {lesson.preview ? <span className="ml-2 text-sm text-brand-800">Free preview</span> : null}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                <button
                  type="button"
                  className={smallButton}
                  aria-expanded={open}
                  aria-label={`${open ? 'Close' : 'Edit'}: ${title}`}
                  onClick={() => props.onOpenLesson(open ? null : lesson.id)}
                >
                  {open ? 'Close' : 'Edit'}
                </button>
                <button
                  type="button"
                  className={smallButton}
                  disabled={index === 0}
                  onClick={() => props.onMoveLesson(index, -1)}
                  aria-label={`Move up: ${title}`}
                >
                  Move up
                </button>
                <button
                  type="button"
                  className={smallButton}
                  disabled={index === section.lessons.length - 1}
                  onClick={() => props.onMoveLesson(index, 1)}
                  aria-label={`Move down: ${title}`}
                >
                  Move down
                </button>
                <button
                  type="button"
                  className={smallButton}
                  onClick={() => props.onDeleteLesson(lesson)}
                  aria-label={`Delete: ${title}`}
                >
                  Delete
                </button>
              </div>
              {open ? (
                <LessonEditor
                  productId={props.productId}
                  lesson={lesson}
                  files={props.files}
                  onChange={(change) => props.onChangeLesson(lesson.id, change)}
                  onVideoAttached={(course) => props.onVideoAttached(lesson.id, course)}
                  onDripValid={props.onDripValid}
                  transport={props.transport}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
      <button type="button" className={smallButton} onClick={props.onAddLesson} aria-label={`Add a lesson to ${name}`}>
        Add a lesson
      </button>
    </li>
  );
}
