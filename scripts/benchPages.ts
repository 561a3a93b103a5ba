// Step 2 and 3 of `npm run bench`: each page measured with Lighthouse (mobile profile, 390 px) and
// the Firestore documents a view of it reads, each figure judged against its budget.
import lighthouse from 'lighthouse';
import type { Browser } from 'playwright-core';
import type { CourseSession } from './benchCourse';
import { budgets, median, print, range, verdict } from './benchBudgets';

export interface BenchPage {
  name: string;
  path: string;
  /** The Firestore documents a view may read; null: counted, with no budget. */
  maxReads: number | null;
  /**
   * The course player: opened with a demo purchase's token and its confirmed device's cookie. A
   * buyer's private page, kept out of search engines (noindex): its SEO score is shown, not judged.
   */
  course?: boolean;
}

/** Documents the Firestore emulator sent back while the page loaded and settled. */
async function countReads(browser: Browser, url: string, firestoreOrigin: string, session: CourseSession | null) {
  // The emulator's own count, as Firestore bills: the browser's reads and the API's (a product page
  // is read by the function that fills it), nothing else running meanwhile.
  // A view at a warm API instance: what every page asks the API (is the affiliate program open? a
  // course's preview lessons) is read at most once a minute per instance (docs/performance.md), so
  // one view goes first, uncounted, and the figure is a view's own reads, not that minute's.
  const readsUrl = `${firestoreOrigin}/emulator/v1/reads`;
  const view = async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    if (session) await context.addCookies([{ ...session.cookie, url: new URL(url).origin }]);
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    await context.close();
  };
  await view();
  await fetch(readsUrl, { method: 'DELETE' });
  await view();
  const { reads } = (await (await fetch(readsUrl)).json()) as { reads: number };
  return reads;
}

interface Run {
  score: number;
  accessibility: number;
  seo: number;
  /** The accessibility and SEO audits that did not pass, by their ids. */
  failedAudits: string[];
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
  totalKb: number;
  lcpElement: string;
  lcpPhases: Record<string, number>;
}

type Details = { type?: string; items?: Array<Record<string, unknown>> } | undefined;

function lcpInfo(details: Details): { element: string; phases: Record<string, number> } {
  let element = 'unknown';
  const phases: Record<string, number> = {};
  for (const table of (details?.items ?? []) as Array<{ items?: Array<Record<string, unknown>> }>) {
    for (const item of table.items ?? []) {
      const node = item.node as { snippet?: string; nodeLabel?: string } | undefined;
      if (node?.snippet) element = `${node.nodeLabel ?? ''} ${node.snippet}`.trim().slice(0, 160);
      if (typeof item.phase === 'string' && typeof item.timing === 'number')
        phases[item.phase] = Math.round(item.timing);
    }
  }
  return { element, phases };
}

async function lighthouseRun(url: string, debugPort: number, session: CourseSession | null): Promise<Run> {
  const result = await lighthouse(
    url,
    {
      port: debugPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'seo'],
      // The confirmed device's cookie on the course page (Lighthouse's tab has no cookie of its own).
      ...(session ? { extraHeaders: { Cookie: `${session.cookie.name}=${session.cookie.value}` } } : {}),
    },
    // Lighthouse's mobile profile (throttling, 1.75 device pixel ratio) on a 390 px wide phone, the
    // width the store's budgets are set at (Lighthouse's own default is 412 px).
    {
      extends: 'lighthouse:default',
      settings: {
        formFactor: 'mobile',
        screenEmulation: { mobile: true, width: 390, height: 844, deviceScaleFactor: 1.75, disabled: false },
      },
    },
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { audits, categories } = result.lhr;
  const requests = (audits['network-requests']?.details as Details)?.items ?? [];
  const jsBytes = requests
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + (typeof r.transferSize === 'number' ? r.transferSize : 0), 0);
  const lcp = lcpInfo(audits['largest-contentful-paint-element']?.details as Details);
  return {
    score: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    seo: Math.round((categories.seo?.score ?? 0) * 100),
    failedAudits: [categories.accessibility, categories.seo].flatMap((category) =>
      (category?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    ),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Infinity,
    fcpMs: audits['first-contentful-paint']?.numericValue ?? Infinity,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Infinity,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Infinity,
    jsKb: jsBytes / 1024,
    totalKb: (audits['total-byte-weight']?.numericValue ?? 0) / 1024,
    lcpElement: lcp.element,
    lcpPhases: lcp.phases,
  };
}

