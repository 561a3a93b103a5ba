// The preview server the bench measures through: a build served as Hosting serves it, compressed.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../local/ports';
import { pagesServer } from '../../../scripts/pagesServer';

const listPage = `<!doctype html><html><body>${'<p>All products</p>'.repeat(50)}</body></html>`;
const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;

describe('pagesServer with compress', () => {
  let root = '';
  let server: PreviewServer;
  let baseUrl = '';

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'pages-server-'));
    const dist = join(root, 'dist');
    await mkdir(join(dist, 'allproducts'), { recursive: true });
    await mkdir(join(dist, 'assets'), { recursive: true });
    await writeFile(join(dist, 'allproducts', 'index.html'), listPage);
    await writeFile(join(dist, 'app.html'), '<!doctype html><title>shell</title>');
    await writeFile(join(dist, 'assets', 'index-abc123.js'), script);
    const port = await freePort();
    server = await preview({
      root,
      logLevel: 'silent',
      configFile: false,
      plugins: [
        pagesServer({
          compress: true,
          hostingHeaders: { standIns: { 'https://firestore.googleapis.com': ['http://127.0.0.1:8181'] } },
        }),
      ],
      build: { outDir: 'dist' },
      preview: { port, strictPort: true, host: '127.0.0.1' },
    });
    baseUrl = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await server.close();
    await rm(root, { recursive: true, force: true });
  });

  it('serves a prerendered page brotli-compressed, with Hosting headers and the local stand-ins in the CSP', async () => {
    const answer = await fetch(`${baseUrl}/allproducts`, {
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-encoding')).toBe('br');
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(answer.headers.get('content-security-policy')).toContain(
      'https://firestore.googleapis.com http://127.0.0.1:8181',
    );
    expect(await answer.text()).toBe(listPage);
  });

  it('serves a hashed script gzip-compressed to a browser without brotli, cached for a year', async () => {
    const answer = await fetch(`${baseUrl}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    expect(answer.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await answer.text()).toBe(script);
  });

  it('sends the file as it is to a client that takes no compression', async () => {
    const answer = await fetch(`${baseUrl}/some/client/route`, {
      headers: { accept: 'text/html', 'accept-encoding': 'identity' },
    });
    expect(answer.headers.get('content-encoding')).toBeNull();
    expect(await answer.text()).toBe('<!doctype html><title>shell</title>');
  });
});
