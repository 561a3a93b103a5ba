// Seeds the demo catalog through the same Firestore API the product uses (firebase-admin, REST),
// and the demo admin through the Auth emulator's REST API.
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { coverSvg } from './covers';
import { seedProducts } from './catalog';
import { addToCatalogIndex, type IndexedProduct } from './catalogIndexWrites';

export const demoAdmin = {
  name: 'Demo Admin',
  email: 'admin@demo.store',
  password: 'demo-admin-123',
  phone: '+234 800 123 4567',
};

export interface SeedTargets {
  db: Firestore;
  /** Stores a cover image and returns its delivery URL. */
  putImage: (publicId: string, ext: string, data: string) => Promise<string>;
  defaultAuthor: string;
  /** Fixed clock for repeatable seeds in tests. */
  now?: Date;
}

const categoryLabel: Record<number, string> = { 1: 'Ebook', 2: 'Course' };

export async function seedCatalog({ db, putImage, defaultAuthor, now = new Date() }: SeedTargets): Promise<number> {
  const batch = db.batch();
  const indexed: IndexedProduct[] = [];
  let outlineCount = 0;
  for (const [index, product] of seedProducts.entries()) {
    const coverImageUrl = await putImage(
      `digital_products/${product.id}`,
      '.svg',
      coverSvg(product.title, categoryLabel[product.categoryId] ?? 'Digital product', product.colors),
    );
    // The first product in the list is the newest, an hour apart, so the home page order is stable.
    const createdAt = Timestamp.fromMillis(now.getTime() - index * 3_600_000);
    batch.set(db.doc(`products/${product.id}`), {
      title: product.title,
      description: product.description,
      priceInNgn: product.priceInNgn,
      priceInUsd: product.priceInUsd,
      categoryId: product.categoryId,
      coverImageUrl,
      author: defaultAuthor,
      createdAt,
    });
    indexed.push({ ...product, coverImageUrl, createdAt });
    // The deliverable link is never part of the public product document (docs/security.md).
    batch.set(db.doc(`productDeliverables/${product.id}`), { url: product.url });
    for (const [order, text] of product.outline.entries()) {
      outlineCount += 1;
      batch.set(db.doc(`outlines/${product.id}-${order + 1}`), {
        productId: product.id,
        outline: text,
        outlineOrder: order + 1,
        createdAt,
      });
    }
  }
  await batch.commit();
  // The search reads the catalog index (docs/catalog-and-search.md), so a seeded catalog is searchable at
  // once.
  await addToCatalogIndex(db, indexed);
  return seedProducts.length + outlineCount;
}

interface AuthEmulatorAnswer {
  localId?: string;
  error?: { message?: string };
}

/** Creates (or finds) the demo admin in the Auth emulator and gives it an admins/{uid} record. */
export async function seedDemoAdmin(db: Firestore, authUrl: string, apiKey = 'demo-api-key'): Promise<string> {
  const call = async (method: string): Promise<AuthEmulatorAnswer> => {
    const res = await fetch(`${authUrl}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${apiKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: demoAdmin.email,
        password: demoAdmin.password,
        displayName: demoAdmin.name,
        returnSecureToken: true,
      }),
    });
    return (await res.json()) as AuthEmulatorAnswer;
  };
  let answer = await call('signUp');
  if (answer.error?.message?.startsWith('EMAIL_EXISTS')) answer = await call('signInWithPassword');
  const uid = answer.localId;
  if (!uid)
    throw new Error(`Could not create the demo admin: ${answer.error?.message ?? 'no answer from the Auth emulator'}`);
  const ref = db.doc(`admins/${uid}`);
  if (!(await ref.get()).exists) {
    await ref.set({
      uid,
      name: demoAdmin.name,
      email: demoAdmin.email,
      phone: demoAdmin.phone,
      createdAt: Timestamp.now(),
    });
  }
  return uid;
}
