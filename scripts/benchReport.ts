// What `npm run bench` writes to bench/results/: the report's Markdown table and lines.
import type { phoneNetwork, FirstFrame } from './benchCourse';
import { median } from './benchBudgets';
import { stampVerdict, type StampFigure } from './benchStamp';

export interface CourseVideo {
  runs: FirstFrame[];
  pressToFrameMs: { median: number; min: number; max: number };
  budgetMs: number;
  network: typeof phoneNetwork;
}

export function courseVideoLine(video: CourseVideo): string {
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

export function markdown(report: {
  startedAt: string;
  machine: { cores: number; loadBefore: number[]; loadAfter: number[] };
  products: number;
  runsPerPage: number;
  criticalJsKb: number;
  criticalJsRoutes?: Array<{ route: string; kb: number }>;
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
      `${report.machine.loadAfter.map((l) => l.toFixed(2)).join('/')} after. Critical-path JS ${report.criticalJsKb.toFixed(1)} KB gzip` +
      (report.criticalJsRoutes
        ? ` (${report.criticalJsRoutes.map((r) => `${r.route} ${r.kb.toFixed(1)} KB`).join(', ')}).`
        : '.'),
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
