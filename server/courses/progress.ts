// A purchase's progress through its course (docs/courses.md, 'Progress and completion'), kept per grant
// in lessonProgress/{grantId}: each lesson's saved position, when the server gave its text, the video
// stretches it saw played and when it completed, by the rules of ./completion.ts. Only the API writes it.
import { FieldValue, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import type { AdminLesson } from '../../domain/courses';
import { applySave, blankLessonState, decodeLessonState, type LessonState } from './completion';
import { lessonProgressCollection } from '../lib/collections';

export interface StoredProgress {
  lessons: Record<string, LessonState>;
  lastLessonId: string | null;
}

export function decodeProgress(data: DocumentData | undefined): StoredProgress {
  const lessons: Record<string, LessonState> = {};
  const stored = data?.lessons as Record<string, unknown> | undefined;
  for (const [id, value] of Object.entries(stored ?? {})) lessons[id] = decodeLessonState(value);
  return { lessons, lastLessonId: typeof data?.lastLessonId === 'string' ? data.lastLessonId : null };
}

/** The purchase a progress document belongs to. */
interface ProgressOwner {
  grantId: string;
  transactionId: string;
}

export type ProgressSaveOutcome =
  { kind: 'notOpened' } | { kind: 'saved'; progress: StoredProgress; lessonCompleted: boolean };

export function createProgressStore({ db, now }: { db: Firestore; now: () => Date }) {
  const progressRef = (grantId: string) => db.collection(lessonProgressCollection).doc(grantId);

  /** Records, once, that the server gave the buyer a lesson's text (Mark complete needs it); updates `progress`. */
  const markOpened = async (owner: ProgressOwner, progress: StoredProgress, lessonId: string) => {
    if (progress.lessons[lessonId]?.openedAt) return;
    const openedAt = now().toISOString();
    await progressRef(owner.grantId).set(
      { transactionId: owner.transactionId, lessons: { [lessonId]: { openedAt } } },
      { merge: true },
    );
    progress.lessons[lessonId] = { ...(progress.lessons[lessonId] ?? blankLessonState()), openedAt };
  };

  /** Saves a position (and a Mark complete) of an open lesson; it completes only by ./completion.ts's rules. */
  const save = (
    owner: ProgressOwner,
    lesson: AdminLesson,
    saved: { positionS: number; markComplete: boolean },
  ): Promise<ProgressSaveOutcome> => {
    const ref = progressRef(owner.grantId);
    return db.runTransaction(async (t) => {
      const current = decodeProgress((await t.get(ref)).data());
      const outcome = applySave(lesson, current.lessons[lesson.id] ?? blankLessonState(), saved, now());
      if (outcome.kind !== 'saved') return outcome;
      current.lessons[lesson.id] = outcome.state;
      current.lastLessonId = lesson.id;
      t.set(
        ref,
        {
          transactionId: owner.transactionId,
          lessons: { [lesson.id]: outcome.state },
          lastLessonId: lesson.id,
          updatedAt: FieldValue.serverTimestamp(),
        },
        { merge: true },
      );
      return { kind: 'saved' as const, progress: current, lessonCompleted: outcome.state.completedAt !== null };
    });
  };

  return { markOpened, save };
}
