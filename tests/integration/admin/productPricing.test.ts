// The Pricing section's write (src/features/admin/api/productPricingQueries.ts) with the real Firestore
// Lite and Auth SDKs, signed in as the demo admin, against a Firestore emulator of its own that enforces
// the project's rules: what lands is what the storefront's decoder and the API's plans read.
import { type Firestore } from 'firebase-admin/firestore';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { catalogShardId } from '../../../domain/catalogIndex';
import { productFromData } from '../../../domain/product';
import type { ProductPricing } from '../../../domain/productPricing';
import { projectRulesFile } from '../../../local/cloud';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../../local/firestore/server';
import { demoAdmin, seedDemoAdmin } from '../../../local/seed/seed';
import { createAdminFirestore } from '../../../server/lib/firestoreAdmin';

type Queries = typeof import('../../../src/features/admin/api/productAdminQueries');
type PricingQueries = typeof import('../../../src/features/admin/api/productPricingQueries');
type AuthApi = typeof import('../../../src/features/admin/api/auth');

const cloud = inject('cloud');
const root = resolve(import.meta.dirname, '../../..');
let emulator: FirestoreEmulator;
let db: Firestore;
let queries: Queries;
let pricing: PricingQueries;
let auth: AuthApi;

beforeAll(async () => {
  emulator = await startFirestoreEmulator({
    rulesFile: projectRulesFile,
    indexesFile: resolve(root, 'firestore.indexes.json'),
  });
  const firestoreHost = `127.0.0.1:${emulator.port}`;
  db = createAdminFirestore({ projectId: cloud.projectId, emulatorHost: firestoreHost });
  process.env.VITE_USE_EMULATORS = '1';
  process.env.VITE_FIRESTORE_EMULATOR_HOST = firestoreHost;
  process.env.VITE_AUTH_EMULATOR_URL = cloud.authUrl;
  await seedDemoAdmin(db, cloud.authUrl);
  queries = await import('../../../src/features/admin/api/productAdminQueries');
  pricing = await import('../../../src/features/admin/api/productPricingQueries');
  auth = await import('../../../src/features/admin/api/auth');
  await auth.signIn(demoAdmin.email, demoAdmin.password);
});
afterAll(async () => {
  await auth.signOutAdmin();
  await emulator.close();
});

async function postedProduct(pricing?: ProductPricing): Promise<string> {
  const draft = {
    title: 'Signals Club',
    description: 'Daily trading signals.',
    priceInNgn: 5000,
    priceInUsd: 4,
    categoryId: 2,
    coverImageUrl: `${cloud.imagesUrl}/demo-cloud/image/upload/v1/digital_products/signals.png`,
    author: 'Digital Store Content Team',
    url: 'https://drive.example.com/signals',
  };
  return pricing ? queries.createProduct(draft, pricing) : queries.createProduct(draft);
}

const storedPricing = async (id: string) => (await db.doc(`products/${id}`).get()).data()?.pricing as unknown;
/** The product's entry in the catalog index (what search results show). */
const indexEntry = async (id: string) =>
  (
    (await db.doc(`catalogIndex/${catalogShardId(id)}`).get()).data()?.entries as Record<
      string,
      Record<string, unknown>
    >
  )[id];

describe("the Pricing section's write, under the project's rules", () => {
  it('stores a membership, then instalments, and no pricing at all for one payment', async () => {
    const id = await postedProduct();
    await pricing.saveProductPricing(id, { kind: 'membership', interval: 'quarterly' });
    expect(await storedPricing(id)).toEqual({ kind: 'membership', interval: 'quarterly' });
    expect(await indexEntry(id)).toMatchObject({
      title: 'Signals Club',
      priceInNgn: 5000,
      pricing: { kind: 'membership', interval: 'quarterly' },
    });
    const product = productFromData(id, (await db.doc(`products/${id}`).get()).data() ?? {});
    expect(product.pricing).toEqual({ kind: 'membership', interval: 'quarterly' });

    await pricing.saveProductPricing(id, { kind: 'instalments', count: 4 });
    expect(await storedPricing(id)).toEqual({ kind: 'instalments', count: 4 });

    await pricing.saveProductPricing(id, { kind: 'once' });
    expect(Object.keys((await db.doc(`products/${id}`).get()).data() ?? {})).not.toContain('pricing');
    expect(Object.keys((await indexEntry(id)) ?? {})).not.toContain('pricing');
    expect(await indexEntry(id)).toMatchObject({ title: 'Signals Club', priceInNgn: 5000 });
    expect((await db.doc(`products/${id}`).get()).data()).toMatchObject({ title: 'Signals Club', priceInNgn: 5000 });
  });

  it('posts a product priced in instalments with its pricing, in the same write', async () => {
    const id = await postedProduct({ kind: 'instalments', count: 3 });
    expect(await storedPricing(id)).toEqual({ kind: 'instalments', count: 3 });
    expect(await indexEntry(id)).toMatchObject({ title: 'Signals Club', pricing: { kind: 'instalments', count: 3 } });
    const once = await postedProduct();
    expect(Object.keys((await db.doc(`products/${once}`).get()).data() ?? {})).not.toContain('pricing');
  });

  it('is refused by the rules for instalments outside 2 to 6, and the product keeps its pricing', async () => {
    const id = await postedProduct();
    await pricing.saveProductPricing(id, { kind: 'instalments', count: 3 });
    const seven = { kind: 'instalments', count: 7 } as unknown as ProductPricing;
    await expect(pricing.saveProductPricing(id, seven)).rejects.toMatchObject({ code: 'permission-denied' });
    expect(await storedPricing(id)).toEqual({ kind: 'instalments', count: 3 });
  });
});
