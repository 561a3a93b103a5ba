// Server data reaches the SPA's screens through RTK Query (docs/architecture.md, 'Conventions'): no
// screen fetches in an effect of its own, whatever its flag is called.
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

/** The text of each `useEffect(...)` call, its parentheses balanced. */
function effects(text: string): string[] {
  const found: string[] = [];
  for (let start = text.indexOf('useEffect('); start !== -1; start = text.indexOf('useEffect(', start + 1)) {
    let depth = 0;
    let end = start + 'useEffect'.length;
    for (; end < text.length; end += 1) {
      if (text[end] === '(') depth += 1;
      else if (text[end] === ')' && --depth === 0) break;
    }
    found.push(text.slice(start, end + 1));
  }
  return found;
}

/** The functions a file imports from a data-access module (features' api/ folders, lib/http), hooks aside. */
function dataCalls(text: string): string[] {
  return [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'([^']*)'/g)]
    .filter(([, , from]) => /\/api\/|\/lib\/http$/.test(from ?? ''))
    .flatMap(([, names]) => (names ?? '').split(','))
    .map((name) => name.trim())
    .filter((name) => name && !name.startsWith('type ') && !/^use[A-Z]/.test(name))
    .map((name) => name.split(/\s+as\s+/).pop() ?? name);
}

/**
 * An effect that follows a subscription (Auth's `watchAuthUser`) may look up what each change means:
 * RTK Query has no subscription of its own to put it in.
 */
const subscribes = /\bwatch[A-Z]\w*\(/;

/** A flag the effect's cleanup flips, read when a promise it awaits settles: an answer dropped by hand. */
const lateAnswerGuard = /\blet (\w+)\s*=\s*(true|false)\b[^]*?return\s*\(\)\s*=>\s*\{?[^}]*?\b\1\s*=\s*(true|false)/;

/** Why an effect fetches by hand, or null. */
function handFetch(effect: string, calls: string[]): string | null {
  if (subscribes.test(effect)) return null;
  const called = calls.find((name) => new RegExp(`\\b${name}\\s*[(<]`).test(effect));
  if (called) return `calls ${called}`;
  if (lateAnswerGuard.test(effect) && /\.then\(|\bawait\b/.test(effect)) return 'drops a late answer by a flag';
  return null;
}

function offenders(text: string): string[] {
  const calls = dataCalls(text);
  return effects(text).flatMap((effect) => handFetch(effect, calls) ?? []);
}

// The hand-written effects RTK Query replaced, so the rule is seen to catch each spelling.
const copies = {
  'a `let live` flag around an API call': `import { fetchPoolLeft } from '../api/licensePool';
useEffect(() => {
  let live = true;
  fetchPoolLeft(productId).then((count) => {
    if (live) setLeft(count);
  });
  return () => {
    live = false;
  };
}, [productId]);`,
  'a `let stopped` flag of another name': `import { fetchWaitStatus } from '../api/orderApi';
useEffect(() => {
  let stopped = false;
  fetchWaitStatus(checkoutId, token).then(
    (status) => !stopped && setState({ kind: 'status', status }),
    () => !stopped && setState({ kind: 'unreachable' }),
  );
  return () => {
    stopped = true;
  };
}, [checkoutId, token]);`,
  'a flag around a call made through a local helper': `function verifyOnce(code: string) {
  return verifyEmailAddress(code);
}
useEffect(() => {
  let active = true;
  verifyOnce(code).then(() => active && setState({ status: 'verified' }));
  return () => {
    active = false;
  };
}, [code]);`,
  'a poll without any flag': `import { fetchWaitStatus } from '../api/orderApi';
useEffect(() => {
  const timer = setInterval(() => void fetchWaitStatus(checkoutId, token).then(report), intervalMs);
  return () => clearInterval(timer);
}, [checkoutId, token]);`,
};

describe('server data in the SPA', () => {
  it.each(Object.entries(copies))('catches the hand-written fetch effect it replaced: %s', (_name, copy) => {
    expect(offenders(copy)).not.toEqual([]);
  });

  it('lets an effect be that reads a file, or follows a subscription', () => {
    const reader = `useEffect(() => {
  let current = true;
  const reader = new FileReader();
  reader.onload = () => current && setRead(reader.result);
  return () => {
    current = false;
  };
}, [file]);`;
    const gate = `import { fetchAdmin, watchAuthUser } from '../api/auth';
useEffect(() => {
  let active = true;
  void watchAuthUser((user) => fetchAdmin(user.uid).then((admin) => active && setGate(admin)));
  return () => {
    active = false;
  };
}, []);`;
    expect(offenders(reader)).toEqual([]);
    expect(offenders(gate)).toEqual([]);
  });

  it('has no hand-written fetch effect anywhere in src/', () => {
    const files = sources(join(root, 'src'));
    expect(files).toContain('src/lib/api.ts');
    const found = files.flatMap((file) =>
      offenders(readFileSync(join(root, file), 'utf8')).map((why) => `${file}: ${why}`),
    );
    expect(found).toEqual([]);
  });
});
