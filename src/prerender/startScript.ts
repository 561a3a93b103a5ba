// How a prerendered page starts its JavaScript (docs/performance.md). The build replaces the head's module
// script with /start.js (deferred, tiny, external for the CSP), which:
// - lets the browser paint the prerendered HTML first, and only then adds the app's entry module,
//   so a slow phone shows the page before it downloads and runs the app (a list page's first
//   cover too: see /early-query.js);
// - remembers the last button tapped before the app runs, which the app presses once it runs
//   (components/useEarlyClick), so a tap on Buy Now or the currency switch is not lost;
// - keeps a form the app has not taken over yet from being sent natively (which would reload the
//   page and lose what was typed): the submit is held, and the form replays it once the app runs
//   (components/useEarlyFormInput).

import { earlyGlobalName, earlyQueryScriptFile } from '../lib/earlyQuery';

export const startScriptFile = 'start.js';
/** The most a list page waits for its first cover before it requests the app anyway. */
export const earlyWaitMs = 2500;

/** Set by the app once it has hydrated: from then on it handles every tap itself. */
export const appReadyName = '__storeAppReady';
/** The last button /start.js saw tapped before the app ran (components/useEarlyClick replays it). */
export const earlyClickName = '__storeEarlyClick';

/** Marks a prerendered form whose submit only the app can handle (contact, purchases). */
export const appFormAttribute = 'data-app-form';
/**
 * Set by /start.js on such a form (a property, not an attribute: hydration must find the markup it
 * rendered) when it was submitted before the app took it over.
 */
export const earlySubmitProperty = '__storeEarlySubmit';

const moduleScript = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * The built page with its entry module started by /start.js after the first paint; the page as it
 * is when it has no entry module tag (nothing to defer).
 */
export function startAfterPaint(html: string): string {
  const match = moduleScript.exec(html);
  if (!match?.[1]) return html;
  return html.replace(match[0], `<script src="/${startScriptFile}" defer data-entry="${match[1]}"></script>`);
}

/** The script's source: ES5, self-contained, no globals. */
export function startScript(): string {
  return `(function () {
  var d = document;
  var me = d.currentScript;
  var entry = me && me.getAttribute('data-entry');
  d.addEventListener('submit', function (event) {
    var form = event.target;
    if (event.defaultPrevented || !form || !form.hasAttribute || !form.hasAttribute('${appFormAttribute}')) return;
    event.preventDefault();
    form.${earlySubmitProperty} = true;
  });
  // The last button tapped before the app runs; the app presses it again once it has hydrated.
  d.addEventListener('click', function (event) {
    if (window.${appReadyName} || !event.isTrusted) return;
    var target = event.target;
    var button = target && target.closest && target.closest('button[type="button"]');
    var root = d.getElementById('root');
    if (button && root && root.contains(button)) window.${earlyClickName} = button;
  }, true);
  if (!entry) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = d.createElement('script');
    script.type = 'module';
    script.setAttribute('crossorigin', '');
    script.src = entry;
    d.head.appendChild(script);
  }
  function afterFrame() {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  // The first paint itself where the browser reports it (a timer queued in an animation frame can
  // still run before that frame is painted); the next frame elsewhere.
  function afterPaint() {
    var P = window.PerformanceObserver;
    try {
      if (P && P.supportedEntryTypes && P.supportedEntryTypes.indexOf('paint') >= 0) {
        if (performance.getEntriesByName('first-contentful-paint').length) return afterFrame();
        new P(function (list, observer) {
          if (!list.getEntriesByName('first-contentful-paint').length) return;
          observer.disconnect();
          setTimeout(start, 0);
        }).observe({ type: 'paint', buffered: true });
        return;
      }
    } catch (e) {}
    afterFrame();
  }
  // After the frame that paints the prerendered page, and on a list page after the frame that
  // shows its first cover (/early-query.js); the timer covers a slow answer, and a tab opened in
  // the background, where animation frames wait until it is shown.
  function afterCover() {
    var early = window.${earlyGlobalName};
    if (early && early.shown && typeof early.shown.then === 'function') early.shown.then(afterFrame, afterFrame);
    else afterPaint();
  }
  // The early script is async: it may not have run yet.
  var earlyScript = d.querySelector('script[src="/${earlyQueryScriptFile}"]');
  if (window.${earlyGlobalName}) afterCover();
  else if (earlyScript) {
    earlyScript.addEventListener('load', afterCover);
    earlyScript.addEventListener('error', afterPaint);
  } else afterPaint();
  setTimeout(start, window.${earlyGlobalName} || earlyScript ? ${earlyWaitMs} : 1000);
})();
`;
}
