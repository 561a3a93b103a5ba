// Every dependency with an install script is decided in package.json's allowScripts, with its reason in
// docs/local-cloud.md ('Installing'), so npm has nothing to warn about and a fresh install compiles
// nothing from source (re2's script is denied).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  allowScripts?: Record<string, boolean>;
};
const lock = JSON.parse(readFileSync(resolve(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { hasInstallScript?: boolean }>;
};
const docs = readFileSync(resolve(root, 'docs/local-cloud.md'), 'utf8');

const withScripts = [
  ...new Set(
    Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)),
  ),
].sort();

describe('install scripts', () => {
  it('are each allowed or denied in package.json, the C++ build of re2 denied', () => {
    expect(Object.keys(pkg.allowScripts ?? {}).sort()).toEqual(withScripts);
    expect(pkg.allowScripts?.re2).toBe(false);
  });

  it('each have a one-line reason in docs/local-cloud.md', () => {
    for (const name of withScripts) {
      const decision = pkg.allowScripts?.[name] ? 'allowed' : 'denied';
      expect(docs).toMatch(
        new RegExp(`^\\| \`${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\` +\\| ${decision} +\\| \\S`, 'm'),
      );
    }
  });
});
