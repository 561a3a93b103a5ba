import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

describe('production bundle', () => {
  const { distDir, buildSecrets } = inject('e2e');

  it('contains none of the server secrets that were in the build environment', () => {
    const files = readdirSync(distDir, { recursive: true, encoding: 'utf8' }).filter((f) =>
      /\.(js|html|css|json)$/.test(f),
    );
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    for (const file of files) {
      const text = readFileSync(join(distDir, file), 'utf8');
      for (const [name, value] of Object.entries(buildSecrets)) {
        expect(text.includes(value), `${name} found in ${file}`).toBe(false);
        expect(text.includes(name), `${name} named in ${file}`).toBe(false);
      }
    }
  });
});
