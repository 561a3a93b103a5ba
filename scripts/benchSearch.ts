// Step 4 of `npm run bench`: search timed in a throttled phone-sized browser (docs/performance.md).
import type { Browser } from 'playwright-core';
import { median } from './benchBudgets';

/** Terms for the search timing: common words of the seeded and generated titles, and rarer ones. */
const searchTerms = ['guide', 'excel', 'master', 'photo', 'react', 'coding', 'budget', '0042', 'play', 'writing'];
const searchSamples = 40;

/**
 * Search at this catalog size (docs/performance.md): a 390 px phone with 4x CPU slowdown on the home page;
 * the first search loads the catalog index, then each of `searchSamples` searches is timed from Enter to
 * the results heading showing that term's count. Expected counts come from the catalog's titles.
 */
export async function measureSearch(browser: Browser, baseUrl: string, titles: readonly string[]) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(baseUrl, { waitUntil: 'networkidle' });
  const expected = (term: string) =>
    `Search Result: Found (${titles.filter((title) => title.toLowerCase().includes(term)).length}) Products`;
  const search = async (term: string) => {
    const box = page.getByRole('searchbox', { name: 'Search products' }).first();
    await box.fill(term);
    // Each search pushes a history entry (react-router's idx): a heading with the same count as the
    // last search's is not taken for this one's.
    const before = await page.evaluate(() => (history.state as { idx?: number } | null)?.idx ?? -1);
    const started = performance.now();
    await box.press('Enter');
    await page.waitForFunction(
      ({ text, idx }) =>
        ((history.state as { idx?: number } | null)?.idx ?? -1) > idx &&
        document.querySelector('#results-heading')?.textContent === text &&
        !document.querySelector('.swal2-popup'),
      { text: expected(term), idx: before },
      { polling: 'raf', timeout: 30_000 },
    );
    return performance.now() - started;
  };
  const firstMs = await search('the');
  const times: number[] = [];
  for (let i = 0; i < searchSamples; i += 1) {
    // Alternate with a term of another count, so each heading change is this search's.
    times.push(await search(searchTerms[i % searchTerms.length] ?? 'guide'));
  }
  await context.close();
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = sorted[Math.ceil(0.95 * sorted.length) - 1] ?? 0;
  return { firstMs, p95Ms: p95, medianMs: median(times), samples: times.length };
}
