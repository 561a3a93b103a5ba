// The bench's budgets (docs/performance.md) and its verdicts: each figure judged against its budget,
// a missed one remembered for the summary and the exit code.

export const budgets = {
  // The largest storefront route's: the entry, its static imports and the route's page chunk.
  criticalJsKb: 120,
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

/** The budgets missed so far, by what was measured. */
export const missed: string[] = [];

/** 'OK' when the figure is within its budget; else 'OVER', and `what` joins the missed. */
export const verdict = (ok: boolean, what: string) => {
  if (!ok) missed.push(what);
  return ok ? 'OK' : 'OVER';
};

export const print = (line = '') => process.stdout.write(`${line}\n`);

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
export const range = (values: number[]) => [Math.min(...values), Math.max(...values)] as const;
