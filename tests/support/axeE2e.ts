// Accessibility of a page in the e2e browser, checked the way Lighthouse's accessibility category checks
// it: the axe-core that Lighthouse (a dev dependency, run by `npm run bench`) ships, with the WCAG 2 A and
// AA rules and the extra rules Lighthouse turns on (heading order, one main landmark, empty headings,
// touch target size, label and name agreement). The script is evaluated through the DevTools protocol,
// so the store's CSP is neither bypassed for the app nor reported as violated.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const fromLighthouse = createRequire(createRequire(import.meta.url).resolve('lighthouse/package.json'));
const axeSource = readFileSync(fromLighthouse.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResults {
  violations: { id: string; nodes: { target: string[] }[] }[];
}
interface Axe {
  run(context: unknown, options: Record<string, unknown>): Promise<AxeResults>;
}

/** What failed: each rule's id with the elements it failed on; empty when the page passes. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    // Runs in the page: its window is the global scope there.
    const { axe, document } = globalThis as unknown as { axe: Axe; document: unknown };
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
      resultTypes: ['violations'],
      rules: {
        'heading-order': { enabled: true },
        'landmark-one-main': { enabled: true },
        'empty-heading': { enabled: true },
        'target-size': { enabled: true },
        'label-content-name-mismatch': { enabled: true },
        'link-in-text-block': { enabled: true },
        'identical-links-same-purpose': { enabled: true },
        'meta-viewport': { enabled: true },
        'select-name': { enabled: true },
        'input-button-name': { enabled: true },
      },
    });
    return results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  });
}
