// How a prerendered page starts its JavaScript (docs/performance.md). The build replaces the head's
// module script with /start.js (deferred, tiny, external for the CSP; its source is src/boot/start.ts),
// which adds the app's entry module after the first paint, and keeps taps and form submits made
// before the app runs for the app to replay. The names the script and the app share are in
// domain/pageContracts.ts.
import { startScriptFile } from '../../domain/pageContracts';

/** The most a list page waits for its first cover before it requests the app anyway. */
export const earlyWaitMs = 2500;

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
