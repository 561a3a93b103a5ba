// The API's routes parse, authorize and call a service; Firestore stays in the services
// (docs/architecture.md, 'Conventions'). Read as text, so a new route file is checked without a list.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

const firestoreUses: Array<{ what: string; pattern: RegExp }> = [
  { what: "an import from 'firebase-admin/firestore'", pattern: /from\s+['"]firebase-admin\/firestore['"]/ },
  { what: '.collection(', pattern: /\.collection\(/ },
  { what: '.doc(', pattern: /\.doc\(/ },
  { what: 'runTransaction(', pattern: /runTransaction\(/ },
  { what: '.getAll(', pattern: /\.getAll\(/ },
];

/** What of Firestore a source text uses, by name. */
function firestoreUsesIn(text: string): string[] {
  return firestoreUses.filter(({ pattern }) => pattern.test(text)).map(({ what }) => what);
}

async function routeFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return routeFiles(path);
      return /Routes?\.ts$/.test(entry.name) ? [path] : [];
    }),
  );
  return nested.flat();
}

describe('server route files', () => {
  it('finds the route files (the check would pass on none)', async () => {
    const files = (await routeFiles(join(root, 'server'))).map((file) => relative(root, file));
    expect(files).toContain('server/orders/orderRoutes.ts');
    expect(files).toContain('server/downloads/downloadRoutes.ts');
    expect(files).toContain('server/files/fileRoutes.ts');
  });

  it('notices each way of reaching Firestore', () => {
    expect(firestoreUsesIn("import { FieldValue } from 'firebase-admin/firestore';")).toEqual([
      "an import from 'firebase-admin/firestore'",
    ]);
    expect(firestoreUsesIn("await db.collection('transactions').doc(id).get();")).toEqual(['.collection(', '.doc(']);
    expect(firestoreUsesIn('await db.runTransaction(async (t) => t.getAll(a, b));')).toEqual([
      'runTransaction(',
      '.getAll(',
    ]);
    expect(firestoreUsesIn('res.json(await service.usage(productId));')).toEqual([]);
  });

  it('never call Firestore: a service does', async () => {
    const found: Record<string, string[]> = {};
    for (const file of await routeFiles(join(root, 'server'))) {
      const uses = firestoreUsesIn(await readFile(file, 'utf8'));
      if (uses.length > 0) found[relative(root, file)] = uses;
    }
    expect(found).toEqual({});
  });
});
