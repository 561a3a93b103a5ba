// /early-learn.js: the course player's course answer, asked for from the HTML while the app's
// JavaScript downloads (see src/lib/earlyLearn.ts for the app's side). On /learn/{token} it GETs the
// course with the device's cookie (same origin) and, when the device may open the course, draws its
// first screen (./learnPaint.ts), so the opening lesson does not wait for React. Any other answer (a
// device to confirm, an ended or unknown link, an error, no network) draws nothing: the app shows it.
// Built on its own as a classic async script (scripts/bootScripts.ts): it runs before any module, so
// it imports nothing that is not inlined into it, and never React or the app.
import { earlyGlobalName } from '../../domain/pageContracts';
import type { EarlyQuery } from '../lib/earlyQuery';
import { courseAnswer, learnCourseUrl, learnTokenOf, paintableCourse } from '../lib/earlyLearn';
import { paintOpeningLesson } from './learnPaint';

function whenParsed(run: () => void) {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run);
  else run();
}

/** The most the app waits for the browser to report the painted lesson (a tab in the background never paints). */
const paintReportWaitMs = 1000;

/**
 * Calls `done` once the painted screen is really on screen: when the browser reports a largest paint
 * inside it (an animation frame, even two, can run before the frame is painted, and the app's
 * JavaScript must not start sharing the connection before that paint), or two frames later where the
 * browser reports no largest paints.
 */
function afterPainted(screen: Element, done: () => void) {
  let finished = false;
  let observer: PerformanceObserver | undefined;
  const finish = () => {
    if (finished) return;
    finished = true;
    observer?.disconnect();
    done();
  };
  try {
    const Observer = window.PerformanceObserver as typeof PerformanceObserver | undefined;
    if (Observer?.supportedEntryTypes?.includes('largest-contentful-paint')) {
      observer = new Observer((list) => {
        for (const entry of list.getEntries()) {
          const element = (entry as PerformanceEntry & { element?: Element | null }).element;
          if (element && screen.contains(element)) finish();
        }
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
      setTimeout(finish, paintReportWaitMs);
      return;
    }
  } catch {
    // A browser that lists the entry type but refuses to observe it: count frames instead.
  }
  if (typeof requestAnimationFrame !== 'function') return finish();
  requestAnimationFrame(() => requestAnimationFrame(finish));
  setTimeout(finish, paintReportWaitMs);
}

function askForCourse() {
  const path = window.location.pathname.replace(/\/+$/, '') || '/';
  const token = learnTokenOf(path);
  // A browser too old for the app gets no early answer either.
  if (token === null || !window.fetch || !window.Promise) return;
  const answer = fetch(learnCourseUrl(token), { headers: { accept: 'application/json' }, credentials: 'same-origin' })
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
    .then(courseAnswer, () => null);
  // Settles once the first screen is on screen (or there is none to draw): /start.js requests the
  // app after it, and the app renders over it only then.
  const shown = answer.then(
    (course) =>
      new Promise<void>((resolve) => {
        const paintable = paintableCourse(course);
        if (!paintable) return resolve();
        whenParsed(() => {
          let screen: Element | null = null;
          try {
            screen = paintOpeningLesson(document, paintable);
          } catch {
            // A page not as expected: the app draws the player.
          }
          if (screen) afterPainted(screen, resolve);
          else resolve();
        });
      }),
  );
  const early: EarlyQuery = { path, answer, shown };
  (window as unknown as Record<string, unknown>)[earlyGlobalName] = early;
}

askForCourse();
