// The repository's own modules as text, for the tests that hold its conventions (tests/unit/project/).
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const repositoryRoot = resolve(import.meta.dirname, '../..');

/** Every .ts/.tsx module under the folders, by path from the repository root. */
export function modules(...folders: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const folder of folders) {
    for (const file of readdirSync(resolve(repositoryRoot, folder), { recursive: true, encoding: 'utf8' })) {
      if (/\.tsx?$/.test(file) && !file.endsWith('.d.ts')) {
        found.set(`${folder}/${file}`, readFileSync(resolve(repositoryRoot, folder, file), 'utf8'));
      }
    }
  }
  return found;
}

/** The modules among these whose text matches `pattern`, by path, sorted. */
export function matching(pattern: RegExp, among: Map<string, string>): string[] {
  return [...among]
    .filter(([, text]) => pattern.test(text))
    .map(([path]) => path)
    .sort();
}
