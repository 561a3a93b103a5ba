// /start.js: how a prerendered page starts its JavaScript. The build replaces the head's module
// script with this one (deferred, tiny, external for the CSP; see src/prerender/startScript.ts), which:
// - lets the browser paint the prerendered HTML first, and only then adds the app's entry module,
//   so a slow phone shows the page before it downloads and runs the app (a list page's first
//   cover too: see ./earlyQuery.ts);
// - remembers the last button tapped before the app runs, which the app presses once it runs
//   (components/useEarlyClick), so a tap on Buy Now or the currency switch is not lost;
// - keeps a form the app has not taken over yet from being sent natively (which would reload the
//   page and lose what was typed): the submit is held, and the form replays it once the app runs
//   (components/useEarlyFormInput).
// Built on its own as a classic script (scripts/bootScripts.ts): it runs before any module, so it
// imports nothing that is not inlined into it, and never React or the app.
import {
  appFormAttribute,
  appReadyName,
  earlyClickName,
  earlyGlobalName,
  earlyLearnScriptFile,
  earlyQueryScriptFile,
  earlySubmitProperty,
} from '../../domain/pageContracts';
import type { EarlyQuery } from '../lib/earlyQuery';
import { earlyWaitMs } from '../prerender/startScript';

const d = document;
/** The globals this script and the early query share with the app, by their names. */
const globals = window as unknown as Record<string, unknown>;
// Read now: currentScript is this script only while it runs.
const entry = d.currentScript?.getAttribute('data-entry');

d.addEventListener('submit', (event) => {
  const form: (EventTarget & Partial<Element>) | null = event.target;
  if (event.defaultPrevented || !form?.hasAttribute?.(appFormAttribute)) return;
  event.preventDefault();
  (form as unknown as Record<string, unknown>)[earlySubmitProperty] = true;
});

// The last button tapped before the app is ready; the app presses it again once it has hydrated.
// Until then the tap is this script's alone: it goes no further than the document. React listens
// from the moment it starts hydrating, well before the app marks itself ready, and would otherwise
// handle a tap in between and then get it pressed again, undoing a switch (a currency tap lost).
d.addEventListener(
  'click',
  (event) => {
    if (globals[appReadyName] || !event.isTrusted) return;
    const target: (EventTarget & Partial<Element>) | null = event.target;
    const button = target?.closest?.('button[type="button"]');
    const root = d.getElementById('root');
    if (!button || !root?.contains(button)) return;
    globals[earlyClickName] = button;
    event.stopPropagation();
  },
  true,
);

if (entry) startAfterFirstPaint(entry);

function startAfterFirstPaint(entry: string): void {
  let started = false;
  function start() {
    if (started) return;
    started = true;
    const script = d.createElement('script');
    script.type = 'module';
    script.setAttribute('crossorigin', '');
    script.src = entry;
    d.head.appendChild(script);
  }
  function afterFrame() {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(start, 0));
  }
  // The first paint itself where the browser reports it (a timer queued in an animation frame can
  // still run before that frame is painted); the next frame elsewhere.
  function afterPaint() {
    const Observer = window.PerformanceObserver as typeof PerformanceObserver | undefined;
    try {
      if (Observer?.supportedEntryTypes?.includes('paint')) {
        if (performance.getEntriesByName('first-contentful-paint').length) return afterFrame();
        new Observer((list, observer) => {
          if (!list.getEntriesByName('first-contentful-paint').length) return;
          observer.disconnect();
          setTimeout(start, 0);
        }).observe({ type: 'paint', buffered: true });
        return;
      }
    } catch {
      // A browser that lists paint entries but refuses to observe them: wait for a frame instead.
    }
    afterFrame();
  }
  // After the frame that paints the prerendered page, on a list page after the frame that shows its
  // first cover (/early-query.js), and on the course player's after the frame that shows the opening
  // lesson (/early-learn.js); the timer covers a slow answer, and a tab opened in the background,
  // where animation frames wait until it is shown.
  function afterCover() {
    const early = globals[earlyGlobalName] as Partial<EarlyQuery> | undefined;
    if (typeof early?.shown?.then === 'function') early.shown.then(afterFrame, afterFrame);
    else afterPaint();
  }
  // The early script is async: it may not have run yet.
  const earlyScript = d.querySelector(`script[src="/${earlyQueryScriptFile}"], script[src="/${earlyLearnScriptFile}"]`);
  if (globals[earlyGlobalName]) afterCover();
  else if (earlyScript) {
    earlyScript.addEventListener('load', afterCover);
    earlyScript.addEventListener('error', afterPaint);
  } else afterPaint();
  setTimeout(start, globals[earlyGlobalName] || earlyScript ? earlyWaitMs : 1000);
}
