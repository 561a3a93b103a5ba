// The API's folders depend on each other in one direction only (docs/architecture.md, 'Layout'): a
// folder that needs another's code never serves it back, so each concern can be read, moved and
// tested from the bottom up. Lint's no-cycle sees module cycles; this sees folder cycles, which it
// cannot (two modules of a folder may each import the other folder without any module cycle).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const server = resolve(root, 'server');

/** Each top-level folder of server/ and the folders its modules import from. */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const files = readdirSync(server, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'));
  for (const file of files) {
    const [folder, ...rest] = file.split('/');
    if (!folder || rest.length === 0) continue; // app.ts, config.ts...: the composition root
    const source = readFileSync(resolve(server, file), 'utf8');
    for (const match of source.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = relative(server, resolve(server, dirname(file), match[1] as string)).split('/');
      if (target.length < 2 || target[0] === '..' || target[0] === folder) continue;
      const edges = graph.get(folder) ?? new Set<string>();
      edges.add(target[0] as string);
      graph.set(folder, edges);
    }
  }
  return graph;
}

/** Every cycle's folders, found by a depth-first walk (each cycle reported from where it closes). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const walk = (folder: string, path: string[]) => {
    const at = path.indexOf(folder);
    if (at !== -1) {
      found.push([...path.slice(at), folder]);
      return;
    }
    if (done.has(folder)) return;
    for (const next of graph.get(folder) ?? []) walk(next, [...path, folder]);
    done.add(folder);
  };
  for (const folder of graph.keys()) walk(folder, []);
  return found;
}

describe('server/ folders', () => {
  it('import each other without a cycle', () => {
    const graph = folderGraph();
    expect(graph.get('orders')).toEqual(expect.any(Set));
    expect([...(graph.get('webhooks') ?? [])]).toContain('orders');
    expect(cycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(cycles(graph).map((cycle) => cycle.join(' -> '))).toEqual(['a -> b -> c -> a']);
  });
});
