// The course player's course answer, asked for from the HTML while the app's JavaScript downloads
// (docs/performance.md, 'The course player'). A tiny external script (CSP: no inline scripts;
// src/boot/earlyLearn.ts) GETs the same answer the player would ask for, with the device's cookie,
// paints the opening lesson from it when the device may open the course, and leaves the promise on
// window; the app takes it for its first render instead of asking again. This module holds what both
// sides share (the path, the URL, what counts as a course) and the app's side.
import type { LearnCourse, LearnLesson } from '../../domain/courses';
import { earlyGlobalName } from '../../domain/pageContracts';
import { paths } from '../../domain/routes';
import type { EarlyQuery } from './earlyQuery';

/** A course answer the early script paints: it opens at a lesson, and no certificate panel comes first. */
export type PaintableCourse = LearnCourse & { opening: LearnLesson };

const learnPrefix = paths.learn('');

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The access token of a course player path (/learn/{token}), decoded as the router gives it; null elsewhere. */
export function learnTokenOf(pathname: string): string | null {
  const path = normalise(pathname);
  if (!path.startsWith(learnPrefix)) return null;
  const segment = path.slice(learnPrefix.length);
  if (!segment || segment.includes('/')) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The course answer's address (features/learn learnApi asks the same). */
export function learnCourseUrl(token: string): string {
  return `/api/learn/${encodeURIComponent(token)}`;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The answer when it is a course (what GET /api/learn/{token} sends a device that may open it); else null. */
export function courseAnswer(answer: unknown): LearnCourse | null {
  if (!isObject(answer) || typeof answer.title !== 'string' || !Array.isArray(answer.sections)) return null;
  if (!isObject(answer.progress)) return null;
  return answer as unknown as LearnCourse;
}

function paintableLesson(lesson: unknown): lesson is LearnLesson {
  if (!isObject(lesson)) return false;
  const { id, title, html, video } = lesson;
  if (typeof id !== 'string' || typeof title !== 'string' || typeof html !== 'string') return false;
  return video === null || (isObject(video) && typeof video.width === 'number' && typeof video.height === 'number');
}

/**
 * The course when the early script may paint its first screen: a course answer with its opening
 * lesson, not yet finished (a finished course shows its certificate panel above the lesson, which
 * only the app draws). Null for anything else: a device to confirm, an ended or unknown link, an error.
 */
export function paintableCourse(answer: unknown): PaintableCourse | null {
  const course = courseAnswer(answer);
  if (!course || course.progress.finished || !paintableLesson(course.opening)) return null;
  return course as PaintableCourse;
}

/** A course the page asked for early, and the token it is for. */
export interface EarlyCourse {
  token: string;
  course: LearnCourse;
}

/**
 * The course answer this page started from the HTML, taken once, settled after the early script has
 * painted from it (so the app renders over the painted lesson, never under it); null when the page
 * started none, or one for another path. The promise gives null when the answer is not a course.
 */
export function takeEarlyCourse(pathname: string): Promise<EarlyCourse | null> | null {
  if (typeof window === 'undefined') return null;
  const token = learnTokenOf(pathname);
  const holder = window as unknown as Record<string, unknown>;
  const early = holder[earlyGlobalName] as Partial<EarlyQuery> | undefined;
  if (token === null || !early || early.path !== normalise(pathname) || !(early.answer instanceof Promise)) return null;
  delete holder[earlyGlobalName];
  const shown = early.shown instanceof Promise ? early.shown.catch(() => undefined) : Promise.resolve();
  return Promise.all([early.answer, shown]).then(
    ([answer]) => {
      const course = courseAnswer(answer);
      return course && { token, course };
    },
    () => null,
  );
}
