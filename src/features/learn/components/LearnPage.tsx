import { useId } from 'react';
import { Link, useParams } from 'react-router-dom';
import { pageHeads } from '../../../../domain/pageHeads';
import { paths } from '../../../../domain/routes';
import { usePageMeta } from '../../../components/usePageMeta';
import { useGetLearnCourseQuery, useGetLearnLessonQuery, type LearnError } from '../api/learnApi';
import { ConfirmDeviceForm } from './ConfirmDeviceForm';
import { CoursePlayer, openingLesson } from './CoursePlayer';

function Problem({ error, onRetry }: { error: LearnError; onRetry: () => void }) {
  if (error.code === 'ended') {
    return (
      <div role="alert" className="mt-6 space-y-2">
        <h2 className="text-xl font-semibold text-slate-900">Access ended</h2>
        <p className="text-slate-800">{error.message}</p>
      </div>
    );
  }
  if (error.code === 'not-found') {
    return (
      <div role="alert" className="mt-6 space-y-2">
        <h2 className="text-xl font-semibold text-slate-900">This link is not valid</h2>
        <p className="text-slate-800">
          Check that you opened the whole link from your e-mail, or{' '}
          <Link to={paths.purchases} className="font-medium text-brand-800 underline">
            get your access links again
          </Link>
          .
        </p>
      </div>
    );
  }
  return (
    <div role="alert" className="mt-6 space-y-2 text-red-800">
      <p>{error.message}</p>
      <button type="button" className="font-medium underline" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/**
 * /learn/{token} (docs/courses.md): the course a purchase opens, after the same new-device check as
 * the download page; 'access ended' and unknown links say so in words. The player shows once the
 * course and the lesson it opens at have both arrived, so the page changes once, from 'Loading your
 * course…' to the lesson, rather than pushing the lesson list down when the lesson comes
 * (docs/performance.md, 'The course player').
 */
export function LearnPage() {
  const headingId = useId();
  const { token = '' } = useParams();
  const course = useGetLearnCourseQuery(token);
  const openingId = course.data ? openingLesson(course.data) : null;
  const opening = useGetLearnLessonQuery({ token, lessonId: openingId ?? '' }, { skip: openingId === null });
  usePageMeta({ ...pageHeads.learn, title: course.data?.title ?? pageHeads.learn.title });
  const error = course.error as LearnError | undefined;
  const loading = course.isLoading || (openingId !== null && opening.isLoading);
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-6xl px-4 pb-16 pt-24">
      <h1 id={headingId} className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {loading || !course.data ? 'Your course' : course.data.title}
      </h1>
      {loading ? (
        <p role="status" className="mt-6 text-slate-700">
          Loading your course…
        </p>
      ) : course.data ? (
        <CoursePlayer token={token} course={course.data} />
      ) : error?.code === 'needs-confirmation' ? (
        <ConfirmDeviceForm token={token} message={error.message} />
      ) : error ? (
        <Problem error={error} onRetry={() => void course.refetch()} />
      ) : null}
    </section>
  );
}
