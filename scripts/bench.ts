// `npm run bench`: the performance budgets of docs/performance.md, measured on this machine with
// no network.
//  1. JavaScript on the storefront's critical path (the entry chunk and its static imports), gzip.
//  2. Lighthouse (mobile profile: 150 ms RTT, 1.6 Mbps, 4x CPU) at 390 px width, N runs per page
//     (default 5) on home, all products, a category page and a product page, built for production (prerendered) and served
//     compressed (brotli/gzip) the way Firebase Hosting serves it, against the seeded local cloud.
//  3. Firestore documents each page visit reads (the browser's and the API's), counted by the emulator.
//  4. Search: p95 from Enter to the results heading, at 390 px with 4x CPU, once the index is loaded.
//  5. The course player (scripts/benchCourse.ts): a demo purchase of the seeded demo course, the
//     device confirmed (its cookie sent by Lighthouse), /learn/{token} measured as the pages above, and
//     the time from pressing play on the lesson's video to its first frame at the same throttling.
//  6. PDF stamping: a generated 300-page, 50 MB PDF stamped in a process of its own, time and peak
//     memory (scripts/benchStamp.ts).
// Prints median and range, writes bench/results/latest.{json,md}, exits 1 when a budget is missed.
// Flags: --runs N (Lighthouse runs per page), --products N (catalog size; above the 14 seeded
// products, generated ones from local/seed/largeCatalog), --pages home,course (only those pages; the
// course page brings the video timing), --no-search, and --stamp-only (only step 6); a partial run
// prints its figures but leaves bench/results/ as it is.
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium, type Browser } from 'playwright-core';
import { build, type PreviewServer, type Rolldown } from 'vite';
import { cspStandIns, startCloud, type Cloud } from '../local/cloud';
import { serveBuiltStore } from '../local/builtStore';
import { freePort } from '../local/ports';
import { seedProducts } from '../local/seed/catalog';
import { seedLargeCatalog } from '../local/seed/largeCatalog';
import { findChrome } from '../tests/support/browser';
import { buyDemoCourse, measureFirstFrame, phoneNetwork, type CourseSession, type FirstFrame } from './benchCourse';
import { measureStamping, stampBudgets, stampVerdict, type StampFigure } from './benchStamp';

const root = resolve(import.meta.dirname, '..');
const resultsDir = join(root, 'bench', 'results');
const budgets = {
  criticalJsKb: 140,
  score: 95,
  // Lighthouse's accessibility and SEO categories: every storefront page scores 100.
  accessibility: 100,
  seo: 100,
  lcpMs: 1800,
  cls: 0.02,
  tbtMs: 100,
  homeBytesKb: 250,
  searchP95Ms: 300,
  // The course player's demo video: from pressing play to its first frame, at the phone profile.
  courseFirstFrameMs: 3000,
};

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    products: { type: 'string', default: String(seedProducts.length) },
    // Comma-separated page names (home, all products, category, product): a quicker partial run.
    pages: { type: 'string', default: '' },
    'no-search': { type: 'boolean', default: false },
    'stamp-only': { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(flags.runs));
const productCount = Math.max(seedProducts.length, Number(flags.products));

