// `npm run bench`: the performance budgets of DESIGN §8, measured on this machine with no network.
//  1. JavaScript on the storefront's critical path (the entry chunk and its static imports), gzip.
//  2. Lighthouse (mobile profile: 150 ms RTT, 1.6 Mbps, 4x CPU) on home, all products and a product
//     page, built for production and served with the seeded local cloud.
//  3. Firestore documents each of those pages reads, counted from the emulator's answers.
// Exits 1 when any budget is missed.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { build, preview, type Rolldown } from 'vite';
import { startCloud } from '../local/cloud';
import { freePort } from '../local/ports';
import { seedProducts } from '../local/seed/catalog';
import { findChrome } from '../tests/support/browser';

const root = resolve(import.meta.dirname, '..');
const budgets = { criticalJsKb: 140, score: 95, lcpMs: 1800, cls: 0.02, tbtMs: 100 };
const sampleProduct = seedProducts.find((p) => p.id === 'demo-react-bootcamp') ?? seedProducts[0];
const pages = [
  { name: 'home', path: '/', maxReads: 6 },
  { name: 'all products', path: '/allproducts', maxReads: seedProducts.length },
  {
    name: 'product',
    path: `/productdetail/${sampleProduct?.id ?? ''}`,
    maxReads: 1 + (sampleProduct?.outline.length ?? 0),
  },
];

let failures = 0;
const verdict = (ok: boolean) => {
  if (!ok) failures += 1;
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

function reportCriticalJs(outDir: string, outputs: Array<Output['output'][number]>): void {
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
  let total = 0;
  for (const name of critical) {
    const size = gzipSync(readFileSync(join(outDir, name))).length;
    total += size;
    print(`  ${name.padEnd(48)} ${(size / 1024).toFixed(1).padStart(7)} KB`);
  }
  const totalKb = total / 1024;
  print(
    `  ${'total'.padEnd(48)} ${totalKb.toFixed(1).padStart(7)} KB   budget ${budgets.criticalJsKb} KB   ${verdict(totalKb <= budgets.criticalJsKb)}`,
  );
  print(`  lazy chunks (loaded only where used): ${[...chunks.keys()].filter((n) => !critical.has(n)).length}`);
}

/** Documents the Firestore emulator sent back while the page loaded and settled. */
async function countReads(browser: Awaited<ReturnType<typeof chromium.launch>>, url: string, firestoreOrigin: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  let documents = 0;
  page.on('response', (response) => {
    if (!response.url().startsWith(firestoreOrigin) || response.request().method() !== 'POST') return;
    void response
      .json()
      .then((body: unknown) => {
        if (Array.isArray(body)) {
          documents += body.filter(
            (item) => typeof item === 'object' && item && ('document' in item || 'found' in item),
          ).length;
        }
      })
      .catch(() => undefined);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  await context.close();
  return documents;
}

async function main() {
  const workDir = await mkdtemp(join(tmpdir(), 'store-bench-'));
  const cloud = await startCloud({ dataDir: workDir, seed: true });
  const outDir = join(workDir, 'dist');
  try {
    // The geo-IP lookup is a third party: point it at a closed local port so it fails fast.
    const outputs = await buildStore(outDir, { ...cloud.webEnv, VITE_GEOIP_URL: 'http://127.0.0.1:9/json' });
    reportCriticalJs(outDir, outputs);

    const port = await freePort();
    const server = await preview({
      root,
      logLevel: 'silent',
      build: { outDir },
      preview: { port, strictPort: true, host: '127.0.0.1' },
    });
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
      print();
      print('Lighthouse, mobile profile (budgets: score >= 95, LCP <= 1.8 s, CLS <= 0.02, TBT <= 100 ms):');
      print(`  ${'page'.padEnd(14)} score   LCP      CLS     TBT      Firestore documents read`);
      for (const page of pages) {
        const url = `http://127.0.0.1:${port}${page.path}`;
        const result = await lighthouse(url, {
          port: debugPort,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
        const { audits, categories } = result.lhr;
        const score = Math.round((categories.performance?.score ?? 0) * 100);
        const lcp = audits['largest-contentful-paint']?.numericValue ?? Infinity;
        const cls = audits['cumulative-layout-shift']?.numericValue ?? Infinity;
        const tbt = audits['total-blocking-time']?.numericValue ?? Infinity;
        const reads = await countReads(browser, url, cloud.firestore.url);
        print(
          `  ${page.name.padEnd(14)} ${String(score).padStart(3)} ${verdict(score >= budgets.score).padEnd(4)}` +
            ` ${(lcp / 1000).toFixed(2)} s ${verdict(lcp <= budgets.lcpMs).padEnd(4)}` +
            ` ${cls.toFixed(3)} ${verdict(cls <= budgets.cls).padEnd(4)}` +
            ` ${Math.round(tbt)} ms ${verdict(tbt <= budgets.tbtMs).padEnd(4)}` +
            ` ${reads} (at most ${page.maxReads}) ${verdict(reads <= page.maxReads)}`,
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
  print();
  print(failures === 0 ? 'All budgets met.' : `${failures} budget(s) missed.`);
  if (failures > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
