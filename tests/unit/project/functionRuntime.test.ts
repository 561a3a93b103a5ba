// The API function's Node.js runtime: Google's schedule, and a check that fails 90 days before the
// runtime firebase.json names is deprecated, so CI asks for the move while deploys still work.
// Dates from Google's runtime support schedule for Cloud Run functions:
// https://docs.cloud.google.com/run/docs/runtimes/function-runtimes
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import {
  deployedRuntime,
  functionRuntimeDependencies,
  nodeRuntimeSchedule,
  runtimeMajor,
  runtimeVerdict,
} from '../../../scripts/functionRuntime';

const root = resolve(import.meta.dirname, '../../..');

describe("Google's Node.js runtime schedule", () => {
  it('holds the published deprecation and decommission dates', () => {
    expect(nodeRuntimeSchedule).toEqual({
      nodejs18: { deprecation: '2025-04-30', decommission: '2025-10-30' },
      nodejs20: { deprecation: '2026-04-30', decommission: '2026-10-30' },
      nodejs22: { deprecation: '2027-04-30', decommission: '2027-10-31' },
      nodejs24: { deprecation: '2028-04-30', decommission: '2028-10-31' },
    });
  });

  it('refuses a decommissioned runtime, a deprecated one, and one within 90 days of deprecation', () => {
    expect(runtimeVerdict('nodejs20', new Date('2026-11-23T12:00:00Z'))).toEqual({
      ok: false,
      reason: 'nodejs20 was decommissioned on 2026-10-30: deploys fail.',
    });
    expect(runtimeVerdict('nodejs20', new Date('2026-06-01T00:00:00Z'))).toEqual({
      ok: false,
      reason: 'nodejs20 has been deprecated since 2026-04-30.',
    });
    // 2027-01-30 is 90 days before 2027-04-30: the first day CI fails for Node 22.
    expect(runtimeVerdict('nodejs22', new Date('2027-01-31T00:00:00Z'))).toEqual({
      ok: false,
      reason: 'nodejs22 is deprecated on 2027-04-30, in 89 days: move to a newer runtime.',
    });
    expect(runtimeVerdict('nodejs22', new Date('2027-01-30T00:00:00Z'))).toEqual({ ok: true, daysToDeprecation: 90 });
    expect(runtimeVerdict('nodejs26', new Date('2026-11-23T12:00:00Z'))).toEqual({
      ok: false,
      reason: "nodejs26 is not in Google's Node.js runtime schedule.",
    });
  });

  it('reads the major from a runtime id', () => {
    expect(runtimeMajor('nodejs24')).toBe(24);
    expect(() => runtimeMajor('python312')).toThrow("'python312' is not a Node.js runtime id.");
  });
});

describe('the runtime the API function deploys on', () => {
  it('is nodejs24, the newest GA Node runtime firebase-tools accepts', () => {
    expect(deployedRuntime(root)).toBe('nodejs24');
    // firebase-tools' own runtime table decides what `firebase deploy` accepts.
    const require = createRequire(import.meta.url);
    const { RUNTIMES } = require('firebase-tools/lib/deploy/functions/runtimes/supported/types.js') as {
      RUNTIMES: Record<string, { status: string }>;
    };
    expect(RUNTIMES.nodejs24?.status).toBe('GA');
    const newerGa = Object.entries(RUNTIMES).filter(
      ([id, { status }]) => /^nodejs\d+$/.test(id) && status === 'GA' && runtimeMajor(id) > 24,
    );
    expect(newerGa).toEqual([]);
  });

  it('is not deprecated today, nor within 90 days of it', () => {
    // Fails in CI from 90 days before Google deprecates the runtime in firebase.json: move then.
    expect(runtimeVerdict(deployedRuntime(root), new Date())).toMatchObject({ ok: true });
  });

  it("accepts every runtime dependency of the function on that Node major (their 'engines')", () => {
    // The list itself is checked against the built bundle (tests/integration/api/function.test.ts).
    const names = functionRuntimeDependencies;
    expect(names.length).toBeGreaterThan(0);
    const major = runtimeMajor(deployedRuntime(root));
    for (const name of names) {
      const pkg = JSON.parse(readFileSync(resolve(root, 'node_modules', name, 'package.json'), 'utf8')) as {
        engines?: { node?: string };
      };
      const range = pkg.engines?.node;
      if (range)
        expect({ name, range, accepts: semver.intersects(range, `${major}.x`) }).toMatchObject({ accepts: true });
    }
  });
});

describe('the deploy steps', () => {
  it('name only `firebase deploy --only` targets that the pinned firebase-tools knows', () => {
    const require = createRequire(import.meta.url);
    const { VALID_DEPLOY_TARGETS } = require('firebase-tools/lib/deploy/index.js') as {
      VALID_DEPLOY_TARGETS: readonly string[];
    };
    const docsDir = resolve(root, 'docs');
    const pages = existsSync(docsDir) ? readdirSync(docsDir).map((file) => `docs/${file}`) : [];
    const docs = ['README.md', ...pages]
      .filter((file) => file.endsWith('.md'))
      .map((file) => readFileSync(resolve(root, file), 'utf8'))
      .join('\n');
    const onlyLists = [...docs.matchAll(/firebase deploy --only ([\w:,-]+)/g)].map((match) => match[1] as string);
    expect(onlyLists.length).toBeGreaterThan(0);
    for (const target of onlyLists.flatMap((list) => list.split(','))) {
      const [product] = target.split(':');
      expect({ target, known: VALID_DEPLOY_TARGETS.includes(product ?? '') }).toEqual({ target, known: true });
    }
    // Loading firebase-tools' deploy module takes seconds on a busy core.
  }, 30_000);
});
