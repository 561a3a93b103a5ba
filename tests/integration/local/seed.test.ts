// The demo catalog a newcomer sees after `npm start`, read back through the real SDKs.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectFirestoreEmulator,
  collection,
  getDocs,
  getFirestore,
  limit,
  query,
  where,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCloud, type Cloud } from '../../../local/cloud';
import { demoAdmin } from '../../../local/seed/seed';
import { PDFDocument } from '@cantoo/pdf-lib';
import { parseServerConfig } from '../../../server/config';
import { createFileStorage } from '../../../server/files/storage';
import { bufferReader, inspectVideo } from '../../../server/courses/videoInspection';

describe('demo seed', () => {
  let cloud: Cloud;
  let dataDir: string;
  let app: FirebaseApp;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'store-seed-'));
    cloud = await startCloud({ dataDir, seed: true, withAuth: true });
    app = initializeApp({ projectId: cloud.projectId, apiKey: 'demo-api-key' }, `seed-test-${Date.now()}`);
  });
  afterAll(async () => {
    await deleteApp(app);
    await cloud.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  function db() {
    const firestore = getFirestore(app);
    if (!(firestore as unknown as { _settingsFrozen?: boolean })._settingsFrozen) {
      connectFirestoreEmulator(firestore, '127.0.0.1', cloud.firestore.port);
    }
    return firestore;
  }

  it('has at least 12 products across the three categories, each with prices, a cover on the image host and an outline', async () => {
    const firestore = db();
    // The rules cap public lists at 100 documents, far above the demo catalog.
    const products = await getDocs(query(collection(firestore, 'products'), limit(100)));
    expect(products.size).toBeGreaterThanOrEqual(12);
    const categories = new Set(products.docs.map((d) => d.get('categoryId') as number));
    expect([...categories].sort()).toEqual([1, 2, 3]);
    for (const product of products.docs) {
      expect(typeof product.get('priceInNgn')).toBe('number');
      expect(typeof product.get('priceInUsd')).toBe('number');
      expect(product.get('priceInNgn')).toBeGreaterThan(product.get('priceInUsd') as number);
      // The deliverable link is not part of the public product (docs/security.md).
      expect(product.get('url')).toBeUndefined();
      const cover = product.get('coverImageUrl') as string;
      expect(cover.startsWith(cloud.images.url)).toBe(true);
      const image = await fetch(cover);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toMatch(/^image\//);
      const outlines = await getDocs(
        query(collection(firestore, 'outlines'), where('productId', '==', product.id), limit(100)),
      );
      expect(outlines.size, `outlines of ${product.id}`).toBeGreaterThan(0);
    }
  });

  it('keeps each deliverable link in productDeliverables', async () => {
    const snapshot = await cloud.db.collection('productDeliverables').get();
    const products = await cloud.db.collection('products').get();
    expect(snapshot.size).toBe(products.size);
    for (const deliverable of snapshot.docs) expect(deliverable.get('url')).toMatch(/^https:\/\//);
  });

  it('gives two demo products real files in the storage stand-in: a multi-page PDF and a ZIP', async () => {
    const bucket = createFileStorage(parseServerConfig(cloud.apiEnv));
    const ebook = (await cloud.db.doc('productDeliverables/demo-freelance-writing').get()).data();
    const templates = (await cloud.db.doc('productDeliverables/demo-excel-mastery').get()).data();
    expect(ebook?.stampPdf).toBe(true);
    const [pdf] = ebook?.files as Array<Record<string, unknown>>;
    const [zip] = templates?.files as Array<Record<string, unknown>>;
    expect(pdf).toMatchObject({
      name: 'Freelance Writing.pdf',
      contentType: 'application/pdf',
      storagePath: 'deliverables/demo-freelance-writing/demo-ebook-pdf',
      order: 0,
      stampPdf: true,
    });
    expect(zip).toMatchObject({
      name: 'Excel Templates.zip',
      contentType: 'application/zip',
      storagePath: 'deliverables/demo-excel-mastery/demo-templates-zip',
      order: 0,
    });
    // The outside links stay beside the files.
    expect(ebook?.url).toMatch(/^https:\/\//);
    // The templates are a tool: each sale issues a generated license key for up to 3 machines.
    expect(templates?.licenseKeys).toEqual({ on: true, activationLimit: 3, source: 'generated' });

    const [pdfBytes] = await bucket.bucket.file(String(pdf?.storagePath)).download();
    expect(pdfBytes.length).toBe(pdf?.size);
    const document = await PDFDocument.load(pdfBytes);
    expect(document.getPageCount()).toBe(6);
    const [zipBytes] = await bucket.bucket.file(String(zip?.storagePath)).download();
    expect(zipBytes.length).toBe(zip?.size);
    expect(zipBytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    // The end-of-central-directory record counts the archive's three entries.
    expect(zipBytes.readUInt16LE(zipBytes.length - 22 + 10)).toBe(3);
    expect(zipBytes.toString('latin1')).toContain('budget.csv');
  });

  it('makes the React bootcamp a demo course: two sections, four lessons, a short phone-ready video, a preview and a drip', async () => {
    const course = (await cloud.db.doc('courseContent/demo-react-bootcamp').get()).data() as {
      sections: {
        title: string;
        lessons: { title: string; preview: boolean; dripDays: number | null; video: unknown }[];
      }[];
    };
    expect(course.sections.map((section) => section.title)).toEqual(['Getting started', 'Building with React']);
    const lessons = course.sections.flatMap((section) => section.lessons);
    expect(lessons.map((lesson) => [lesson.title, lesson.preview, lesson.dripDays])).toEqual([
      ['Welcome to the bootcamp', true, null],
      ['Setting up your tools', false, null],
      ['Components and props', false, null],
      ['Routing and deploying', false, 7],
    ]);
    expect(lessons[0]?.video).toEqual({
      fileId: 'demo-lesson-video',
      lowDataFileId: null,
      durationS: 12,
      width: 640,
      height: 360,
    });
    const bucket = createFileStorage(parseServerConfig(cloud.apiEnv));
    const [video] = await bucket.bucket.file('lessons/demo-react-bootcamp/demo-lesson-video').download();
    expect(video.length).toBeLessThan(1024 * 1024);
    // The API's own inspection accepts it with the facts the course carries.
    expect(await inspectVideo(bufferReader(video), video.length)).toEqual({
      ok: true,
      facts: { container: 'mp4', videoCodec: 'avc1', audioCodec: 'mp4a', durationS: 12, width: 640, height: 360 },
    });
  });

  it("indexes every product for the search: the catalog index holds each one's card fields", async () => {
    const products = await cloud.db.collection('products').get();
    const shards = await getDocs(query(collection(db(), 'catalogIndex'), limit(100)));
    const entries = new Map<string, Record<string, unknown>>();
    for (const shard of shards.docs) {
      for (const [id, entry] of Object.entries(shard.get('entries') as Record<string, Record<string, unknown>>))
        entries.set(id, entry);
    }
    expect([...entries.keys()].sort()).toEqual(products.docs.map((d) => d.id).sort());
    for (const product of products.docs) {
      expect(entries.get(product.id)).toMatchObject({
        title: product.get('title') as string,
        priceInNgn: product.get('priceInNgn') as number,
        priceInUsd: product.get('priceInUsd') as number,
        coverImageUrl: product.get('coverImageUrl') as string,
        categoryId: product.get('categoryId') as number,
      });
    }
  });

  it('creates a demo admin who can sign in and has an admins record', async () => {
    const res = await fetch(
      `${cloud.auth?.url}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: demoAdmin.email, password: demoAdmin.password, returnSecureToken: true }),
      },
    );
    const body = (await res.json()) as { localId: string };
    expect(res.status).toBe(200);
    const admin = await cloud.db.doc(`admins/${body.localId}`).get();
    expect(admin.get('email')).toBe(demoAdmin.email);
    expect(admin.get('name')).toBe(demoAdmin.name);
  });
});
