// A production SPA build refuses the local-only switches (docs/security.md); other modes keep them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { productionBuildProblem } from '../../../scripts/buildGuards';

const root = resolve(import.meta.dirname, '../../..');

describe('productionBuildProblem', () => {
  it('names each local-only switch that is on in a production build', () => {
    expect(productionBuildProblem('production', { VITE_DEMO_PAYMENTS: '1' })).toMatch(
      /^Refusing a production build with VITE_DEMO_PAYMENTS=1: /,
    );
    expect(productionBuildProblem('production', { VITE_DEMO_PAYMENTS: 'true', VITE_USE_EMULATORS: '1' })).toMatch(
      /VITE_DEMO_PAYMENTS=true and VITE_USE_EMULATORS=1/,
    );
  });

  it('accepts them switched off, and any value in the e2e and development modes', () => {
    for (const off of [undefined, '', '0', 'false', ' 0 ']) {
      expect(productionBuildProblem('production', { VITE_DEMO_PAYMENTS: off, VITE_USE_EMULATORS: off })).toBeNull();
    }
    expect(productionBuildProblem('e2e', { VITE_DEMO_PAYMENTS: '1', VITE_USE_EMULATORS: '1' })).toBeNull();
    expect(productionBuildProblem('development', { VITE_USE_EMULATORS: '1' })).toBeNull();
  });
});

describe('vite build', () => {
  const saved = { ...process.env };
  let outDir = '';
  afterEach(async () => {
    process.env = { ...saved };
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it('stops before bundling anything when a production build has VITE_USE_EMULATORS on', async () => {
    outDir = await mkdtemp(join(tmpdir(), 'store-build-guard-'));
    process.env.VITE_USE_EMULATORS = '1';
    await expect(
      build({ root, configFile: resolve(root, 'vite.config.ts'), logLevel: 'silent', build: { outDir } }),
    ).rejects.toThrowError(/Refusing a production build with VITE_USE_EMULATORS=1/);
  });
});
