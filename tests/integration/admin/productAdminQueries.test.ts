// The product panels' data access (src/features/admin/api/productAdminQueries.ts) with the real
// Firestore Lite and Auth SDKs, signed in as the demo admin, against our Firestore emulator and the
// Auth emulator: what lands in the database is what the storefront and the rules expect.
// It runs on a Firestore emulator of its own: its products are the newest in any database, and the
// storefront's tests of 'the 6 newest' share the run's main one.
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../../local/firestore/server';
import { demoAdmin, seedDemoAdmin } from '../../../local/seed/seed';
import { createAdminFirestore } from '../../../server/lib/firestoreAdmin';

type Queries = typeof import('../../../src/features/admin/api/productAdminQueries');
type AuthApi = typeof import('../../../src/features/admin/api/auth');

const cloud = inject('cloud');
let emulator: FirestoreEmulator;
let db: Firestore;
let queries: Queries;
let auth: AuthApi;
const run = Date.now().toString(36);

const draft = (overrides: Record<string, unknown> = {}) => ({
  title: `Data Analysis with Excel ${run}`,
  description: 'From raw sales records to a dashboard.',
  priceInNgn: 15000,
  priceInUsd: 19,
  categoryId: 2,
  coverImageUrl: `${cloud.imagesUrl}/demo-cloud/image/upload/v1/digital_products/${run}.png`,
  author: 'Digital Store Content Team',
  url: 'https://drive.example.com/data-analysis',
  ...overrides,
});

beforeAll(async () => {
  emulator = await startFirestoreEmulator();
  const firestoreHost = `127.0.0.1:${emulator.port}`;
  db = createAdminFirestore({ projectId: cloud.projectId, emulatorHost: firestoreHost });
  process.env.VITE_USE_EMULATORS = '1';
  process.env.VITE_FIRESTORE_EMULATOR_HOST = firestoreHost;
  process.env.VITE_AUTH_EMULATOR_URL = cloud.authUrl;
  await seedDemoAdmin(db, cloud.authUrl);
  queries = await import('../../../src/features/admin/api/productAdminQueries');
  auth = await import('../../../src/features/admin/api/auth');
  await auth.signIn(demoAdmin.email, demoAdmin.password);
});
afterAll(async () => {
  await auth.signOutAdmin();
  await emulator.close();
});