/** Where a page is measured: the served store, Lighthouse's Chrome, the emulator that counts reads. */
export interface PageBench {
  storeUrl: string;
  debugPort: number;
  browser: Browser;
  firestoreUrl: string;
  /** Lighthouse runs per page. */
  runs: number;
}

/** One page: Lighthouse `at.runs` times and a view's reads, judged and printed; its row of the report. */
export async function benchPage(page: BenchPage, session: CourseSession | null, at: PageBench) {
  const url = `${at.storeUrl}${page.path}`;
  const results: Run[] = [];
  for (let i = 0; i < at.runs; i += 1) results.push(await lighthouseRun(url, at.debugPort, session));
  const reads = await countReads(at.browser, url, at.firestoreUrl, session);
  const stat = (key: keyof Omit<Run, 'lcpElement' | 'lcpPhases' | 'failedAudits'>) => {
    const values = results.map((r) => r[key]);
    return { median: median(values), min: range(values)[0], max: range(values)[1] };
  };
  const row = {
    page: page.name,
    path: page.path,
    score: stat('score'),
    accessibility: stat('accessibility'),
    seo: stat('seo'),
    lcpMs: stat('lcpMs'),
    fcpMs: stat('fcpMs'),
    tbtMs: stat('tbtMs'),
    cls: stat('cls'),
    jsKb: stat('jsKb'),
    totalKb: stat('totalKb'),
    reads,
    maxReads: page.maxReads,
    lcpElement: results[results.length - 1]?.lcpElement ?? 'unknown',
    lcpPhases: results[results.length - 1]?.lcpPhases ?? {},
    verdicts: {
      score: verdict(stat('score').median >= budgets.score, `${page.name} score`),
      accessibility: verdict(stat('accessibility').min >= budgets.accessibility, `${page.name} accessibility`),
      seo: page.course ? 'not judged (noindex)' : verdict(stat('seo').min >= budgets.seo, `${page.name} SEO`),
      lcp: verdict(stat('lcpMs').median <= budgets.lcpMs, `${page.name} LCP`),
      cls: verdict(stat('cls').median <= budgets.cls, `${page.name} CLS`),
      tbt: verdict(stat('tbtMs').median <= budgets.tbtMs, `${page.name} TBT`),
      ...(page.maxReads === null ? {} : { reads: verdict(reads <= page.maxReads, `${page.name} reads`) }),
      ...(page.path === '/' ? { bytes: verdict(stat('totalKb').median <= budgets.homeBytesKb, 'home bytes') } : {}),
    },
  };
  const fmt = (s: { median: number; min: number; max: number }, digits = 0, scale = 1) =>
    `${(s.median / scale).toFixed(digits)} [${(s.min / scale).toFixed(digits)}-${(s.max / scale).toFixed(digits)}]`;
  print(`  ${page.name} (${page.path})`);
  print(
    `    score ${fmt(row.score)} ${row.verdicts.score}   LCP ${fmt(row.lcpMs, 2, 1000)} s ${row.verdicts.lcp}   FCP ${fmt(row.fcpMs, 2, 1000)} s`,
  );
  print(`    TBT ${fmt(row.tbtMs)} ms ${row.verdicts.tbt}   CLS ${fmt(row.cls, 3)} ${row.verdicts.cls}`);
  print(
    `    accessibility ${fmt(row.accessibility)} ${row.verdicts.accessibility}   SEO ${fmt(row.seo)} ${row.verdicts.seo}`,
  );
  const failed = [...new Set(results.flatMap((r) => r.failedAudits))];
  if (failed.length) print(`    failed audits: ${failed.join(', ')}`);
  print(
    `    JS ${fmt(row.jsKb, 1)} KB   total ${fmt(row.totalKb, 1)} KB   reads ${reads} ${page.maxReads === null ? '(no budget)' : `(at most ${page.maxReads}) ${row.verdicts.reads ?? ''}`}`,
  );
  print(`    LCP element: ${row.lcpElement}`);
  print(`    LCP phases (ms): ${JSON.stringify(row.lcpPhases)}`);
  return row;
}
