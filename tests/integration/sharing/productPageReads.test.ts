// A product page the API serves reads the product and its outline afresh on every view and keeps
// what it delivers and its reviews a minute per instance (docs/performance.md, 'Reads per view'): a
// changed price, an edited outline or a deleted product shows on the next view. Real firebase-admin against an emulator of its own, which counts the documents it serves.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRulesFile } from '../../../local/cloud';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../../local/firestore/server';
import { createAdminFirestore } from '../../../server/lib/firestoreAdmin';
import { keptProductReviews } from '../../../server/reviews/reviewLists';
import { createShareRouter } from '../../../server/sharing/shareRoutes';
import { keptWhatYouGet } from '../../../server/sharing/whatYouGet';

const root = resolve(import.meta.dirname, '../../..');
const page = readFileSync(resolve(root, 'index.html'), 'utf8');
// The template as the build renders it for the token product (its title and USD price tokens).
const template = page.replace(
  '<div id="root"></div>',
  '<div id="root" data-route="/productdetail/*" data-product="storetemplateproductid"><h1>STORETEMPLATETITLE</h1>' +
    '<img src="https://storetemplatecover.invalid/demo/image/upload/c_limit,f_auto,q_auto,w_1200/v1/storetemplatecover.jpg" alt="Cover of Storetemplatetitle"/>' +
    '<p>$123,456,789</p><p>Storetemplatedescription</p></div>',
);
const shell = page.replace('<div id="root"></div>', '<div id="root" data-route="/productdetail/*"></div>');

let emulator: FirestoreEmulator;
let server: Server;
let base: string;

beforeAll(async () => {
  emulator = await startFirestoreEmulator({
    rulesFile: projectRulesFile,
    indexesFile: resolve(root, 'firestore.indexes.json'),
  });
  const db = createAdminFirestore({ projectId: 'demo-digital-store', emulatorHost: `127.0.0.1:${emulator.port}` });
  await db.doc('products/reads-course').set({
    title: 'Excel Playbook',
    description: 'Formulas, tables and charts for small businesses.',
    priceInNgn: 30000,
    priceInUsd: 29,
    categoryId: 3,
    coverImageUrl: 'https://res.cloudinary.com/demo/image/upload/v1/covers/excel.png',
    author: 'Content Team',
    createdAt: new Date('2026-03-01T09:30:00Z'),
  });
  for (let i = 1; i <= 6; i += 1) {
    await db.doc(`outlines/reads-course-${i}`).set({
      productId: 'reads-course',
      outline: `Part ${i}`,
      outlineOrder: i,
      createdAt: new Date(`2026-03-01T09:3${i}:00Z`),
    });
  }
  const app = express();
  app.use(
    createShareRouter({
      db,
      storeName: 'Digital Store',
      storeUrl: 'https://store.test',
      whatYouGet: keptWhatYouGet(db),
      // Kept a minute of real time per instance, as the wiring keeps them (sharingWiring.ts).
      reviews: keptProductReviews(db),
      loadTemplate: () => Promise.resolve(shell),
      loadProductTemplate: () => Promise.resolve(template),
      logError: () => {},
    }),
  );
  server = createServer(app);
  base = await new Promise((done) => {
    server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
  // The emulator's own documents for the admin writes above are not views: count from here.
  emulator.resetReadCount();
}, 60_000);

afterAll(async () => {
  await new Promise((done) => server.close(done));
  await emulator?.close();
});

/** The page's HTML and the documents the emulator served for it. */
async function view(id: string): Promise<{ html: string; reads: number }> {
  emulator.resetReadCount();
  const answer = await fetch(`${base}/productdetail/${id}`, { headers: { accept: 'text/html' } });
  expect(answer.status).toBe(200);
  return { html: await answer.text(), reads: emulator.readCount() };
}

describe('a product page at a warm API instance', () => {
  it('reads what it delivers and its reviews once, then the product and its 6 outline items', async () => {
    const cold = await view('reads-course');
    // The product, its 6 outline items, the product with its two (absent) delivery documents, and its
    // (absent) rating with its reviews.
    expect(cold.reads).toBe(12);
    expect(cold.html).toContain('<h1>EXCEL PLAYBOOK</h1>');
    expect(cold.html).toContain('<p>$29</p>');
    expect(cold.html).toContain('"outline":"Part 6"');

    const warm = await view('reads-course');
    expect(warm.reads).toBe(7);
    expect(warm.html).toContain('<p>$29</p>');
    expect(warm.html).toContain('"outline":"Part 6"');
  });

  it('shows a changed price and a changed title on the next view', async () => {
    const db = createAdminFirestore({ projectId: 'demo-digital-store', emulatorHost: `127.0.0.1:${emulator.port}` });
    await db.doc('products/reads-course').update({ priceInUsd: 35, title: 'Excel Playbook 2027' });
    const next = await view('reads-course');
    expect(next.reads).toBe(7);
    expect(next.html).toContain('<h1>EXCEL PLAYBOOK 2027</h1>');
    expect(next.html).toContain('<p>$35</p>');
    expect(next.html).not.toContain('<p>$29</p>');
  });

  it('shows an edited outline on the next view', async () => {
    const db = createAdminFirestore({ projectId: 'demo-digital-store', emulatorHost: `127.0.0.1:${emulator.port}` });
    await db.doc('outlines/reads-course-6').update({ outline: 'Part 6: pivot tables' });
    const next = await view('reads-course');
    expect(next.reads).toBe(7);
    expect(next.html).toContain('"outline":"Part 6: pivot tables"');
  });

  it('gives a deleted product the store’s defaults on the next view', async () => {
    const db = createAdminFirestore({ projectId: 'demo-digital-store', emulatorHost: `127.0.0.1:${emulator.port}` });
    await db.doc('products/reads-course').delete();
    const gone = await view('reads-course');
    expect(gone.html).toContain('<title>Digital Store</title>');
    expect(gone.html).not.toContain('EXCEL PLAYBOOK');
    expect(gone.html).not.toContain('data-product=');
    // The missing product counts as one read; its outline, read beside it, the 6 items still stored.
    expect(gone.reads).toBe(7);
  });
});
