// What the storefront's entry (src/main.tsx) and its static imports carry: the code on every
// storefront page's critical path (docs/performance.md, 'What the entry leaves out'). The pages and
// libraries listed there are reached only through import(), each in a chunk of its own; this holds
// that no static import brings one back. The source's import statements are followed as the bundler
// follows them (type-only imports aside).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../support/projectFiles';

const staticImport = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm;
const dynamicImport = /\bimport\(\s*'([^']+)'\s*\)/g;

function resolveModule(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = join(dirname(from), specifier);
  const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
    (candidate) => existsSync(candidate) && /\.(tsx?|css)$/.test(candidate),
  );
  if (!found) throw new Error(`${relative(repositoryRoot, from)}: cannot resolve ${specifier}`);
  return found;
}

/** The modules and packages `entry` reaches through static imports, and what those import() lazily. */
function reach(entry: string) {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const lazy = new Set<string>();
  const visit = (file: string) => {
    if (modules.has(file)) return;
    modules.add(file);
    if (file.endsWith('.css')) return;
    const text = readFileSync(file, 'utf8');
    for (const [, specifier = ''] of text.matchAll(staticImport)) {
      const target = resolveModule(file, specifier);
      if (target) visit(target);
      else packages.add(specifier);
    }
    for (const [, specifier = ''] of text.matchAll(dynamicImport)) {
      const target = resolveModule(file, specifier);
      lazy.add(target ? relative(repositoryRoot, target) : specifier);
    }
  };
  visit(join(repositoryRoot, entry));
  return { modules: new Set([...modules].map((file) => relative(repositoryRoot, file))), packages, lazy };
}

const entry = reach('src/main.tsx');

// The pages no first paint of home or a list page needs (src/app/RoutePages.tsx).
const movedOut = [
  'src/features/catalog/components/ProductDetailPage.tsx',
  'src/features/checkout/components/PurchasesPage.tsx',
  'src/features/checkout/components/WaitingPage.tsx',
  'src/features/contact/components/ContactPage.tsx',
  'src/features/search/components/SearchResultsPage.tsx',
];

describe("the storefront entry's static imports", () => {
  it('reach none of the pages moved out of it, which stay reachable through import()', () => {
    // The walk follows the barrels to the pages the first paint needs.
    expect(entry.modules.has('src/features/catalog/components/HomePage.tsx')).toBe(true);
    expect(entry.modules.has('src/components/Layout.tsx')).toBe(true);
    expect(movedOut.filter((file) => entry.modules.has(file))).toEqual([]);
    expect(movedOut.filter((file) => !entry.lazy.has(file))).toEqual([]);
  });

  it('reach no admin, course player, library or affiliate code, nor the checkout dialog', () => {
    const areas = ['src/features/admin/', 'src/features/learn/', 'src/features/library/', 'src/features/affiliates/'];
    expect([...entry.modules].filter((file) => areas.some((area) => file.startsWith(area)))).toEqual([]);
    expect(entry.modules.has('src/features/checkout/components/PaymentDialog.tsx')).toBe(false);
  });

  it('reach only the packages every page needs: no Firebase SDK, dialog or payment library', () => {
    expect([...entry.packages].sort()).toEqual([
      '@reduxjs/toolkit',
      '@reduxjs/toolkit/query/react',
      'react',
      'react-dom/client',
      'react-redux',
      'react-router-dom',
    ]);
  });

  it('leave the saved state (redux-persist) to a chunk loaded through import() after the first render', () => {
    expect(entry.modules.has('src/app/store.ts')).toBe(true);
    expect(entry.modules.has('src/app/persistence.ts')).toBe(false);
    expect(entry.lazy.has('src/app/persistence.ts')).toBe(true);
    expect([...entry.packages].filter((name) => name.startsWith('redux-persist'))).toEqual([]);
  });
});
