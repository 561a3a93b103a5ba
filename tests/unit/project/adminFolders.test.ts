// The admin area's sub-folders depend on each other in one direction only (docs/architecture.md,
// 'Conventions'), as server/'s folders do: what two of them share (the buttons' looks, the guarded
// save, upload progress) lives in src/components or src/lib, never in one of them that the other
// imports back.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, folderGraph, folderModules } from '../../support/folderCycles';

const admin = resolve(import.meta.dirname, '../../../src/features/admin');

describe('src/features/admin/ sub-folders', () => {
  it('import each other without a cycle', () => {
    const graph = folderGraph(admin, folderModules(admin));
    expect([...(graph.get('dashboard') ?? [])]).toContain('sales');
    expect([...(graph.get('products') ?? [])]).toContain('files');
    expect([...(graph.get('sales') ?? [])]).toContain('api');
    expect(cycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('sees a two-way import between two sub-folders in .tsx modules', () => {
    const modules = new Map([
      ['products/EditDialog.tsx', "import { Files } from '../files/Files';\n"],
      ['files/Files.tsx', "import { buttonClass } from '../products/fields';\n"],
      ['files/upload.ts', "import { buttonClass } from '../../../components/buttonClasses';\n"],
    ]);
    expect(cycles(folderGraph(admin, modules)).map((cycle) => cycle.join(' -> '))).toEqual([
      'products -> files -> products',
    ]);
  });
});
