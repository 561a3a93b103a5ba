// /sitemap.xml and /robots.txt as a crawler fetches them, from real firebase-admin reads on our
// Firestore emulator (enforcing the project's rules and indexes), seeded with the demo catalog (14
// products) and with the bench's generator (5,000): the sitemap is built from the catalog index's
// shard documents, so the emulator counts 10 reads whatever the catalog's size.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRulesFile } from '../../../local/cloud';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../../local/firestore/server';
import { seedLargeCatalog } from '../../../local/seed/largeCatalog';
import { seedCatalog } from '../../../local/seed/seed';
import { createAdminFirestore } from '../../../server/lib/firestoreAdmin';
import { createSeoRouter, type SeoRouteDeps } from '../../../server/seo/seoRoutes';

const root = resolve(import.meta.dirname, '../../..');
const storeUrl = 'https://store.example';
const emulators: FirestoreEmulator[] = [];
const servers: Server[] = [];

type Db = ReturnType<typeof createAdminFirestore>;

async function emulatorWith(seed: (db: Db) => Promise<unknown>) {
  const emulator = await startFirestoreEmulator({
    rulesFile: projectRulesFile,
    indexesFile: resolve(root, 'firestore.indexes.json'),
  });
  emulators.push(emulator);
  const db = createAdminFirestore({ projectId: 'demo-digital-store', emulatorHost: `127.0.0.1:${emulator.port}` });
  await seed(db);
  return { emulator, db };
}

/** A crawler's view of the SEO routes over that database: each answer, and the documents it read. */
async function crawler({ emulator, db }: { emulator: FirestoreEmulator; db: Db }, options: Partial<SeoRouteDeps> = {}) {
  const app = express().use(createSeoRouter({ db, storeUrl, ...options }));
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise<void>((done) => server.once('listening', () => done()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return async (path: string) => {
    emulator.resetReadCount();
    const answer = await fetch(`${base}${path}`);
    return {
      status: answer.status,
      type: answer.headers.get('content-type'),
      cacheControl: answer.headers.get('cache-control'),
      body: await answer.text(),
      reads: emulator.readCount(),
    };
  };
}

// Covers are never fetched here; the seeds only need their URLs.
const putImage = (publicId: string, ext: string) => Promise.resolve(`http://127.0.0.1:9/${publicId}${ext}`);
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

afterAll(async () => {
  for (const server of servers) await new Promise<void>((done) => server.close(() => done()));
  for (const emulator of emulators) await emulator.close();
});

describe('the demo catalog (14 products)', () => {
  let get: Awaited<ReturnType<typeof crawler>>;
  beforeAll(async () => {
    get = await crawler(
      await emulatorWith((db) =>
        seedCatalog({ db, putImage, defaultAuthor: 'Team', now: new Date('2026-11-20T12:00:00Z') }),
      ),
    );
  }, 60_000);

  it('lists home, all products, the three categories and the 14 product pages, read from the 10 index shards', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.type).toBe('application/xml; charset=utf-8');
    expect(sitemap.cacheControl).toBe('public, max-age=0, s-maxage=3600');
    expect(sitemap.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
    const urls = locs(sitemap.body);
    expect(urls).toHaveLength(19);
    expect(urls.slice(0, 5)).toEqual([
      'https://store.example/',
      'https://store.example/allproducts',
      'https://store.example/category/1',
      'https://store.example/category/2',
      'https://store.example/category/3',
    ]);
    expect(urls.filter((url) => url?.startsWith('https://store.example/productdetail/'))).toHaveLength(14);
    // The newest seeded product is created at the seed's clock: home's lastmod.
    expect(sitemap.body).toContain(
      '<url><loc>https://store.example/</loc><lastmod>2026-11-20T12:00:00.000Z</lastmod></url>',
    );
    // One read per shard document: the 14 products fill some of the 10 shards, never more.
    expect(sitemap.reads).toBeGreaterThan(0);
    expect(sitemap.reads).toBeLessThanOrEqual(10);
  });

  it('answers robots.txt naming the sitemap, without reading anything', async () => {
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.type).toBe('text/plain; charset=utf-8');
    expect(robots.body).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin',
        'Disallow: /api/',
        'Disallow: /purchases',
        'Disallow: /library',
        'Disallow: /learn/',
        'Disallow: /certificates/',
        '',
        'Sitemap: https://store.example/sitemap.xml',
        '',
      ].join('\n'),
    );
    expect(robots.body).toContain('Sitemap: https://store.example/sitemap.xml\n');
    expect(robots.reads).toBe(0);
  });

  it('has no numbered sitemap files while one file holds everything', async () => {
    expect((await get('/sitemap-1.xml')).status).toBe(404);
  });
});

describe('5,000 generated products', () => {
  let split: Awaited<ReturnType<typeof crawler>>;
  let whole: Awaited<ReturnType<typeof crawler>>;
  beforeAll(async () => {
    const store = await emulatorWith(async (db) =>
      expect(await seedLargeCatalog(db, putImage, 5000)).toHaveLength(5000),
    );
    whole = await crawler(store);
    // A URL limit of 2,000 (the protocol's is 50,000) so the split shows at this size.
    split = await crawler(store, { sitemapLimits: { maxUrls: 2000, maxBytes: 52_428_800 } });
  }, 180_000);

  it('fit one sitemap file at the protocol limits, read from the 10 index shards', async () => {
    const sitemap = await whole('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(locs(sitemap.body)).toHaveLength(5005);
    expect(sitemap.reads).toBe(10);
    // About 110 bytes a product: far below the 50 MB a file may hold.
    expect(Buffer.byteLength(sitemap.body)).toBeLessThan(1_000_000);
  });

  it('become a sitemap index of files within the limits past the URL limit, each read from the 10 shards', async () => {
    const index = await split('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(index.body)).toEqual([
      'https://store.example/sitemap-1.xml',
      'https://store.example/sitemap-2.xml',
      'https://store.example/sitemap-3.xml',
    ]);
    expect(index.reads).toBe(10);

    const files = [await split('/sitemap-1.xml'), await split('/sitemap-2.xml'), await split('/sitemap-3.xml')];
    expect(files.map((file) => locs(file.body).length)).toEqual([2000, 2000, 1005]);
    expect(files.map((file) => file.reads)).toEqual([10, 10, 10]);
    // Home, all products and the three categories first, then products newest first: gen-0000.
    expect(locs(files[0]?.body ?? '')[5]).toBe('https://store.example/productdetail/gen-0000');
    expect((await split('/sitemap-4.xml')).status).toBe(404);
  });
});
