import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const envExample = readFileSync(resolve(root, '.env.example'), 'utf8');

const docPages = readdirSync(resolve(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);
const markdownFiles = ['README.md', ...docPages];
const read = (file: string) => readFileSync(resolve(root, file), 'utf8');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsIn(markdown: string): Set<string> {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '');
  return new Set([...withoutCode.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => anchorOf(m[1] as string)));
}

/** Every inline link target in a markdown file, code blocks and code spans left out. */
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] as string);
}

describe('README and docs stay true', () => {
  it('README and every docs page name only npm scripts that exist', () => {
    let named = 0;
    for (const file of markdownFiles) {
      for (const m of read(file).matchAll(/npm run ([a-z][\w:-]*)/g)) {
        named += 1;
        expect(pkg.scripts, `${file}: npm run ${m[1]}`).toHaveProperty(m[1] as string);
      }
    }
    expect(named).toBeGreaterThan(10);
  });

  it('gives the quickstart commands', () => {
    for (const command of ['npm install', 'npm start', 'npm test']) expect(readme).toContain(command);
  });

  it('every relative link in README and docs reaches an existing file, and its #anchor a heading there', () => {
    let checked = 0;
    for (const file of markdownFiles) {
      for (const target of linkTargets(read(file))) {
        if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // http:, https:, mailto:
        const [path = '', anchor] = target.split('#');
        const destination = path ? resolve(root, dirname(file), path) : resolve(root, file);
        expect(existsSync(destination), `${file}: ${target}`).toBe(true);
        if (anchor && statSync(destination).isFile() && destination.endsWith('.md')) {
          expect(anchorsIn(readFileSync(destination, 'utf8')), `${file}: ${target}`).toContain(anchor);
        }
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('README is a front door of under 200 lines that links every docs page', () => {
    expect(readme.split('\n').length).toBeLessThan(200);
    expect(docPages.length).toBeGreaterThan(5);
    const linked = new Set(linkTargets(readme).map((target) => target.split('#')[0]));
    for (const page of docPages) expect(linked, page).toContain(page);
  });
});

describe('no file refers to a document the repository does not contain', () => {
  // The product specification, the design notes, the house style and the issue tracker live outside
  // this repository; a reference to one of their sections sends a reader nowhere. Point to a docs/
  // page or give the reason in words. The names are written with a character class so that this
  // file does not match its own patterns.
  const references = [
    /\b(?:D[E]SIGN|S[P]EC|S[T]YLE) ?\u00a7/, // a section of one of them
    /\bS[T]YLE:/, // a house-style citation
    /\b(?:S[P]EC|D[E]SIGN)(?:'s)?\b/, // the specification or the design notes by name, in capitals
    /\b[Ii]ssues? #?[0-9]/, // an issue by number
  ];
  const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file && file !== 'package-lock.json' && existsSync(resolve(root, file)))
    .filter((file) => !/\.(png|jpe?g|webp|gif|ico|woff2?|ttf)$/i.test(file));

  it('finds the files to check', () => {
    expect(tracked).toContain('README.md');
    expect(tracked).toContain('tests/unit/project/readme.test.ts');
  });

  it('has no section, issue or house-style reference in code, comments or docs', () => {
    const found: string[] = [];
    for (const file of tracked) {
      const lines = readFileSync(resolve(root, file), 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (references.some((pattern) => pattern.test(line))) found.push(`${file}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
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

describe('docs/architecture.md is the map of the code', () => {
  const architecture = read('docs/architecture.md');
  const layout = architecture.slice(architecture.indexOf('## Layout'), architecture.indexOf('## Data model'));
  const folders = (dir: string) =>
    readdirSync(resolve(root, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);

  it('names every top-level folder of server/ and src/features/ in its layout', () => {
    const named = [...folders('server'), ...folders('src/features')];
    expect(named).toEqual(expect.arrayContaining(['checkouts', 'orders', 'lib', 'catalog', 'checkout', 'admin']));
    for (const folder of named) expect(layout, `${folder}/`).toContain(`${folder}/`);
  });

  it('lists every collection firestore.rules names in its data model', () => {
    const rules = read('firestore.rules');
    const collections = [...new Set([...rules.matchAll(/^ {4}match \/([A-Za-z]+)\/\{/gm)].map((m) => m[1] as string))];
    expect(collections).toEqual(expect.arrayContaining(['products', 'checkouts', 'transactions', 'contactMessages']));
    const dataModel = architecture.slice(
      architecture.indexOf('## Data model'),
      architecture.indexOf('## How the pieces'),
    );
    for (const collection of collections) expect(dataModel, collection).toContain(`\`${collection}/`);
  });
});
