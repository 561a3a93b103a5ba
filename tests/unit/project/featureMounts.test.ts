// One way to mount a feature (docs/architecture.md, 'How the pieces talk'): each feature's folder has a
// `mountX(app, shared)` in its *Wiring.ts that builds its services and routers and mounts them, and
// server/app.ts only calls those, in order, with app-wide middleware between them. Read as text, so a new
// feature is checked without a list.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

/** Every module of server/, by path from server/. */
function serverModules(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of readdirSync(resolve(root, 'server'), { recursive: true, encoding: 'utf8' })) {
    if (file.endsWith('.ts')) found.set(file, readFileSync(resolve(root, 'server', file), 'utf8'));
  }
  return found;
}

/** True when a source text builds an Express router (the routes test's own rule). */
function buildsRouter(text: string): boolean {
  return /\bRouter\(\s*\)/.test(text);
}

/** The mount functions a module exports. */
function mountsIn(text: string): string[] {
  return [...text.matchAll(/export function (mount[A-Z]\w*)\(\s*app: Express\b/g)].map((match) => match[1] as string);
}

/** The router factories a route file exports. */
function routerFactoriesIn(text: string): string[] {
  return [...text.matchAll(/export function (create\w*Router)\(/g)].map((match) => match[1] as string);
}

/** What in the app's own text wires a feature itself rather than through its mount. */
function inlineWiring(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\b(create\w*Router|Router)\(/g)) found.push(`builds a router: ${match[0]}`);
  for (const match of text.matchAll(/from '(\.[^']*(?:Routes|Webhook))'/g)) found.push(`imports ${match[1]}`);
  // A feature's path is the feature's to mount; the app's own middleware takes '/api' or no path.
  for (const match of text.matchAll(/\bapp\.(?:use|get|post|put|patch|delete|all)\(\s*\[?\s*'(\/api\/[^']*)'/g)) {
    found.push(`mounts ${match[1]}`);
  }
  return found;
}

/** The mount functions the app calls, in order: `mountX(app, shared)` or, needing nothing, `mountX(app)`. */
function mountCalls(text: string): string[] {
  return [...text.matchAll(/^\s*(mount[A-Z]\w*)\(app(?:, shared)?\);$/gm)].map((match) => match[1] as string);
}

const modules = serverModules();
const appText = modules.get('app.ts') ?? '';

/** Each mount function of server/, with the module that defines it. */
function mountFunctions(): Map<string, string> {
  const found = new Map<string, string>();
  for (const [file, text] of modules) for (const name of mountsIn(text)) found.set(name, file);
  return found;
}

describe('feature mounts', () => {
  it('are found (the checks would pass on none)', () => {
    const mounts = mountFunctions();
    expect(mounts.get('mountCourses')).toBe('courses/courseWiring.ts');
    expect(mounts.get('mountPurchases')).toBe('purchaseMounts.ts');
    expect(mounts.get('mountLicenses')).toBe('licenses/licenseWiring.ts');
    expect(mountCalls(appText)).toContain('mountHealth');
  });

  it('notice a feature wired in the app itself', () => {
    const text = [
      "import { createShareRouter } from './sharing/shareRoutes';",
      "app.use('/api/contact', limits.contact, contact);",
      "app.get('/api/checkouts/:id/status', limits.waitStatus);",
      "app.use(['/api/orders', '/api/paypal/orders'], limits.orders);",
      "app.use('/api', (_req, res, next) => next());",
      'app.use(createSeoRouter({ db }));',
      'app.use(jsonBodies());',
    ].join('\n');
    expect(inlineWiring(text)).toEqual([
      'builds a router: createSeoRouter(',
      'imports ./sharing/shareRoutes',
      'mounts /api/contact',
      'mounts /api/checkouts/:id/status',
      'mounts /api/orders',
    ]);
    expect(mountCalls('  mountSeo(app, shared);\n  mountLicenseCors(app);\n  mountX(app, { db });\n')).toEqual([
      'mountSeo',
      'mountLicenseCors',
    ]);
  });

  it('are all the app wires: no router, route module or feature path in server/app.ts', () => {
    expect(inlineWiring(appText)).toEqual([]);
  });

  it('are each called once by the app, as mountX(app, shared)', () => {
    const calls = mountCalls(appText);
    expect([...calls].sort()).toEqual([...mountFunctions().keys()].sort());
    expect(new Set(calls).size).toBe(calls.length);
  });

  it('live in a *Wiring.ts or the composition root, never in a routes file', () => {
    const misplaced = [...mountFunctions()]
      .filter(([, file]) => buildsRouter(modules.get(file) ?? '') || !/(^[^/]+|Wiring)\.ts$/.test(file))
      .map(([name, file]) => `${name} in ${file}`);
    expect(misplaced).toEqual([]);
  });

  it("reach every router: each route file's factory is called by a mount's module", () => {
    const mountModules = [...new Set(mountFunctions().values())].map((file) => modules.get(file) ?? '');
    const unmounted: string[] = [];
    for (const [file, text] of modules) {
      if (!buildsRouter(text)) continue;
      const factories = routerFactoriesIn(text);
      if (factories.length === 0) unmounted.push(`${file}: no create...Router export`);
      for (const factory of factories) {
        if (!mountModules.some((mountText) => mountText.includes(`${factory}(`))) unmounted.push(`${file}: ${factory}`);
      }
    }
    expect(unmounted).toEqual([]);
  });
});
