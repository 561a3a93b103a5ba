import { useId } from 'react';
import type { LearnCourse } from '../../../../domain/courses';
import { dayKeyLongDate } from '../../../../domain/lagosDates';

/** 'Available on 3 December 2026' for a dripped lesson (the Lagos day the API gave). */
export function availableOnText(day: string): string {
  return `Available on ${dayKeyLongDate(day) || day}`;
}

/**
 * The course's sections and lessons (docs/courses.md): a tick on the finished ones, the open lesson
 * marked as current, and a dripped lesson shown with its date and not openable.
 */
export function LessonList({
  course,
  currentId,
  onOpen,
}: {
  course: LearnCourse;
  currentId: string | null;
  onOpen: (lessonId: string) => void;
}) {
  const headingId = useId();
  const { completedLessons, totalLessons } = course.progress;
  return (
    <nav aria-labelledby={headingId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        Course content
      </h2>
      <p className="mt-1 text-slate-700">
        {completedLessons} of {totalLessons} lessons
      </p>
      <progress
        className="mt-2 h-2 w-full accent-brand-700"
        max={totalLessons || 1}
        value={completedLessons}
        aria-label="Course progress"
      />
      {course.sections.map((section) => (
        <section key={section.id} className="mt-4">
          <h3 className="font-semibold text-slate-900">{section.title}</h3>
          <ol className="mt-2 space-y-1">
            {section.lessons.map((lesson) => {
              const tick = lesson.completed ? (
                <span aria-hidden="true" className="w-5 shrink-0 font-bold text-green-700">
                  ✓
                </span>
              ) : (
                <span aria-hidden="true" className="w-5 shrink-0" />
              );
              const done = lesson.completed ? (
                <>
                  {' '}
                  <span className="sr-only">(completed)</span>
                </>
              ) : null;
              if (lesson.availableOn) {
                return (
                  <li key={lesson.id} className="flex gap-2 px-2 py-2 text-slate-600">
                    {tick}
                    <span>
                      <span className="block text-slate-700">{lesson.title}</span>
                      <span className="block text-sm">{availableOnText(lesson.availableOn)}</span>
                    </span>
                  </li>
                );
              }
              const current = lesson.id === currentId;
              return (
                <li key={lesson.id}>
                  <button
                    type="button"
                    aria-current={current ? 'true' : undefined}
                    onClick={() => onOpen(lesson.id)}
                    className={
                      'flex min-h-11 w-full gap-2 rounded-lg px-2 py-2 text-left ' +
                      'focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 ' +
                      (current ? 'bg-brand-50 font-semibold text-slate-900' : 'text-slate-800 hover:bg-slate-50')
                    }
                  >
                    {tick}
                    <span>
                      {lesson.title}
                      {done}
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
        </section>
      ))}
    </nav>
  );
}
