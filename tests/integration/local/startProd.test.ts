// `npm run start:prod` as a seller runs it to see what search engines and shoppers get once deployed:
// the store built and served as Firebase Hosting serves it (firebase.json's rewrites and headers),
// robots.txt and the sitemap from the API, product pages filled with their structured data.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainGet } from '../../support/plainGet';
import { freeStartPorts } from '../../support/startPorts';

const root = resolve(import.meta.dirname, '../../..');
let child: ChildProcessWithoutNullStreams;
let output = '';
let dataDir = '';
let store = '';

/** Every JSON-LD block of a page, parsed. */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  );
}

const page = (path: string) => fetch(`${store}${path}`, { headers: { accept: 'text/html' } });

beforeAll(async () => {
  const env = await freeStartPorts();
  store = `http://127.0.0.1:${env.STORE_PORT}`;
  dataDir = await mkdtemp(join(tmpdir(), 'store-start-prod-'));
  child = spawn(process.execPath, ['--import', 'tsx', 'local/start.ts', '--prod'], {
    cwd: root,
    env: { ...process.env, ...env, LOCAL_DATA_DIR: dataDir },
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 240_000;
  while (!output.includes('Press Ctrl-C to stop everything.')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`start:prod did not start:\n${output}`);
    await new Promise((done) => setTimeout(done, 250));
  }
}, 300_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGINT');
    await exited;
  }
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm run start:prod', () => {
  it('says it serves the production build on the same URL table', () => {
    expect(output).toContain(
      'The production build of the store is running with demo data, served as Firebase Hosting serves it:',
    );
    expect(output).toContain(`Store               ${store}`);
  });

  it("serves pages with Hosting's headers, the CSP included, and each prerendered page's own head", async () => {
    const home = await page('/');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(home.headers.get('x-frame-options')).toBe('DENY');
    const homeHtml = await home.text();
    expect(homeHtml).toContain('<title>Digital Store</title>');
    expect(jsonLd(homeHtml).map((block) => block['@type'])).toEqual(['Organization', 'WebSite']);

    const all = await (await page('/allproducts')).text();
    expect(all).toContain('<title>All Digital Products | Digital Store</title>');
    expect(all).toContain(`<link rel="canonical" href="${store}/allproducts" />`);
    expect(all).not.toContain('noindex');
  });

  it('fills product pages through the API with their structured data: one offer per currency', async () => {
    const answer = await page('/productdetail/demo-react-bootcamp');
    expect(answer.status).toBe(200);
    const [product, breadcrumb] = jsonLd(await answer.text());
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'React Web Development Bootcamp',
      sku: 'demo-react-bootcamp',
      offers: [
        { '@type': 'Offer', sku: 'demo-react-bootcamp-NGN', price: 45000, priceCurrency: 'NGN' },
        { '@type': 'Offer', sku: 'demo-react-bootcamp-USD', price: 49, priceCurrency: 'USD' },
      ],
    });
    expect(breadcrumb?.['@type']).toBe('BreadcrumbList');
  });

  it('fills product pages for a link-preview client that accepts anything (*/*) or sends no Accept header', async () => {
    for (const headers of [{ accept: '*/*' }, {}] as Record<string, string>[]) {
      const answer = await plainGet(`${store}/productdetail/demo-react-bootcamp`, headers);
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('<title>React Web Development Bootcamp | Digital Store</title>');
      expect(answer.body).not.toContain('<title>Digital Store</title>');
    }
  });

  it('answers robots.txt and the sitemap through the rewrites to the API', async () => {
    const robots = await fetch(`${store}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain(`Sitemap: ${store}/sitemap.xml`);
    const sitemap = await fetch(`${store}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    // Home, all products, three categories and the 14 demo products.
    expect(locs).toHaveLength(19);
    expect(locs).toContain(`${store}/productdetail/demo-react-bootcamp`);
  });
});
