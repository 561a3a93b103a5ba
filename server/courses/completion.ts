// When a lesson counts as complete (docs/courses.md, 'Progress and completion'): only on what the
// server saw, never on the browser's word. A lesson with a video completes once the positions saved
// while it played cover at least 90% of it, saved over no less than half its running time; a lesson
// without a video completes when the buyer presses Mark complete after the server gave them its text.
// A stretch of video counts as watched when two saves in a row moved forward no faster than the
// player's fastest speed allows (plus a little for the network) and by no more than a minute of video
// (the player saves every ten seconds while playing); a seek or a jump counts nothing, and the next
// save counts from where it landed.
import type { DocumentData } from 'firebase-admin/firestore';
import type { AdminLesson } from '../../domain/courses';
import { autoCompleteFraction, fastestPlaybackRate, minWatchTimeFraction } from '../../domain/courses';

/** A stretch of a lesson's video the server saw played, in seconds. */
export interface WatchedSpan {
  from: number;
  to: number;
}

export interface LessonState {
  positionS: number;
  completedAt: string | null;
  /** When the server first gave the buyer this lesson's text (the lesson's answer or the course's opening). */
  openedAt: string | null;
  /** When `positionS` was saved. */
  savedAt: string | null;
  /** The video seconds counted as watched, merged, in order. */
  watched: WatchedSpan[];
  /** Where the counted watching began: the save the first counted stretch started from. */
  watchStartedAt: string | null;
}

/** The most video one save may add to what was watched. */
export const maxCountedStepS = 60;
/** What one save may run ahead of the fastest speed (saves travel over the network). */
export const stepSlackS = 3;
/** How close to 90% counts as 90% (positions are saved to a tenth of a second). */
const coverageToleranceS = 0.5;
/** Disjoint stretches kept per lesson; past this, only stretches touching a kept one count. */
const maxSpans = 100;

const isoOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

export function decodeLessonState(value: unknown): LessonState {
  const entry = (value ?? {}) as Record<string, unknown>;
  const watched = Array.isArray(entry.watched)
    ? (entry.watched as DocumentData[]).flatMap((span) =>
        typeof span?.from === 'number' && typeof span.to === 'number' && span.to > span.from
          ? [{ from: span.from, to: span.to }]
          : [],
      )
    : [];
  return {
    positionS: typeof entry.positionS === 'number' ? entry.positionS : 0,
    completedAt: isoOrNull(entry.completedAt),
    openedAt: isoOrNull(entry.openedAt),
    savedAt: isoOrNull(entry.savedAt),
    watched,
    watchStartedAt: isoOrNull(entry.watchStartedAt),
  };
}

export const blankLessonState = (): LessonState => decodeLessonState(undefined);

/** `spans` with `added` merged in (touching or overlapping stretches become one). */
export function mergeSpan(spans: readonly WatchedSpan[], added: WatchedSpan): WatchedSpan[] {
  const all = [...spans, added].sort((a, b) => a.from - b.from);
  const merged: WatchedSpan[] = [];
  for (const span of all) {
    const last = merged[merged.length - 1];
    if (last && span.from <= last.to) last.to = Math.max(last.to, span.to);
    else merged.push({ ...span });
  }
  return merged;
}

/** Seconds of a video of `durationS` the stretches cover. */
export function coveredSeconds(spans: readonly WatchedSpan[], durationS: number): number {
  return spans.reduce((sum, span) => sum + Math.max(0, Math.min(span.to, durationS) - Math.max(span.from, 0)), 0);
}

export type SaveOutcome = { kind: 'saved'; state: LessonState } | { kind: 'notOpened' };

/**
 * The lesson's state after a save of `positionS` (and the buyer's Mark complete, `markComplete`) at
 * `now`. A completion is never undone. Refused ('notOpened') only for Mark complete on a lesson without
 * a video whose text the server never gave.
 */
export function applySave(
  lesson: AdminLesson,
  before: LessonState,
  save: { positionS: number; markComplete: boolean },
  now: Date,
): SaveOutcome {
  const at = now.toISOString();
  const positionS = Math.round(save.positionS * 10) / 10;
  const state: LessonState = { ...before, positionS, savedAt: at };
  if (!lesson.video) {
    if (save.markComplete && !before.completedAt) {
      if (!before.openedAt) return { kind: 'notOpened' };
      state.completedAt = at;
    }
    return { kind: 'saved', state };
  }
  // Counted from the last save, or from the start of the video when the lesson was opened.
  const baseAt = before.savedAt ?? before.openedAt;
  const basePosition = before.savedAt ? before.positionS : 0;
  if (baseAt) {
    const step = positionS - basePosition;
    const elapsedS = (now.getTime() - Date.parse(baseAt)) / 1000;
    const counted = step > 0 && step <= maxCountedStepS && step <= fastestPlaybackRate * elapsedS + stepSlackS;
    const span = { from: basePosition, to: positionS };
    const touches = before.watched.some((kept) => span.from <= kept.to && span.to >= kept.from);
    if (counted && (before.watched.length < maxSpans || touches)) {
      state.watched = mergeSpan(before.watched, span);
      state.watchStartedAt = before.watchStartedAt ?? baseAt;
    }
  }
  if (!before.completedAt && state.watchStartedAt) {
    const durationS = lesson.video.durationS;
    const covered = coveredSeconds(state.watched, durationS);
    const watchedForS = (now.getTime() - Date.parse(state.watchStartedAt)) / 1000;
    if (
      covered >= autoCompleteFraction * durationS - coverageToleranceS &&
      watchedForS >= minWatchTimeFraction * durationS
    ) {
      state.completedAt = at;
    }
  }
  return { kind: 'saved', state };
}
