import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildVersionOf, localBuildVersion } from '../../../../server/health/buildVersion';

describe("the build's version", () => {
  it("is package.json's version and the commit's first 7 hex digits", () => {
    expect(buildVersionOf('0.1.0', '1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d')).toBe('0.1.0+1a2b3c4');
  });

  it('is the version alone outside a git clone', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'build-version-'));
    try {
      await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'unpacked', version: '2.3.4' }));
      expect(buildVersionOf('2.3.4', null)).toBe('2.3.4');
      // tmpdir is outside any clone: git answers no commit.
      expect(localBuildVersion(dir)).toBe('2.3.4');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("names this clone's HEAD", () => {
    expect(localBuildVersion(join(import.meta.dirname, '../../../..'))).toMatch(/^0\.1\.0\+[0-9a-f]{7}$/);
  });
});
