import { useId, useState } from 'react';
import type { LearnLessonSummary, ProgressSaved } from '../../../../domain/courses';
import { formatSize } from '../../../../domain/deliverableFiles';
import { attachmentUrl, learnError, useGetLearnLessonQuery, type LearnError } from '../api/learnApi';
import { availableOnText } from './LessonList';
import { LessonVideo } from './LessonVideo';

const buttonClass =
  'min-h-11 rounded-lg border border-slate-400 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 ' +
  'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ' +
  'disabled:cursor-not-allowed disabled:opacity-60';

export interface LessonViewProps {
  token: string;
  summary: LearnLessonSummary;
  previous: LearnLessonSummary | null;
  next: LearnLessonSummary | null;
  /** Where to start the video: the saved position when this is the lesson the buyer left. */
  resumeAt: number | null;
  onOpen: (lessonId: string) => void;
  /** Saves progress; answers what the API counted. */
  onSave: (lessonId: string, positionS: number, completed?: boolean) => Promise<ProgressSaved>;
}

const markClass =
  'min-h-11 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 focus-visible:outline ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60';

/**
 * Where the lesson stands: 'Completed' once the API counted it; else Mark complete for a lesson
 * without a video, or, for one with a video, that watching it completes it (docs/courses.md).
 */
function Completion({
  completed,
  hasVideo,
  ready,
  markComplete,
}: {
  completed: boolean;
  hasVideo: boolean;
  ready: boolean;
  markComplete: () => Promise<ProgressSaved>;
}) {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (completed) {
    return (
      <p className="font-semibold text-green-800">
        <span aria-hidden="true">✓ </span>Completed
      </p>
    );
  }
  if (hasVideo) {
    return <p className="text-slate-700">This lesson completes by itself once you have watched 90% of its video.</p>;
  }
  const press = async () => {
    setPending(true);
    setProblem(null);
    try {
      const saved = await markComplete();
      if (!saved.lessonCompleted) setProblem('This lesson could not be marked complete. Please try again.');
    } catch (error) {
      // The player's calls reject with the API's sentence (learnApi); anything else is a lost connection.
      const said = (error as Partial<LearnError> | null)?.message;
      setProblem(typeof said === 'string' ? said : learnError(error).message);
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <button type="button" disabled={!ready || pending} className={markClass} onClick={() => void press()}>
        Mark complete
      </button>
      {problem ? (
        <p role="alert" className="text-red-800">
          {problem}
        </p>
      ) : null}
    </>
  );
}

/** One lesson (docs/courses.md): its video, its body, its attachments, Mark complete and Previous/Next. */
export function LessonView({ token, summary, previous, next, resumeAt, onOpen, onSave }: LessonViewProps) {
  const headingId = useId();
  const lesson = useGetLearnLessonQuery({ token, lessonId: summary.id });
  const data = lesson.data;
  const error = lesson.error as LearnError | undefined;
  const completed = summary.completed || Boolean(data?.completed);

  return (
    <article aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        {summary.title}
      </h2>
      {lesson.isLoading ? (
        <p role="status" className="text-slate-700">
          Loading the lesson…
        </p>
      ) : error ? (
        <div role="alert" className="space-y-2 text-red-800">
          <p>{error.code === 'locked' && error.availableOn ? availableOnText(error.availableOn) : error.message}</p>
          {error.code === 'locked' ? null : (
            <button type="button" className="font-medium underline" onClick={() => void lesson.refetch()}>
              Try again
            </button>
          )}
        </div>
      ) : data ? (
        <>
          {data.video ? (
            <LessonVideo
              key={data.id}
              token={token}
              lessonId={data.id}
              title={data.title}
              video={data.video}
              startAt={resumeAt ?? data.positionS}
              completed={completed}
              onSave={(positionS, completes) => void onSave(data.id, positionS, completes).catch(() => undefined)}
            />
          ) : null}
          {/* The API renders the seller's Markdown and sanitizes it (docs/courses.md): this HTML is its output. */}
          <div
            className="lesson-body max-w-none space-y-3 text-slate-800"
            dangerouslySetInnerHTML={{ __html: data.html }}
          />
          {data.attachments.length > 0 ? (
            <section aria-labelledby={`${headingId}-files`} className="space-y-2">
              <h3 id={`${headingId}-files`} className="text-lg font-semibold text-slate-900">
                Lesson files
              </h3>
              <ul className="space-y-2">
                {data.attachments.map((file) => (
                  <li key={file.fileId}>
                    <form method="post" action={attachmentUrl(token, data.id, file.fileId)}>
                      <button type="submit" className={buttonClass} aria-label={`Download ${file.name}`}>
                        {file.name} <span className="text-slate-600">({formatSize(file.size)})</span>
                      </button>
                    </form>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : null}
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
        <Completion
          completed={completed}
          hasVideo={data ? data.video !== null : summary.hasVideo}
          ready={Boolean(data)}
          markComplete={() => onSave(summary.id, 0, true)}
        />
      </div>
      <div className="flex justify-between gap-3">
        <button
          type="button"
          className={buttonClass}
          disabled={!previous || Boolean(previous.availableOn)}
          onClick={() => previous && onOpen(previous.id)}
        >
          <span aria-hidden="true">← </span>Previous
        </button>
        <button
          type="button"
          className={buttonClass}
          disabled={!next || Boolean(next.availableOn)}
          onClick={() => next && onOpen(next.id)}
        >
          Next<span aria-hidden="true"> →</span>
        </button>
      </div>
    </article>
  );
}
