// The API's routes parse, authorize and call a service; Firestore stays in the services
// (docs/architecture.md, 'Conventions'). Read as text, so a new route file is checked without a list:
// a route file is any file that builds a router (`Router()`), whatever its name.
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

/** True when a source text builds an Express router. */
function buildsRouter(text: string): boolean {
  return /\bRouter\(\s*\)/.test(text);
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return entry.name.endsWith('.ts') ? [path] : [];
    }),
  );
  return nested.flat();
}

/** The server's files that build a router, with their text. */
async function routeFiles(dir: string): Promise<Array<{ file: string; text: string }>> {
  const files = await Promise.all(
    (await sourceFiles(dir)).map(async (file) => ({ file, text: await readFile(file, 'utf8') })),
  );
  return files.filter(({ text }) => buildsRouter(text));
}

describe('server route files', () => {
  it('finds the route files by what they build (the check would pass on none)', async () => {
    const files = (await routeFiles(join(root, 'server'))).map(({ file }) => relative(root, file));
    expect(files).toContain('server/orders/orderRoutes.ts');
    expect(files).toContain('server/downloads/downloadRoutes.ts');
    expect(files).toContain('server/files/fileRoutes.ts');
    expect(files).toContain('server/checkouts/reminderRoutes.ts');
    expect(files).toContain('server/webhooks/paystackWebhook.ts');
  });

  it('notices a router by its making, not its file name', () => {
    expect(buildsRouter("const router = Router();\nrouter.get('/', show);")).toBe(true);
    expect(buildsRouter('return express.Router( );')).toBe(true);
    expect(buildsRouter("import type { Router } from 'express';\nexport function x(): Router {}")).toBe(false);
  });

  it('are named for what they are: *Routes.ts, or *Webhook.ts for a provider webhook', async () => {
    const misnamed = (await routeFiles(join(root, 'server')))
      .map(({ file }) => relative(root, file))
      .filter((file) => !/(Routes|Webhook)\.ts$/.test(file));
    expect(misnamed).toEqual([]);
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

  it('read a checked body through its check, never with a cast', async () => {
    const casts: Record<string, number> = {};
    for (const file of await sourceFiles(join(root, 'server'))) {
      const count = (await readFile(file, 'utf8')).match(/req\.body\s+as\b/g)?.length ?? 0;
      if (count > 0) casts[relative(root, file)] = count;
    }
    expect(casts).toEqual({});
  });

  it('never call Firestore: a service does', async () => {
    const found: Record<string, string[]> = {};
    for (const { file, text } of await routeFiles(join(root, 'server'))) {
      const uses = firestoreUsesIn(text);
      if (uses.length > 0) found[relative(root, file)] = uses;
    }
    expect(found).toEqual({});
  });
});
