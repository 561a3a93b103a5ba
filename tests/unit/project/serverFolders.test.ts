// The API's folders depend on each other in one direction only (docs/architecture.md, 'Layout'): a
// folder that needs another's code never serves it back, so each concern can be read, moved and
// tested from the bottom up. Lint's no-cycle sees module cycles; this sees folder cycles, which it
// cannot (two modules of a folder may each import the other folder without any module cycle).
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, folderGraph as graphOf, folderModules as modulesOf } from '../../support/folderCycles';

const root = resolve(import.meta.dirname, '../../..');
const server = resolve(root, 'server');

/** Every module of server/ in a folder (not the composition root: app.ts, purchaseWiring.ts...), by path. */
function folderModules(): Map<string, string> {
  return modulesOf(server);
}

/** Each top-level folder of server/ and the folders its modules import from. */
function folderGraph(): Map<string, Set<string>> {
  return graphOf(server, folderModules());
}

/**
 * Collection names a folder writes out although another folder exports them (`export const
 * xCollection = 'name'`): a name declared again, or spelled as a literal, in `folders`' modules.
 */
function redeclaredNames(modules: Map<string, string>, folders: string[]): string[] {
  const owners = new Map<string, string>();
  for (const [file, source] of modules) {
    for (const match of source.matchAll(/export const \w+Collection = '([^']+)'/g)) {
      owners.set(match[1] as string, file.split('/')[0] as string);
    }
  }
  const found: string[] = [];
  for (const [file, source] of modules) {
    const folder = file.split('/')[0] as string;
    if (!folders.includes(folder)) continue;
    for (const match of source.matchAll(/(?:const \w+ = |\.collection\()'([^']+)'/g)) {
      const owner = owners.get(match[1] as string);
      if (owner && owner !== folder) found.push(`${file}: '${match[1]}' (${owner}'s)`);
    }
  }
  return found;
}

describe('server/ folders', () => {
  it('import each other without a cycle', () => {
    const graph = folderGraph();
    expect(graph.get('orders')).toEqual(expect.any(Set));
    expect([...(graph.get('webhooks') ?? [])]).toContain('orders');
    expect(cycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  // Sale time's extension point (docs/architecture.md, 'Sale time'): what a feature adds to a sale
  // reaches orders/ through the contributions the composition root registers, never an import.
  it('keep orders/ free of the features that add to a sale, which use its names rather than their own', () => {
    const graph = folderGraph();
    const saleFeatures = ['licenses', 'affiliates'];
    expect([...(graph.get('orders') ?? [])].filter((folder) => saleFeatures.includes(folder))).toEqual([]);
    for (const feature of saleFeatures) expect([...(graph.get(feature) ?? [])]).toContain('orders');
    expect(redeclaredNames(folderModules(), saleFeatures)).toEqual([]);
  });

  it('finds a collection name written out by a folder that does not own it', () => {
    const modules = new Map([
      ['orders/records.ts', "export const salesCollection = 'sales';\n"],
      ['keys/keys.ts', "export const keysCollection = 'keys';\nconst salesCollection = 'sales';\n"],
      ['keys/admin.ts', "db.collection('sales').doc(id);\ndb.collection('keys').doc(id);\n"],
      ['perks/perks.ts', "db.collection('sales').doc(id);\n"],
    ]);
    expect(redeclaredNames(modules, ['keys'])).toEqual([
      "keys/keys.ts: 'sales' (orders's)",
      "keys/admin.ts: 'sales' (orders's)",
    ]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(cycles(graph).map((cycle) => cycle.join(' -> '))).toEqual(['a -> b -> c -> a']);
  });
});
