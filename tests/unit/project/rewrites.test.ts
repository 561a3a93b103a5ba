import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { htmlFileFor, prerenderedRoutes, spaShellFile } from '../../../domain/prerenderedRoutes';

// Hosting answers each prerendered route with its own HTML and product pages through the API
// function (docs/performance.md); the rewrites are tried in order, so the catch-all comes last.
const root = resolve(import.meta.dirname, '../../..');
const rewrites = (
  JSON.parse(readFileSync(resolve(root, 'firebase.json'), 'utf8')) as {
    hosting: { rewrites: Array<{ source: string; destination?: string; function?: { functionId: string } }> };
  }
).hosting.rewrites;

describe('hosting rewrites (firebase.json)', () => {
  it('sends product pages to the API function, before the catch-all', () => {
    const product = rewrites.findIndex((r) => r.source === '/productdetail/**');
    expect(rewrites[product]?.function?.functionId).toBe('api');
    expect(product).toBeLessThan(rewrites.length - 1);
  });

  it('answers each prerendered route with its file, and everything else with the client-rendered shell', () => {
    for (const route of prerenderedRoutes.filter((r) => r.route !== '/' && !r.route.endsWith('/*'))) {
      expect(rewrites.find((r) => r.source === route.route)?.destination, route.route).toBe(`/${route.file}`);
    }
    expect(rewrites[rewrites.length - 1]).toEqual({ source: '**', destination: `/${spaShellFile}` });
  });

  it('serves the course player its own page (the early script paints its lesson), and the certificate check the client-rendered shell', () => {
    expect(htmlFileFor('/learn/tok-123')).toBe('learn/index.html');
    expect(htmlFileFor('/learn/tok-123/')).toBe('learn/index.html');
    // As Hosting's '/learn/**': deeper paths get the page too (the app says the page was not found).
    expect(htmlFileFor('/learn/tok-123/extra')).toBe('learn/index.html');
    expect(htmlFileFor('/learning')).toBe('app.html');
    const learn = rewrites.findIndex((r) => r.source === '/learn/**');
    expect(rewrites[learn]?.destination).toBe('/learn/index.html');
    expect(learn).toBeLessThan(rewrites.length - 1);
    expect(htmlFileFor('/certificates/CERT-7Q2X')).toBe('app.html');
    const matching = rewrites.filter(
      (r) => r.source !== '**' && '/certificates/CERT-7Q2X'.startsWith(r.source.replace(/\*+$/, '')),
    );
    expect(matching).toEqual([]);
  });
});
