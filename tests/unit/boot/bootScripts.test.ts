// The scripts that run before the app, as the build emits them (scripts/bootScripts.ts): each one
// classic script that runs on its own, tiny, and the early query sends the page's own query.
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { earlyLearnScript, earlyQueryScript, startScript } from '../../../scripts/bootScripts';
import { latestProductsQueryBody, productPageQueryBody } from '../../../src/lib/earlyQuery';
import { compileInlineScript } from '../../support/inlineScript';

const root = resolve(import.meta.dirname, '../../..');
const endpoint = 'https://firestore.googleapis.com/v1/projects/p/databases/(default)/documents:runQuery';
let start: string;
let early: string;
let learn: string;

beforeAll(async () => {
  [start, early, learn] = await Promise.all([
    startScript(root),
    earlyQueryScript(root, endpoint),
    earlyLearnScript(root),
  ]);
}, 120_000);

/** Runs the early script as a page at `pathname` would, and returns the requests it sent. */
function runEarlyScript(pathname: string) {
  const sent: Array<{ url: string; body: unknown }> = [];
  const fakeWindow: Record<string, unknown> = { location: { pathname }, Promise };
  const fakeFetch = (url: string, init: { body: string }) => {
    sent.push({ url, body: JSON.parse(init.body) });
    return Promise.resolve({ ok: true, json: () => Promise.resolve([]) });
  };
  fakeWindow.fetch = fakeFetch;
  const run = compileInlineScript(early, 'window', 'document', 'fetch');
  run(fakeWindow, {}, fakeFetch);
  return { sent, started: fakeWindow.__storeEarlyQuery as { path: string } | undefined };
}

describe('/early-query.js', () => {
  it('builds a script that parses as JavaScript and names the endpoint', () => {
    expect(() => compileInlineScript(early)).not.toThrow();
    // The minifier picks the quotes; the endpoint is one whole string literal.
    expect(early).toMatch(
      /([`"'])https:\/\/firestore\.googleapis\.com\/v1\/projects\/p\/databases\/\(default\)\/documents:runQuery\1/,
    );
  });

  it('the script sends the query of the page it is on, and nothing elsewhere', () => {
    const category = runEarlyScript('/category/2/');
    expect(category.sent).toEqual([{ url: endpoint, body: JSON.parse(productPageQueryBody(2, 24)) }]);
    expect(category.started?.path).toBe('/category/2');
    expect(runEarlyScript('/').sent[0]?.body).toEqual(JSON.parse(latestProductsQueryBody(6)));
    expect(runEarlyScript('/admindashboard').sent).toEqual([]);
    expect(runEarlyScript('/productdetail/x').started).toBeUndefined();
  });
});

/** Runs the course player's early script as a page at `pathname` would; the requests it sent. */
function runLearnScript(pathname: string) {
  const sent: Array<{ url: string; init: unknown }> = [];
  const fakeWindow: Record<string, unknown> = { location: { pathname }, Promise };
  const fakeFetch = (url: string, init: unknown) => {
    sent.push({ url, init });
    return Promise.resolve({ ok: false, json: () => Promise.resolve({}) });
  };
  fakeWindow.fetch = fakeFetch;
  compileInlineScript(learn, 'window', 'document', 'fetch')(fakeWindow, { readyState: 'complete' }, fakeFetch);
  return { sent, started: fakeWindow.__storeEarlyQuery as { path: string } | undefined };
}

describe('/early-learn.js', () => {
  it("asks for the course of the player's token with the device's cookie, and for nothing elsewhere", () => {
    const player = runLearnScript('/learn/tok%2D123/');
    expect(player.sent).toEqual([
      { url: '/api/learn/tok-123', init: { headers: { accept: 'application/json' }, credentials: 'same-origin' } },
    ]);
    expect(player.started?.path).toBe('/learn/tok%2D123');
    for (const path of ['/', '/learn', '/learn/a/b', '/library', '/productdetail/x']) {
      expect(runLearnScript(path).sent, path).toEqual([]);
    }
  });
});

describe('the boot scripts', () => {
  it('are classic scripts that load nothing else', () => {
    for (const source of [start, early, learn]) {
      // A static import or export would not parse in a function body.
      expect(() => compileInlineScript(source)).not.toThrow();
      expect(source).not.toContain('import(');
    }
  });

  it('stay tiny: /start.js under 1 KB, /early-query.js and /early-learn.js under 2 KB, gzipped', () => {
    expect(gzipSync(start).length).toBeLessThan(1024);
    expect(gzipSync(early).length).toBeLessThan(2048);
    expect(gzipSync(learn).length).toBeLessThan(2048);
  });
});
