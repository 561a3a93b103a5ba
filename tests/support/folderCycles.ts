// Folder graphs of the project's sources, for the tests that keep them acyclic (docs/architecture.md,
// 'Conventions'): lint's no-cycle sees module cycles, these see folder cycles, which it cannot (two
// modules of a folder may each import the other folder without any module cycle).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

/** Every module (`.ts`, `.tsx`) in a sub-folder of `base`, by its path from `base`; files at its top are left out. */
export function folderModules(base: string): Map<string, string> {
  const modules = new Map<string, string>();
  for (const file of readdirSync(base, { recursive: true, encoding: 'utf8' })) {
    if (/\.tsx?$/.test(file) && file.includes('/')) modules.set(file, readFileSync(resolve(base, file), 'utf8'));
  }
  return modules;
}

/** Each top-level folder of `base` and the other folders of `base` its modules import from. */
export function folderGraph(base: string, modules: Map<string, string>): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [file, source] of modules) {
    const [folder] = file.split('/');
    if (!folder) continue;
    for (const match of source.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = relative(base, resolve(base, dirname(file), match[1] as string)).split('/');
      if (target.length < 2 || target[0] === '..' || target[0] === folder) continue;
      const edges = graph.get(folder) ?? new Set<string>();
      edges.add(target[0] as string);
      graph.set(folder, edges);
    }
  }
  return graph;
}

/** Every cycle's folders, found by a depth-first walk (each cycle reported from where it closes). */
export function cycles(graph: Map<string, Set<string>>): string[][] {
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
