// Server data reaches the SPA's screens through RTK Query (docs/architecture.md, 'Conventions'): no
// screen fetches in an effect of its own with a `let live` flag to drop an answer that came too late.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [relative(root, path).replaceAll('\\', '/')] : [];
  });
}

/** An effect that fetches by hand: a flag it sets false on cleanup, read when the answer comes. */
const handFetch = /\blet live\s*=\s*true\b/;

describe('server data in the SPA', () => {
  it('finds the hand-written fetch effect it replaced', () => {
    const copy = `useEffect(() => {
    let live = true;
    fetchPoolLeft(productId).then((count) => {
      if (live) setLeft(count);
    });
    return () => {
      live = false;
    };
  }, [productId]);`;
    expect(handFetch.test(copy)).toBe(true);
  });

  it('has no hand-written `let live` fetch effect anywhere in src/', () => {
    const files = sources(join(root, 'src'));
    expect(files).toContain('src/lib/api.ts');
    expect(files.filter((file) => handFetch.test(readFileSync(join(root, file), 'utf8')))).toEqual([]);
  });
});