const sampleProduct = seedProducts.find((p) => p.id === 'demo-react-bootcamp') ?? seedProducts[0];
interface BenchPage {
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
const allPages: BenchPage[] = [
  { name: 'home', path: '/', maxReads: 6 },
  // A list page reads its first page of 24 (docs/catalog-and-search.md), whatever the catalog's size.
  { name: 'all products', path: '/allproducts', maxReads: Math.min(productCount, 24) },
  { name: 'category', path: '/category/2', maxReads: Math.min(productCount, 24) },
  {
    name: 'product',
    path: `/productdetail/${sampleProduct?.id ?? ''}`,
    maxReads: 1 + (sampleProduct?.outline.length ?? 0),
  },
  { name: 'contact', path: '/contactus', maxReads: 0 },
  // The path's token comes from the purchase the bench makes (scripts/benchCourse.ts).
  { name: 'course', path: '/learn/{token}', maxReads: null, course: true },
];

const wanted = flags.pages ? new Set(flags.pages.split(',').map((name) => name.trim())) : null;
const pages = wanted ? allPages.filter((page) => wanted.has(page.name)) : allPages;

let failures = 0;
const missed: string[] = [];
const verdict = (ok: boolean, what: string) => {
  if (!ok) {
    failures += 1;
    missed.push(what);
  }
  return ok ? 'OK' : 'OVER';
};
const print = (line = '') => process.stdout.write(`${line}\n`);

type Output = Rolldown.RolldownOutput;

async function buildStore(outDir: string, env: Record<string, string>): Promise<Array<Output['output'][number]>> {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    // The local-stack mode: a `production` build refuses the emulator settings (scripts/buildGuards.ts).
    const result = (await build({ root, mode: 'e2e', logLevel: 'silent', build: { outDir, emptyOutDir: true } })) as
      Output | Output[];
    return (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  } finally {
    process.env = saved;
  }
}

function criticalJs(outDir: string, outputs: Array<Output['output'][number]>) {
  const chunks = new Map(outputs.filter((o) => o.type === 'chunk').map((c) => [c.fileName, c]));
  const entry = [...chunks.values()].find((c) => c.type === 'chunk' && c.isEntry);
  if (!entry || entry.type !== 'chunk') throw new Error('No entry chunk in the build');
  const critical = new Set<string>();
  const visit = (name: string) => {
    if (critical.has(name)) return;
    critical.add(name);
    const chunk = chunks.get(name);
    if (chunk && chunk.type === 'chunk') chunk.imports.forEach(visit);
  };
  visit(entry.fileName);
  print('Critical-path JavaScript (gzip):');
  const files = [...critical].map((name) => ({ name, kb: gzipSync(readFileSync(join(outDir, name))).length / 1024 }));
  for (const file of files) print(`  ${file.name.padEnd(48)} ${file.kb.toFixed(1).padStart(7)} KB`);
  const totalKb = files.reduce((sum, f) => sum + f.kb, 0);
  print(
    `  ${'total'.padEnd(48)} ${totalKb.toFixed(1).padStart(7)} KB   budget ${budgets.criticalJsKb} KB   ${verdict(totalKb <= budgets.criticalJsKb, 'critical JS')}`,
  );
  return { totalKb, files };
}

/**
 * The production build served as Firebase Hosting serves it (scripts/pagesServer.ts): firebase.json's
 * rewrites (product pages through the API, which fills in the product's meta and cover preload) and
 * headers (immutable caching for hashed assets, the CSP), text brotli- or gzip-compressed as the
 * browser asks.
 */
async function serveDist(outDir: string, port: number, cloud: Cloud, geoIpUrl: string): Promise<PreviewServer> {
  return serveBuiltStore({
    root,
    outDir,
    port,
    apiUrl: cloud.api?.url ?? '',
    standIns: cspStandIns(cloud, geoIpUrl),
    compress: true,
    logLevel: 'silent',
  });
}

/** Generated products (local/seed/largeCatalog: deliverables, outlines, catalog index) up to `total`. */
async function seedMore(cloud: Cloud, total: number): Promise<void> {
  const existing = (await cloud.db.collection('products').count().get()).data().count;
  await seedLargeCatalog(cloud.db, (publicId, ext, data) => cloud.images.put(publicId, ext, data), total - existing);
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

/** Terms for the search timing: common words of the seeded and generated titles, and rarer ones. */
const searchTerms = ['guide', 'excel', 'master', 'photo', 'react', 'coding', 'budget', '0042', 'play', 'writing'];
const searchSamples = 40;

/**
 * Search at this catalog size (docs/performance.md): a 390 px phone with 4x CPU slowdown on the home page;
 * the first search loads the catalog index, then each of `searchSamples` searches is timed from Enter to
 * the results heading showing that term's count. Expected counts come from the catalog's titles.
 */
async function measureSearch(browser: Browser, baseUrl: string, titles: readonly string[]) {
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const range = (values: number[]) => [Math.min(...values), Math.max(...values)] as const;

interface CourseVideo {
  runs: FirstFrame[];
  pressToFrameMs: { median: number; min: number; max: number };
  budgetMs: number;
  network: typeof phoneNetwork;
}

function courseVideoLine(video: CourseVideo): string {
  const { median: mid, min, max } = video.pressToFrameMs;
  const opened = video.runs.map((r) => r.openToDataMs).filter((ms): ms is number => ms !== null);
  const states = [...new Set(video.runs.map((r) => r.readyStateAtPress))].join('/');
  const waits = video.runs.map((r) => r.appearToPressMs).filter((ms): ms is number => ms !== null);
  return (
    `Course video first frame (${video.runs.length} cold runs, 390 px, ${(video.network.latency / 1000).toFixed(3)} s per request, ` +
    `${((video.network.downloadThroughput * 8) / 1024 / 1024).toFixed(2)} Mbps, 4x CPU): from pressing play ` +
    `${(mid / 1000).toFixed(2)} s (${(min / 1000).toFixed(2)}-${(max / 1000).toFixed(2)}), budget ${(video.budgetMs / 1000).toFixed(1)} s; ` +
    `readyState at the press ${states}` +
    (waits.length ? `, pressed ${median(waits).toFixed(0)} ms after the video element appeared` : '') +
    (opened.length
      ? `; the first frame was loaded ${(median(opened) / 1000).toFixed(2)} s after the page was opened.`
      : '.')
  );
}

/** Step 5's video figure: the first frame after pressing play, judged against its budget. */
async function benchCourseVideo(browser: Browser, url: string, session: CourseSession): Promise<CourseVideo> {
  const results = await measureFirstFrame(browser, url, session, runs);
  const times = results.map((r) => r.pressToFrameMs);
  const video: CourseVideo = {
    runs: results,
    pressToFrameMs: { median: median(times), min: range(times)[0], max: range(times)[1] },
    budgetMs: budgets.courseFirstFrameMs,
    network: phoneNetwork,
  };
  const ok = verdict(video.pressToFrameMs.median <= budgets.courseFirstFrameMs, 'course video first frame');
  print();
  print(`${courseVideoLine(video)} ${ok}`);
  return video;
}

/** Step 6: the stamping figure, printed and judged against its budget. */
async function benchStamping(): Promise<StampFigure> {
  const figure = await measureStamping();
  const { ok, line } = stampVerdict(figure);
  verdict(ok, 'PDF stamping');
  print(line);
  return figure;
}

async function main() {
  if (flags['stamp-only']) {
    await benchStamping();
    print('Partial run (--stamp-only): bench/results/ left as it is.');
    if (failures > 0) process.exitCode = 1;
    return;
  }
  const startedAt = new Date().toISOString();
  const loadBefore = loadavg();
  const workDir = await mkdtemp(join(tmpdir(), 'store-bench-'));
  const port = await freePort();
  const cloud = await startCloud({ dataDir: workDir, seed: true, withApi: true, storeUrl: `http://127.0.0.1:${port}` });
  const outDir = join(workDir, 'dist');
  const summary: Array<Record<string, unknown>> = [];
  let js: ReturnType<typeof criticalJs>;
  let searchTiming: Awaited<ReturnType<typeof measureSearch>> | null = null;
  let courseVideo: CourseVideo | null = null;
  try {
    if (productCount > seedProducts.length) await seedMore(cloud, productCount);
    print(
      `Catalog: ${productCount} products. Machine: ${cpus().length} cores, load ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
    );
    // The geo-IP lookup is a third party: point it at a closed local port so it fails fast.
    const geoIpUrl = 'http://127.0.0.1:9/json';
    const outputs = await buildStore(outDir, { ...cloud.webEnv, VITE_GEOIP_URL: geoIpUrl });
    js = criticalJs(outDir, outputs);

    const server = await serveDist(outDir, port, cloud, geoIpUrl);
    const debugPort = await freePort();
    const browser = await chromium.launch({
      executablePath: findChrome(),
      args: [
        `--remote-debugging-port=${debugPort}`,
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const storeUrl = `http://127.0.0.1:${port}`;
      // Bought when the course page's turn comes: the order's own work (its e-mail, its records) is
      // done by then and is not counted among the other pages' reads.
      let course: CourseSession | null = null;
      print();
      print(`Lighthouse, mobile profile at 390 px, ${runs} run(s) per page: median [min-max]`);
      for (const spec of pages) {
        if (spec.course) course = await buyDemoCourse(storeUrl);
        const session = spec.course ? course : null;
        const page = { ...spec, path: spec.path.replace('{token}', session?.token ?? '') };
        const url = `${storeUrl}${page.path}`;
        const results: Run[] = [];
        for (let i = 0; i < runs; i += 1) results.push(await lighthouseRun(url, debugPort, session));
        const reads = await countReads(browser, url, cloud.firestore.url, session);
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
            ...(page.path === '/'
              ? { bytes: verdict(stat('totalKb').median <= budgets.homeBytesKb, 'home bytes') }
              : {}),
          },
        };
        summary.push(row);
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
      }
      if (course) courseVideo = await benchCourseVideo(browser, `${storeUrl}/learn/${course.token}`, course);
      const titles = (await cloud.db.collection('products').select('title').get()).docs.map((doc) =>
        String(doc.get('title')),
      );
      if (!flags['no-search']) {
        const timing = await measureSearch(browser, `http://127.0.0.1:${port}`, titles);
        searchTiming = timing;
        const searchVerdict = verdict(timing.p95Ms <= budgets.searchP95Ms, 'search p95');
        print();
        print(
          `Search, 390 px, 4x CPU, ${timing.samples} searches after the index loaded: p95 ${timing.p95Ms.toFixed(0)} ms ${searchVerdict}, ` +
            `median ${timing.medianMs.toFixed(0)} ms (first search, with the index download: ${timing.firstMs.toFixed(0)} ms)`,
        );
      }
    } finally {
      await browser.close();
      await server.close();
    }
  } finally {
    await cloud.stop();
    await rm(workDir, { recursive: true, force: true });
  }
  // Measured with the cloud and the browser stopped, so they take no memory or CPU from it.
  print();
  const stamping = await benchStamping();
  const loadAfter = loadavg();
  const report = {
    startedAt,
    finishedAt: new Date().toISOString(),
    machine: { cores: cpus().length, loadBefore, loadAfter },
    products: productCount,
    runsPerPage: runs,
    budgets,
    criticalJsKb: js.totalKb,
    search: searchTiming,
    courseVideo,
    stamping: { ...stamping, budgets: stampBudgets },
    pages: summary,
    missed,
  };
  if (wanted || flags['no-search']) {
    print(`Partial run (--pages/--no-search): bench/results/ left as it is.`);
    if (failures > 0) process.exitCode = 1;
    return;
  }
  await mkdir(resultsDir, { recursive: true });
  const suffix = productCount === seedProducts.length ? '' : `-${productCount}`;
  await writeFile(join(resultsDir, `latest${suffix}.json`), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(join(resultsDir, `latest${suffix}.md`), markdown(report));
  print();
  print(
    `Load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')}`,
  );
  print(failures === 0 ? 'All budgets met.' : `${failures} budget(s) missed: ${missed.join(', ')}.`);
  if (failures > 0) process.exitCode = 1;
}

function markdown(report: {
  startedAt: string;
  machine: { cores: number; loadBefore: number[]; loadAfter: number[] };
  products: number;
  runsPerPage: number;
  criticalJsKb: number;
  search: { firstMs: number; p95Ms: number; medianMs: number; samples: number } | null;
  courseVideo: CourseVideo | null;
  stamping: StampFigure;
  pages: Array<Record<string, unknown>>;
  missed: string[];
}): string {
  type S = { median: number; min: number; max: number };
  const cell = (s: S, digits = 0, scale = 1) =>
    `${(s.median / scale).toFixed(digits)} (${(s.min / scale).toFixed(digits)}-${(s.max / scale).toFixed(digits)})`;
  const lines = [
    `# Bench ${report.startedAt}`,
    '',
    `${report.products} products, ${report.runsPerPage} Lighthouse run(s) per page (mobile profile, 390 px wide), median (range). ` +
      `Machine: ${report.machine.cores} cores, load average ${report.machine.loadBefore.map((l) => l.toFixed(2)).join('/')} before, ` +
      `${report.machine.loadAfter.map((l) => l.toFixed(2)).join('/')} after. Critical-path JS ${report.criticalJsKb.toFixed(1)} KB gzip.`,
    '',
    '| page | score | a11y | SEO | LCP s | FCP s | TBT ms | CLS | JS KB | total KB | reads | LCP element |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...report.pages.map((p) =>
      [
        '',
        `${String(p.page)} \`${String(p.path)}\``,
        cell(p.score as S),
        cell(p.accessibility as S),
        cell(p.seo as S),
        cell(p.lcpMs as S, 2, 1000),
        cell(p.fcpMs as S, 2, 1000),
        cell(p.tbtMs as S),
        cell(p.cls as S, 3),
        cell(p.jsKb as S, 1),
        cell(p.totalKb as S, 1),
        typeof p.maxReads === 'number' ? `${String(p.reads)} (max ${p.maxReads})` : `${String(p.reads)} (no budget)`,
        `${String(p.lcpElement).replace(/\|/g, '\\|').replace(/`/g, "'")} ${JSON.stringify(p.lcpPhases)}`,
        '',
      ]
        .join(' | ')
        .trim(),
    ),
    '',
    report.search
      ? `Search (390 px, 4x CPU, ${report.search.samples} searches once the index is loaded): p95 ${report.search.p95Ms.toFixed(0)} ms, median ${report.search.medianMs.toFixed(0)} ms; the first search, which downloads the index, ${report.search.firstMs.toFixed(0)} ms.`
      : 'Search: not measured.',
    '',
    report.courseVideo ? courseVideoLine(report.courseVideo) : 'Course video first frame: not measured.',
    '',
    stampVerdict(report.stamping).line,
    '',
    report.missed.length ? `Missed: ${report.missed.join(', ')}.` : 'All budgets met.',
    '',
  ];
  return lines.join('\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
