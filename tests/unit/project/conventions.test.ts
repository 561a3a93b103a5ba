// The conventions of docs/architecture.md ('Conventions') that a reading of the files can hold, beside
// those lint and the other tests here hold: Firebase started in one module, dialogs through one module,
// names that say what things are, one object for the store's page paths, and a comment on every block
// of firestore.rules.
import { readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matching, modules, repositoryRoot } from '../../support/projectFiles';

const code = modules('src', 'server', 'domain', 'local', 'scripts');

/** The modules whose text matches `pattern`, by path, sorted. */
const holding = (pattern: RegExp, among: Map<string, string> = code): string[] => matching(pattern, among);

describe('Firebase behind a few modules (2)', () => {
  it('initialises Firebase and connects its emulators only in src/lib/firebase.ts', () => {
    const spa = modules('src');
    expect(matching(/\binitializeApp\(|\bconnect\w*Emulator\(/, spa)).toEqual(['src/lib/firebase.ts']);
  });
});

describe('dialogs through one module (6)', () => {
  it('imports sweetalert2 only in src/lib/alerts.ts, and there only on first use', () => {
    expect(holding(/from 'sweetalert2'|import\('sweetalert2'\)/)).toEqual(['src/lib/alerts.ts']);
    const alerts = code.get('src/lib/alerts.ts') ?? '';
    // A type import costs nothing at run time; any other static import would put it in every bundle.
    expect(alerts).not.toMatch(/^import (?!type )[^;]*from 'sweetalert2'/m);
    expect(alerts).toContain("import('sweetalert2')");
  });
});

describe('names say what things are (9)', () => {
  const files = [...code.keys()];

  it('names components PascalCase.tsx and every other module camelCase, entry points aside', () => {
    const entryPoints = ['src/main.tsx', 'src/prerender/entry.tsx'];
    const misnamed = files.filter((path) => {
      if (entryPoints.includes(path)) return false;
      const name = basename(path);
      return path.endsWith('.tsx') ? !/^[A-Z][A-Za-z0-9]*\.tsx$/.test(name) : !/^[a-z][A-Za-z0-9]*\.ts$/.test(name);
    });
    expect(misnamed).toEqual([]);
  });

  it('names folders in lower case, a word or kebab-case', () => {
    const folders = [...new Set(files.map((path) => dirname(path)))];
    const misnamed = folders.filter((folder) =>
      folder.split('/').some((part) => !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(part)),
    );
    expect(misnamed).toEqual([]);
  });

  it('gives every hook module (useThing.ts) its hook, exported under its own name', () => {
    const hookModules = files.filter((path) => /^use[A-Z]\w*\.tsx?$/.test(basename(path)));
    expect(hookModules.length).toBeGreaterThan(10);
    const without = hookModules.filter((path) => {
      const hook = basename(path).replace(/\.tsx?$/, '');
      return !new RegExp(`export (?:function|const) ${hook}\\b`).test(code.get(path) ?? '');
    });
    expect(without).toEqual([]);
  });

  it('exports by name only: no default export', () => {
    expect(holding(/^export default\b/m)).toEqual([]);
  });

  it('keeps no grab-bag modules (utils, helpers, misc, common)', () => {
    expect(files.filter((path) => /^(utils?|helpers?|misc|common)\.tsx?$/i.test(basename(path)))).toEqual([]);
  });
});

describe("one object builds the store's page paths (9)", () => {
  it('builds no product, category, course, certificate or checkout page address by hand in the app or the API', () => {
    // `/api/learn/${token}` and the like are the API's paths, not pages.
    const byHand = /(?<!\/api)\/(?:productdetail|category|learn|certificates|checkout)\/\$\{/;
    const appAndApi = modules('src', 'server', 'domain');
    expect(holding(byHand, appAndApi)).toEqual(['domain/routes.ts']);
  });
});

describe('comments say why (11)', () => {
  it('opens every group of firestore.rules match blocks with a comment', () => {
    const lines = readFileSync(resolve(repositoryRoot, 'firestore.rules'), 'utf8').split('\n');
    const uncommented: string[] = [];
    lines.forEach((line, index) => {
      if (!/^\s{4}match \//.test(line)) return;
      const before = lines[index - 1] ?? '';
      const closesGroupMate = /^\s{4}\}$/.test(before);
      // A block right after another (no blank line) belongs to its group and shares its comment.
      if (!/^\s*\/\//.test(before) && !closesGroupMate) uncommented.push(line.trim());
    });
    expect(uncommented).toEqual([]);
  });
});