describe('product data access against the emulators', () => {
  it('creates the product and its private deliverable together, with a server createdAt', async () => {
    const before = Date.now();
    const id = await queries.createProduct(draft());
    const product = await db.doc(`products/${id}`).get();
    expect(Object.keys(product.data() ?? {}).sort()).toEqual([
      'author',
      'categoryId',
      'coverImageUrl',
      'createdAt',
      'description',
      'priceInNgn',
      'priceInUsd',
      'title',
    ]);
    expect(product.data()).toMatchObject({
      title: `Data Analysis with Excel ${run}`,
      priceInNgn: 15000,
      categoryId: 2,
    });
    const createdAt = product.get('createdAt') as Timestamp;
    expect(createdAt).toBeInstanceOf(Timestamp);
    expect(createdAt.toMillis()).toBeGreaterThanOrEqual(before - 5000);
    expect((await db.doc(`productDeliverables/${id}`).get()).data()).toEqual({
      url: 'https://drive.example.com/data-analysis',
    });
    expect(await queries.fetchDeliverableUrl(id)).toBe('https://drive.example.com/data-analysis');
    const listed = await queries.fetchCategoryProducts(2);
    expect(listed.map((p) => p.id)).toContain(id);
    await expect(queries.currentIdToken()).resolves.toMatch(/^ey/);
  });

  it("pages every category's products newest first (Manage Products' 'All categories') and reads a search's matches by id", async () => {
    const ebook = await queries.createProduct(draft({ title: `Paged Ebook ${run}`, categoryId: 1 }));
    const course = await queries.createProduct(draft({ title: `Paged Course ${run}`, categoryId: 2 }));
    const first = await queries.fetchProductsPage(null, null);
    // This emulator holds only this file's products: the newest two are these, across both categories.
    expect(first.products.slice(0, 2).map((p) => p.id)).toEqual([course, ebook]);
    const ebooks = await queries.fetchProductsPage(1, null);
    expect(ebooks.products.map((p) => p.id)).toContain(ebook);
    expect(ebooks.products.map((p) => p.id)).not.toContain(course);
    const found = await queries.fetchProductsByIds([ebook, 'no-such-product', course]);
    expect(found.map((p) => p.title)).toEqual([`Paged Ebook ${run}`, `Paged Course ${run}`]);
  });

  it('updates product and deliverable together and leaves createdAt alone', async () => {
    const id = await queries.createProduct(draft());
    const createdAt = (await db.doc(`products/${id}`).get()).get('createdAt') as Timestamp;
    await queries.updateProduct(id, draft(), { priceInNgn: 9500, url: 'https://drive.example.com/v2' });
    const product = await db.doc(`products/${id}`).get();
    expect(product.get('priceInNgn')).toBe(9500);
    expect((product.get('createdAt') as Timestamp).isEqual(createdAt)).toBe(true);
    expect(await queries.fetchDeliverableUrl(id)).toBe('https://drive.example.com/v2');

    await queries.updateCoverImage(
      id,
      draft().coverImageUrl,
      `${cloud.imagesUrl}/demo-cloud/image/upload/v2/digital_products/new.png`,
    );
    const changed = await db.doc(`products/${id}`).get();
    expect(changed.get('coverImageUrl')).toBe(`${cloud.imagesUrl}/demo-cloud/image/upload/v2/digital_products/new.png`);
    expect(changed.get('priceInNgn')).toBe(9500);
  });

  it('keeps the files the API attached through an edit and a change of the delivery switches', async () => {
    const id = await queries.createProduct(draft());
    const file = {
      id: 'f1',
      name: 'Book.pdf',
      size: 10,
      contentType: 'application/pdf',
      storagePath: `deliverables/${id}/f1`,
      order: 0,
      stampPdf: true,
    };
    // As the API attaches files (firebase-admin: the rules refuse admins' own writes to `files`).
    await db.doc(`productDeliverables/${id}`).update({ files: [file] });
    await queries.updateProduct(id, draft(), { url: 'https://drive.example.com/v3' });
    await queries.saveDeliverySettings(
      id,
      { stampPdf: true, downloadLimit: null, expiryDays: null },
      { stampPdf: false, downloadLimit: 3, expiryDays: null },
    );
    // Only the switches that changed are written; the expiry, unset, stays absent (read as none).
    expect((await db.doc(`productDeliverables/${id}`).get()).data()).toEqual({
      url: 'https://drive.example.com/v3',
      files: [file],
      stampPdf: false,
      downloadLimit: 3,
    });
    expect(await queries.fetchDeliverables(id)).toEqual({
      url: 'https://drive.example.com/v3',
      files: [file],
      stampPdf: false,
      downloadLimit: 3,
      expiryDays: null,
      // Never set for this product: read as keys off (docs/licenses.md).
      licenseKeys: { on: false, activationLimit: null, source: 'generated' },
    });
  });

  it('deletes a product with files but keeps its deliverable (the files) for the buyers who have them', async () => {
    const id = await queries.createProduct(draft());
    const file = {
      id: 'f1',
      name: 'Book.pdf',
      size: 10,
      contentType: 'application/pdf',
      storagePath: `deliverables/${id}/f1`,
      order: 0,
    };
    await db.doc(`productDeliverables/${id}`).update({ files: [file] });
    expect(await queries.deleteProduct(id)).toEqual({ keptFiles: 1 });
    expect((await db.doc(`products/${id}`).get()).exists).toBe(false);
    expect((await db.doc(`productDeliverables/${id}`).get()).get('files')).toEqual([file]);
  });

  it('posts, lists by order, edits and deletes outlines', async () => {
    const id = await queries.createProduct(draft());
    const second = await queries.createOutline(id, { outline: 'Pivot tables', outlineOrder: 2 });
    await queries.createOutline(id, { outline: 'Formulas', outlineOrder: 1 });
    const stored = await db.doc(`outlines/${second}`).get();
    expect(Object.keys(stored.data() ?? {}).sort()).toEqual(['createdAt', 'outline', 'outlineOrder', 'productId']);
    expect((await queries.fetchOutlines(id)).map((o) => [o.outlineOrder, o.outline])).toEqual([
      [1, 'Formulas'],
      [2, 'Pivot tables'],
    ]);
    await queries.updateOutline(second, { outline: 'Pivot tables, revised', outlineOrder: 0 });
    expect((await queries.fetchOutlines(id)).map((o) => [o.outlineOrder, o.outline])).toEqual([
      [0, 'Pivot tables, revised'],
      [1, 'Formulas'],
    ]);
    await queries.deleteOutline(second);
    expect((await queries.fetchOutlines(id)).map((o) => o.outline)).toEqual(['Formulas']);
  });

  it('deletes the product with its deliverable and all its outlines, and nothing else', async () => {
    const id = await queries.createProduct(draft());
    const other = await queries.createProduct(draft({ title: `Other ${run}` }));
    await queries.createOutline(id, { outline: 'One', outlineOrder: 1 });
    await queries.createOutline(id, { outline: 'Two', outlineOrder: 2 });
    const kept = await queries.createOutline(other, { outline: 'Kept', outlineOrder: 1 });
    await queries.deleteProduct(id);
    expect((await db.doc(`products/${id}`).get()).exists).toBe(false);
    expect((await db.doc(`productDeliverables/${id}`).get()).exists).toBe(false);
    expect((await db.collection('outlines').where('productId', '==', id).get()).size).toBe(0);
    expect((await db.doc(`products/${other}`).get()).exists).toBe(true);
    expect((await db.doc(`outlines/${kept}`).get()).exists).toBe(true);
  });
});
