// Each Firestore collection the API uses is named once, in server/lib/collections.ts
// (docs/architecture.md, 'Data model'): a second spelling of a name drifts from the first the day one
// is renamed, and a folder that writes its own copy hides that it depends on the owner's data.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as collections from '../../../server/lib/collections';

const root = resolve(import.meta.dirname, '../../..');
const server = resolve(root, 'server');
const tableFile = 'lib/collections.ts';

/** Every module of server/, by its path under server/. */
function serverModules(): Map<string, string> {
  const modules = new Map<string, string>();
  for (const file of readdirSync(server, { recursive: true, encoding: 'utf8' })) {
    if (file.endsWith('.ts')) modules.set(file, readFileSync(resolve(server, file), 'utf8'));
  }
  return modules;
}

/** A literal given a name (`const x = 'sales'`) or handed to Firestore (`.collection('sales')`, `.doc('sales/…')`). */
const assigned = /\b(?:const|let|var)\s+\w+(?:\s*:\s*[\w.]+)?\s*=\s*(['"`])([A-Za-z]+)\1/g;
const handed = /\.(?:collection|collectionGroup|doc)\(\s*(['"`])([A-Za-z]+)(?:\1|\/)/g;

/** The first literal of its name in the list (the table's one spelling of it). */
function firstOf(literals: RegExpExecArray[], match: RegExpExecArray, at: number): boolean {
  return literals.findIndex((other) => other[2] === match[2]) === at;
}

/**
 * Each literal of a table name beyond the table's own, as 'file: name', and each collection handed to
 * Firestore as a literal whatever its name (so a collection missing from the table is found too).
 * Other strings that happen to spell a name (a plural in a message, a rate limit, a storage path) are
 * not collection names and pass.
 */
function strayNames(modules: Map<string, string>, names: readonly string[]): string[] {
  const found: string[] = [];
  for (const [file, source] of modules) {
    const literals = [...source.matchAll(assigned)].filter((match) => names.includes(match[2] as string));
    const writtenOnce = file === tableFile ? literals.filter((match, at) => !firstOf(literals, match, at)) : literals;
    const calls = file === tableFile ? [] : [...source.matchAll(handed)];
    for (const match of [...writtenOnce, ...calls]) found.push(`${file}: '${match[2]}'`);
  }
  return found;
}

const tableNames: string[] = Object.values(collections).filter((value) => typeof value === 'string');

describe('collection names in server/', () => {
  it('are each written once, in the table', () => {
    expect(tableNames).toContain('transactions');
    expect(tableNames).toContain('productDeliverables');
    expect(tableNames).toContain('checkouts');
    expect(tableNames).toContain('discountCodes');
    expect(new Set(tableNames).size).toBe(tableNames.length);
    expect(strayNames(serverModules(), tableNames)).toEqual([]);
  });

  it('finds a second literal of a name, in a constant, a call or a path', () => {
    const modules = new Map([
      [
        tableFile,
        "export const salesCollection = 'sales';\nexport const keysCollection = 'keys';\nconst k = 'keys';\n",
      ],
      ['keys/keys.ts', "const salesCollection = 'sales';\ndb.collection(keysCollection).doc(id);\n"],
      ['keys/admin.ts', 'db.collection("sales").doc(id);\ndb.doc(`keys/${id}`);\n'],
      ['perks/perks.ts', "db.collection('perks').doc(id);\nconst title = 'Sales';\n"],
    ]);
    expect(strayNames(modules, ['sales', 'keys'])).toEqual([
      "lib/collections.ts: 'keys'",
      "keys/keys.ts: 'sales'",
      "keys/admin.ts: 'sales'",
      "keys/admin.ts: 'keys'",
      "perks/perks.ts: 'perks'",
    ]);
  });
});
