// GET /productdetail/{id} fetched as a crawler does (no JavaScript): the API fills the product's meta
// into the product page shell it takes from the store's origin (docs/performance.md). Real
// firebase-admin against the Firestore emulator; the "hosting origin" is a loopback server handing
// out the shell as Firebase Hosting would.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../../server/app';
import { parseServerConfig } from '../../../server/config';
import { createAdminFirestore } from '../../../server/lib/firestoreAdmin';
import { createMailer } from '../../../server/mailer';
import { plainGet } from '../../support/plainGet';

const cloud = inject('cloud');
const db = createAdminFirestore({ projectId: cloud.projectId, emulatorHost: cloud.firestoreHost });
const shell = readFileSync(resolve(import.meta.dirname, '../../../index.html'), 'utf8').replace(
  '<div id="root"></div>',
  '<div id="root" data-route="/productdetail/*"><p>Loading...</p></div>',
);

let origin: Server;
let api: Server;
let storeUrl: string;
let base: string;
let templateFetches = 0;
// The built product page template (dist/productdetail/product.html), once a test serves it.
let productTemplate: string | null = null;

function listen(server: Server): Promise<string> {
  return new Promise((done) => {
    server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

async function crawl(path: string) {
  const answer = await fetch(`${base}${path}`, { headers: { accept: 'text/html', 'user-agent': 'WhatsApp/2.23' } });
  return {
    status: answer.status,
    cacheControl: answer.headers.get('cache-control'),
    csp: answer.headers.get('content-security-policy'),
    html: await answer.text(),
  };
}

beforeAll(async () => {
  origin = createServer((req, res) => {
    if (req.url === '/productdetail/index.html') {
      templateFetches += 1;
      res.writeHead(200, { 'content-type': 'text/html' }).end(shell);
    } else if (req.url === '/productdetail/product.html' && productTemplate) {
      res.writeHead(200, { 'content-type': 'text/html' }).end(productTemplate);
    } else res.writeHead(404).end();
  });
  storeUrl = await listen(origin);
  const config = parseServerConfig({ ...cloud.apiEnv, PUBLIC_STORE_URL: storeUrl, STORE_NAME: 'Digital Store' });
  api = createServer(createApp({ config, db, mailer: createMailer(config), logError: () => {} }));
  base = await listen(api);

  await db.doc('products/share-bootcamp').set({
    title: 'React Web Development Bootcamp',
    description:
      'Build and deploy modern web apps with React and TypeScript, from your first component to a live store.',
    priceInNgn: 45000,
    priceInUsd: 49,
    categoryId: 2,
    coverImageUrl: 'https://res.cloudinary.com/demo/image/upload/v1/covers/react.png',
    author: 'Content Team',
    url: 'https://drive.test/react',
    createdAt: new Date('2026-03-01T09:30:00Z'),
  });
  await db.doc('outlines/share-bootcamp-2').set({
    productId: 'share-bootcamp',
    outline: 'Components and props',
    outlineOrder: 2,
    createdAt: new Date('2026-03-01T09:30:02Z'),
  });
  await db.doc('outlines/share-bootcamp-1').set({
    productId: 'share-bootcamp',
    outline: 'JavaScript refresher',
    outlineOrder: 1,
    createdAt: new Date('2026-03-01T09:30:01Z'),
  });
  await db.doc('products/share-hostile').set({
    title: '"><script>alert(1)</script>',
    description: "<img src=x onerror=alert('d')>",
    priceInNgn: 1000,
    priceInUsd: 1,
    categoryId: 1,
    coverImageUrl: 'https://res.cloudinary.com/demo/image/upload/v1/covers/x.png?"onload="alert(2)',
    author: 'x',
    url: 'https://drive.test/x',
    createdAt: new Date('2026-03-01T09:31:00Z'),
  });
});

afterAll(async () => {
  await db.doc('products/share-bootcamp').delete();
  await db.doc('products/share-hostile').delete();
  await new Promise((done) => api.close(done));
  await new Promise((done) => origin.close(done));
});

describe('product pages as a crawler sees them', () => {
  it('carry the product’s title, description, canonical URL, cover and price', async () => {
    const page = await crawl('/productdetail/share-bootcamp');
    expect(page.status).toBe(200);
    expect(page.cacheControl).toBe('public, max-age=0, must-revalidate, s-maxage=60');
    // The store's own policy (firebase.json), not the API's `default-src 'none'`, or the page's
    // scripts and images would be blocked.
    expect(page.csp).toContain("script-src 'self' https://js.paystack.co");
    expect(page.csp).not.toContain("default-src 'none'");
    expect(page.html).toContain('<title>React Web Development Bootcamp | Digital Store</title>');
    expect(page.html).toContain(
      '<meta name="description" content="Build and deploy modern web apps with React and TypeScript, from your first component to a live store." />',
    );
    expect(page.html).toContain(`<link rel="canonical" href="${storeUrl}/productdetail/share-bootcamp" />`);
    expect(page.html).toContain(
      '<meta property="og:title" content="React Web Development Bootcamp | Digital Store" />',
    );
    expect(page.html).toContain(
      '<meta property="og:image" content="https://res.cloudinary.com/demo/image/upload/v1/covers/react.png" />',
    );
    expect(page.html).toContain('<meta property="og:price:amount" content="45000.00" />');
    expect(page.html).toContain('<meta property="og:price:currency" content="NGN" />');
    expect(page.html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    // The cover, the page's largest paint, is requested from the HTML at the widths the page shows it.
    const cover = 'https://res.cloudinary.com/demo/image/upload/c_limit,f_auto,q_auto';
    expect(page.html).toContain(
      `<link rel="preload" as="image" href="${cover},w_1200/v1/covers/react.png" imagesrcset="${cover},w_480/v1/covers/react.png 480w, ${cover},w_800/v1/covers/react.png 800w, ${cover},w_1200/v1/covers/react.png 1200w" imagesizes="(min-width: 768px) 480px, 100vw" fetchpriority="high" />`,
    );
    // The product itself, for the page's first render without a Firestore read.
    const data = /<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(page.html)?.[1] ?? '';
    expect(JSON.parse(data)).toEqual({
      product: {
        id: 'share-bootcamp',
        title: 'React Web Development Bootcamp',
        description:
          'Build and deploy modern web apps with React and TypeScript, from your first component to a live store.',
        priceInNgn: 45000,
        priceInUsd: 49,
        categoryId: 2,
        coverImageUrl: 'https://res.cloudinary.com/demo/image/upload/v1/covers/react.png',
        author: 'Content Team',
        createdAt: '2026-03-01T09:30:00.000Z',
      },
      // Its outline, in order: the page needs no Firestore SDK at all.
      outlines: [
        {
          id: 'share-bootcamp-1',
          productId: 'share-bootcamp',
          outline: 'JavaScript refresher',
          outlineOrder: 1,
          createdAt: '2026-03-01T09:30:01.000Z',
        },
        {
          id: 'share-bootcamp-2',
          productId: 'share-bootcamp',
          outline: 'Components and props',
          outlineOrder: 2,
          createdAt: '2026-03-01T09:30:02.000Z',
        },
      ],
      // What it delivers, as counts and kinds: this one has only its outside link, which is not listed.
      whatYouGet: { fileCount: 0, fileKinds: [], course: null, licenseKey: null },
    });
    // No product page template to fill (the origin has none): the SPA shell, for the browser to hydrate.
    expect(page.html).toContain('<div id="root" data-route="/productdetail/*">');
    expect(page.html.match(/<title>/g)).toHaveLength(1);
  });

  it('fill the built product page template with the product when the origin has one, escaped', async () => {
    productTemplate = shell.replace(
      '<div id="root" data-route="/productdetail/*"><p>Loading...</p></div>',
      '<div id="root" data-route="/productdetail/*" data-product="storetemplateproductid"><h1>STORETEMPLATETITLE</h1>' +
        '<img src="https://storetemplatecover.invalid/demo/image/upload/c_limit,f_auto,q_auto,w_1200/v1/storetemplatecover.jpg" alt="Cover of Storetemplatetitle"/>' +
        '<p>$123,456,789</p><p>Storetemplatedescription</p></div>',
    );
    try {
      const page = await crawl('/productdetail/share-bootcamp');
      expect(page.html).toContain(
        '<div id="root" data-route="/productdetail/*" data-product="share-bootcamp"><h1>REACT WEB DEVELOPMENT BOOTCAMP</h1>' +
          '<img src="https://res.cloudinary.com/demo/image/upload/c_limit,f_auto,q_auto,w_1200/v1/covers/react.png" alt="Cover of React Web Development Bootcamp"/>' +
          '<p>$49</p><p>Build and deploy modern web apps with React and TypeScript, from your first component to a live store.</p></div>',
      );
      expect(page.html).toContain('<title>React Web Development Bootcamp | Digital Store</title>');
      const hostile = await crawl('/productdetail/share-hostile');
      expect(hostile.html).toContain('<h1>&quot;&gt;&lt;SCRIPT&gt;ALERT(1)&lt;/SCRIPT&gt;</h1>');
      expect(hostile.html).not.toContain('<script>alert(1)');
      expect(hostile.html.toLowerCase()).not.toContain('storetemplate');
    } finally {
      productTemplate = null;
    }
  });

  it('are filled for a client that accepts anything (*/*) and for one that sends no Accept header', async () => {
    for (const headers of [{ accept: '*/*' }, {}] as Record<string, string>[]) {
      const page = await plainGet(`${base}/productdetail/share-bootcamp`, headers);
      expect(page.status).toBe(200);
      expect(page.body).toContain('<title>React Web Development Bootcamp | Digital Store</title>');
      expect(page.body).toContain(
        '<meta property="og:image" content="https://res.cloudinary.com/demo/image/upload/v1/covers/react.png" />',
      );
    }
  });

  it('give an unknown id the store’s defaults with status 200 (the SPA then says Product not found)', async () => {
    const page = await crawl('/productdetail/no-such-product');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<title>Digital Store</title>');
    expect(page.html).toContain('<meta property="og:type" content="website" />');
    expect(page.html).toContain(`<meta property="og:image" content="${storeUrl}/images/logo.svg" />`);
    expect(page.html).not.toContain('og:price');
    expect(page.html).not.toContain('page-data');
  });

  it('escape a hostile title, description and cover URL', async () => {
    const page = await crawl('/productdetail/share-hostile');
    expect(page.html).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Digital Store</title>');
    expect(page.html).toContain('content="&lt;img src=x onerror=alert(&#39;d&#39;)&gt;"');
    // The cover URL is normalised as a URL: its quotes travel percent-encoded, never raw.
    expect(page.html).toContain(
      '<meta property="og:image" content="https://res.cloudinary.com/demo/image/upload/v1/covers/x.png?%22onload=%22alert(2)" />',
    );
    // Only the JSON block holds the quote, escaped as JSON; no attribute is closed by it.
    expect(page.html).not.toMatch(/[^\\]"onload/);
    expect(page.html).not.toContain('<script>alert');
    expect(page.html).not.toContain('<img src=x');
    expect(page.html).not.toContain('</script><script>');
  });

  it('carry the structured data as JSON-LD a crawler reads back, a hostile title kept inside its block', async () => {
    const blocks = [
      ...(await crawl('/productdetail/share-hostile')).html.matchAll(
        /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g,
      ),
    ].map((match) => JSON.parse(match[1] ?? '') as { '@type': string; name?: string; offers?: unknown });
    expect(blocks.map((block) => block['@type'])).toEqual(['Product', 'BreadcrumbList']);
    expect(blocks[0]?.name).toBe('"><script>alert(1)</script>');
    expect(blocks[0]?.offers).toEqual([
      {
        '@type': 'Offer',
        sku: 'share-hostile-NGN',
        price: 1000,
        priceCurrency: 'NGN',
        availability: 'https://schema.org/InStock',
        url: `${storeUrl}/productdetail/share-hostile`,
        seller: { '@type': 'Organization', name: 'Digital Store' },
      },
      {
        '@type': 'Offer',
        sku: 'share-hostile-USD',
        price: 1,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: `${storeUrl}/productdetail/share-hostile`,
        seller: { '@type': 'Organization', name: 'Digital Store' },
      },
    ]);
  });

  it('fetch the shell from the origin once and keep it for five minutes', async () => {
    await crawl('/productdetail/share-bootcamp');
    await crawl('/productdetail/share-bootcamp');
    expect(templateFetches).toBe(1);
  });
});
