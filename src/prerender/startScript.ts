// How a prerendered page starts its JavaScript (docs/performance.md). The build replaces the head's
// module script with /start.js (deferred, tiny, external for the CSP; its source is src/boot/start.ts),
// which adds the app's entry module after the first paint, and keeps taps and form submits made
// before the app runs for the app to replay. This module holds what the script, the build and the
// app share.

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
