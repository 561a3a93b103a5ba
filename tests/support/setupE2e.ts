// Every e2e test runs under Firebase Hosting's production CSP (tests/support/globalSetupE2e.ts), and
// every e2e file ends by asking both stores whether a browser reported a violation of it: a script,
// frame, image or request the policy blocked fails the file whose pages caused it, even when the
// page still looked right. Each report names the page (document-uri) and what was blocked.
import { afterAll, expect, inject } from 'vitest';
import { violationsPath } from '../../scripts/pagesServer';

const { baseUrl, providersBaseUrl } = inject('e2e');

/** The CSP violation reports a store has received (the browser posts them asynchronously). */
export async function reportedViolations(store: string): Promise<unknown[]> {
  return (await (await fetch(`${store}${violationsPath}`)).json()) as unknown[];
}

afterAll(async () => {
  // Reports are posted after the violation, not with it: give the last test's a moment to arrive.
  // Once per file rather than after every test; files run one after another, so none is missed.
  await new Promise((resolve) => setTimeout(resolve, 250));
  for (const store of [baseUrl, providersBaseUrl]) {
    const violations = await reportedViolations(store);
    // Emptied first, so one file's violation fails that file, not every file after it.
    if (violations.length > 0) await fetch(`${store}${violationsPath}`, { method: 'DELETE' });
    expect(violations, `CSP violations reported to ${store}`).toEqual([]);
  }
});
