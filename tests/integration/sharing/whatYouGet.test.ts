// 'What you get' (docs/storefront.md): GET /api/products/{id}/what-you-get and the product page the API
// serves, both summing up the product's private delivery settings as counts and kinds, never a file's
// name, path or link. Real firebase-admin against the Firestore emulator; the "hosting origin" is a
// loopback server handing out the product page template as Firebase Hosting would.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../../server/app';
import { parseServerConfig } from '../../../server/config';
import { createAdminFirestore } from '../../../server/lib/firestoreAdmin';
import { createMailer } from '../../../server/mailer';

const cloud = inject('cloud');
const db = createAdminFirestore({ projectId: cloud.projectId, emulatorHost: cloud.firestoreHost });
const run = `wyg${Date.now().toString(36)}`;
const full = `${run}-full`;
const bare = `${run}-bare`;

// The template as the build renders it for the token product, the list as WhatYouGetSection renders it.
const page = readFileSync(resolve(import.meta.dirname, '../../../index.html'), 'utf8');
const templateRoot =
  '<div id="root" data-route="/productdetail/*" data-product="storetemplateproductid"><h1>STORETEMPLATETITLE</h1>' +
  '<img src="https://storetemplatecover.invalid/demo/image/upload/c_limit,f_auto,q_auto,w_1200/v1/storetemplatecover.jpg" alt="Cover of Storetemplatetitle"/>' +
  '<p>$123,456,789</p><p>Storetemplatedescription</p>' +
  '<section data-what-you-get="" aria-labelledby="what-you-get-heading"><h2 id="what-you-get-heading">What you get</h2>' +
  '<ul aria-labelledby="what-you-get-heading"><li>2 files: Storetemplatewhatyouget</li></ul></section></div>';
const shell = page.replace('<div id="root"></div>', '<div id="root" data-route="/productdetail/*"></div>');
const template = page.replace('<div id="root"></div>', templateRoot);

let origin: Server;
let api: Server;
let base: string;

function listen(server: Server): Promise<string> {
  return new Promise((done) => {
    server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

function product(title: string) {
  return {
    title,
    description: 'Everything you need to ship a React app.',
    priceInNgn: 45000,
    priceInUsd: 49,
    categoryId: 2,
    coverImageUrl: 'https://res.cloudinary.com/demo/image/upload/v1/covers/react.png',
    author: 'Content Team',
    createdAt: new Date('2026-03-01T09:30:00Z'),
  };
}

const file = (id: string, name: string, contentType: string, order: number) => ({
  id,
  name,
  size: 1000,
  contentType,
  storagePath: `deliverables/${full}/${id}`,
  order,
});
const lesson = (id: string, durationS: number | null) => ({
  id,
  title: `Lesson ${id}`,
  body: '',
  video: durationS === null ? null : { fileId: `v-${id}`, lowDataFileId: null, durationS, width: 1280, height: 720 },
  attachmentFileIds: [],
  preview: false,
  dripDays: null,
});

beforeAll(async () => {
  origin = createServer((req, res) => {
    if (req.url === '/productdetail/index.html') res.writeHead(200, { 'content-type': 'text/html' }).end(shell);
    else if (req.url === '/productdetail/product.html') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(template);
    } else res.writeHead(404).end();
  });
  const storeUrl = await listen(origin);
  const config = parseServerConfig({ ...cloud.apiEnv, PUBLIC_STORE_URL: storeUrl, STORE_NAME: 'Digital Store' });
  api = createServer(createApp({ config, db, mailer: createMailer(config), logError: () => {} }));
  base = await listen(api);

  await db.doc(`products/${full}`).set(product('React Bootcamp with Extras'));
  await db.doc(`productDeliverables/${full}`).set({
    url: 'https://drive.test/secret-folder',
    files: [
      file('f1', 'Secret Handbook.pdf', 'application/pdf', 1),
      file('f2', 'Starter Code.zip', 'application/zip', 2),
      file('f3', 'Cheat Sheet.pdf', 'application/pdf', 3),
    ],
    stampPdf: true,
    downloadLimit: null,
    expiryDays: null,
    licenseKeys: { on: true, activationLimit: 2, source: 'generated' },
  });
  // 12 lessons: 10 of 1,200 s (3 h 20 min in all) and 2 without video.
  await db.doc(`courseContent/${full}`).set({
    sections: [
      { id: 's1', title: 'Basics', lessons: Array.from({ length: 6 }, (_, i) => lesson(`a${i}`, 1200)) },
      {
        id: 's2',
        title: 'Shipping',
        lessons: [
          ...Array.from({ length: 4 }, (_, i) => lesson(`b${i}`, 1200)),
          lesson('c1', null),
          lesson('c2', null),
        ],
      },
    ],
    videos: {},
    updatedAt: '2026-03-01T10:00:00.000Z',
  });
  await db.doc(`products/${bare}`).set(product('Plain Ebook'));
});

afterAll(async () => {
  await new Promise((done) => api.close(done));
  await new Promise((done) => origin.close(done));
  await Promise.all(
    [`products/${full}`, `productDeliverables/${full}`, `courseContent/${full}`, `products/${bare}`].map((path) =>
      db.doc(path).delete(),
    ),
  );
});

describe("a product's 'what you get'", () => {
  it('is the count and kinds of its files, its lessons and video time, and its key, never a name or link', async () => {
    const answer = await fetch(`${base}/api/products/${full}/what-you-get`);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(JSON.parse(text)).toEqual({
      fileCount: 3,
      fileKinds: ['PDF', 'ZIP'],
      course: { lessons: 12, videoSeconds: 12000 },
      licenseKey: { devices: 2 },
    });
    for (const secret of ['Secret Handbook', 'Starter Code', 'deliverables/', 'drive.test', 'v-a0']) {
      expect(text).not.toContain(secret);
    }
  });

  it('is nothing listed for a product without files, course or key, and 404 in words for no product', async () => {
    const plain = await fetch(`${base}/api/products/${bare}/what-you-get`);
    expect(plain.status).toBe(200);
    expect(await plain.json()).toEqual({ fileCount: 0, fileKinds: [], course: null, licenseKey: null });
    for (const id of [`${run}-missing`, '__reserved__', 'a.b']) {
      const missing = await fetch(`${base}/api/products/${encodeURIComponent(id)}/what-you-get`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ message: 'This product could not be found.' });
    }
  });

  it('is in the product page the API serves, before any JavaScript, with no file name or link', async () => {
    const answer = await fetch(`${base}/productdetail/${full}`, { headers: { accept: 'text/html' } });
    const html = await answer.text();
    expect(html).toContain(
      '<ul aria-labelledby="what-you-get-heading"><li>3 files: PDF, ZIP</li>' +
        '<li>12 lessons, 3 h 20 min of video</li><li>A license key for 2 devices</li></ul></section></div>',
    );
    expect(html).toContain('<h1>REACT BOOTCAMP WITH EXTRAS</h1>');
    for (const secret of ['secret handbook', 'starter code', 'deliverables/', 'drive.test', 'storetemplate']) {
      expect(html.toLowerCase()).not.toContain(secret);
    }
  });

  it('leaves the list out of the page of a product that delivers none of these', async () => {
    const answer = await fetch(`${base}/productdetail/${bare}`, { headers: { accept: 'text/html' } });
    const html = await answer.text();
    expect(html).toContain('<h1>PLAIN EBOOK</h1>');
    expect(html).not.toContain('What you get');
    expect(html).not.toContain('Storetemplatewhatyouget');
  });
});
