import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const envExample = readFileSync(resolve(root, '.env.example'), 'utf8');

describe('README stays true (STYLE §14)', () => {
  it('names only npm scripts that exist', () => {
    const named = [...readme.matchAll(/npm run ([a-z][\w:-]*)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    for (const script of named) expect(pkg.scripts, `npm run ${script}`).toHaveProperty(script as string);
  });

  it('gives the quickstart commands', () => {
    for (const command of ['npm install', 'npm start', 'npm test']) expect(readme).toContain(command);
  });
});

describe('.env.example documents every variable the code reads', () => {
  it('lists each VITE_ and server variable used in src/ and server/', () => {
    const files = ['src', 'server'].flatMap((dir) =>
      readdirSync(resolve(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((name) => /\.tsx?$/.test(name))
        .map((name) => `${dir}/${name}`),
    );
    const used = new Set<string>();
    for (const file of files) {
      const text = readFileSync(resolve(root, file), 'utf8');
      for (const m of text.matchAll(/['"](VITE_[A-Z0-9_]+)['"]/g)) used.add(m[1] as string);
      for (const m of text.matchAll(/^\s+([A-Z][A-Z0-9_]+): (?:z\.|flag|optionalText)/gm)) used.add(m[1] as string);
    }
    expect(used.size).toBeGreaterThan(10);
    for (const name of used) expect(envExample, name).toMatch(new RegExp(`^${name}=`, 'm'));
  });
});
