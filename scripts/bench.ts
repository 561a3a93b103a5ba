// `npm run bench`: the performance budgets of DESIGN §8 that can be measured offline here.
// Builds the SPA and reports the JavaScript on the storefront's critical path (the entry script and
// everything it imports statically), gzip-compressed, against the 140 KB budget.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';

const budgetKb = 140;
const root = resolve(import.meta.dirname, '..');

type Output = Rolldown.RolldownOutput;

async function main() {
  const outDir = await mkdtemp(join(tmpdir(), 'store-bench-'));
  process.env.VITE_USE_EMULATORS ??= '1';
  const result = (await build({ root, logLevel: 'silent', build: { outDir, emptyOutDir: true } })) as Output | Output[];
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
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

  let total = 0;
  const rows: string[] = [];
  for (const name of critical) {
    const size = gzipSync(readFileSync(join(outDir, name))).length;
    total += size;
    rows.push(`  ${name.padEnd(48)} ${(size / 1024).toFixed(1).padStart(7)} KB`);
  }
  const lazy = [...chunks.keys()].filter((name) => !critical.has(name));
  await rm(outDir, { recursive: true, force: true });

  const totalKb = total / 1024;
  process.stdout.write(
    [
      'Critical-path JavaScript (gzip):',
      ...rows,
      `  ${'total'.padEnd(48)} ${totalKb.toFixed(1).padStart(7)} KB   budget ${budgetKb} KB   ${totalKb <= budgetKb ? 'OK' : 'OVER'}`,
      `Lazy chunks (loaded only where used): ${lazy.length}`,
      '',
    ].join('\n'),
  );
  if (totalKb > budgetKb) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
