// When a lesson counts as complete (docs/courses.md, 'Progress and completion'): the rules on a clock
// the test sets, for a 100-second video and a text lesson.
import { describe, expect, it } from 'vitest';
import type { AdminLesson } from '../../../../domain/courses';
import {
  applySave,
  blankLessonState,
  coveredSeconds,
  mergeSpan,
  type LessonState,
} from '../../../../server/courses/completion';

const videoLesson: AdminLesson = {
  id: 'l1',
  title: 'Video',
  body: '',
  video: { fileId: 'f1', lowDataFileId: null, durationS: 100, width: 640, height: 360 },
  attachmentFileIds: [],
  preview: false,
  dripDays: null,
};
const textLesson: AdminLesson = { ...videoLesson, id: 'l2', video: null };
const start = Date.parse('2026-11-28T10:00:00.000Z');
const at = (seconds: number) => new Date(start + seconds * 1000);

/** Saves `positions` at the given seconds after the start, from an opened lesson. */
function play(steps: Array<[atS: number, positionS: number]>, lesson = videoLesson): LessonState {
  let state: LessonState = { ...blankLessonState(), openedAt: at(0).toISOString() };
  for (const [seconds, positionS] of steps) {
    const outcome = applySave(lesson, state, { positionS, markComplete: true }, at(seconds));
    if (outcome.kind !== 'saved') throw new Error(outcome.kind);
    state = outcome.state;
  }
  return state;
}

describe('a video lesson', () => {
  it('completes when saves every 10 s cover 90% of it at 1×, and at 2× after half its length', () => {
    const steps: Array<[number, number]> = [];
    for (let second = 10; second <= 90; second += 10) steps.push([second, second]);
    expect(play(steps).completedAt).toBe(at(90).toISOString());
    const fast: Array<[number, number]> = [];
    for (let second = 10; second <= 50; second += 10) fast.push([second, second * 2]);
    expect(play(fast).completedAt).toBe(at(50).toISOString());
  });

  it('does not complete at 90% covered in less than half its length', () => {
    const steps: Array<[number, number]> = [];
    for (let index = 1; index <= 18; index += 1) steps.push([index * 2.5, index * 5]);
    const state = play(steps);
    expect(coveredSeconds(state.watched, 100)).toBe(90);
    expect(state.completedAt).toBeNull();
    // Once half its length has passed since the watching began, the next save completes it.
    const later = applySave(videoLesson, state, { positionS: 90, markComplete: false }, at(50));
    expect(later.kind === 'saved' && later.state.completedAt).toBe(at(50).toISOString());
  });

  it('counts nothing for a jump, a step faster than 2× or one longer than a minute, or the claim alone', () => {
    expect(play([[0.1, 95]]).watched).toEqual([]);
    expect(play([[10, 40]]).watched).toEqual([]);
    expect(play([[200, 70]]).watched).toEqual([]);
    expect(play([[200, 60]]).watched).toEqual([{ from: 0, to: 60 }]);
    const claimed = applySave(videoLesson, blankLessonState(), { positionS: 100, markComplete: true }, at(500));
    expect(claimed).toEqual({
      kind: 'saved',
      state: { ...blankLessonState(), positionS: 100, savedAt: at(500).toISOString() },
    });
  });

  it('counts from where a seek landed, and keeps a completion whatever comes after', () => {
    const state = play([
      [10, 10],
      [12, 80],
      [22, 90],
    ]);
    expect(state.watched).toEqual([
      { from: 0, to: 10 },
      { from: 80, to: 90 },
    ]);
    const done = play(Array.from({ length: 10 }, (_, index): [number, number] => [(index + 1) * 10, (index + 1) * 10]));
    expect(done.completedAt).not.toBeNull();
    const after = applySave(videoLesson, done, { positionS: 3, markComplete: false }, at(500));
    expect(after.kind === 'saved' && after.state.completedAt).toBe(done.completedAt);
  });
});

describe('a lesson without a video', () => {
  it('completes on Mark complete once opened, and refuses it before', () => {
    expect(applySave(textLesson, blankLessonState(), { positionS: 0, markComplete: true }, at(1))).toEqual({
      kind: 'notOpened',
    });
    expect(play([[1, 0]], textLesson).completedAt).toBe(at(1).toISOString());
    const unmarked = applySave(textLesson, blankLessonState(), { positionS: 0, markComplete: false }, at(1));
    expect(unmarked.kind === 'saved' && unmarked.state.completedAt).toBeNull();
  });
});

describe('watched stretches', () => {
  it('merge when they touch or overlap, and count only inside the video', () => {
    expect(
      mergeSpan(
        [
          { from: 0, to: 10 },
          { from: 20, to: 30 },
        ],
        { from: 10, to: 20 },
      ),
    ).toEqual([{ from: 0, to: 30 }]);
    expect(coveredSeconds([{ from: 90, to: 120 }], 100)).toBe(10);
  });
});
