import { useMemo, useState } from 'react';
import type { LearnCourse, LearnLessonSummary } from '../../../../domain/courses';
import { RateButton } from '../../reviews';
import { useSaveLearnProgressMutation } from '../api/learnApi';
import { CertificatePanel } from './CertificatePanel';
import { availableOnText, LessonList } from './LessonList';
import { LessonView } from './LessonView';

/** The lesson the course opens at: where the buyer left off, else the first open lesson. */
export function openingLesson(
  course: LearnCourse,
  lessons: LearnLessonSummary[] = course.sections.flatMap((section) => section.lessons),
): string | null {
  const last = lessons.find((lesson) => lesson.id === course.progress.lastLessonId && !lesson.availableOn);
  return (last ?? lessons.find((lesson) => !lesson.availableOn))?.id ?? null;
}

/** The course as a buyer takes it (docs/courses.md): the lesson first on a phone, the list beside it on wide screens. */
export function CoursePlayer({ token, course }: { token: string; course: LearnCourse }) {
  const lessons = useMemo(() => course.sections.flatMap((section) => section.lessons), [course.sections]);
  const [currentId, setCurrentId] = useState(() => openingLesson(course, lessons));
  const [saveProgress] = useSaveLearnProgressMutation();
  const index = lessons.findIndex((lesson) => lesson.id === currentId);
  const current = index >= 0 ? lessons[index] : undefined;

  const open = (lessonId: string) => {
    setCurrentId(lessonId);
    document.getElementById('lesson-top')?.scrollIntoView({ block: 'start' });
  };
  const save = (lessonId: string, positionS: number, completed?: boolean) =>
    saveProgress({ token, save: completed ? { lessonId, positionS, completed } : { lessonId, positionS } }).unwrap();

  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div id="lesson-top" className="min-w-0 space-y-6">
        {course.progress.finished ? <CertificatePanel token={token} code={course.certificateCode} /> : null}
        {current ? (
          <LessonView
            key={current.id}
            token={token}
            summary={current}
            previous={lessons[index - 1] ?? null}
            next={lessons[index + 1] ?? null}
            resumeAt={current.id === course.progress.lastLessonId ? course.progress.lastPositionS : null}
            onOpen={open}
            onSave={save}
          />
        ) : (
          <p className="text-slate-700">
            {lessons.length === 0
              ? 'This course has no lessons yet.'
              : `The first lesson opens later: ${availableOnText(lessons[0]?.availableOn ?? '')}.`}
          </p>
        )}
        {/* The course's last lesson (or a finished course) offers the review (docs/reviews.md). */}
        {current && (index === lessons.length - 1 || course.progress.finished) ? (
          <RateButton target={{ accessToken: token }} productTitle={course.title} />
        ) : null}
      </div>
      <LessonList course={course} currentId={currentId} onOpen={open} />
    </div>
  );
}
