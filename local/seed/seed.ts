// Seeds the demo catalog through the same Firestore API the product uses (firebase-admin, REST),
// and the demo admin through the Auth emulator's REST API.
import { FieldPath, Timestamp, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { coverSvg } from './covers';
import { seedProducts } from './catalog';
import { addToCatalogIndex, type IndexedProduct } from './catalogIndexWrites';
import { catalogIndexCollection } from '../../domain/catalogIndex';

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

/**
 * The cover URL on the running image host for a URL of this machine's image host, or undefined when
 * the URL is elsewhere (a real Cloudinary link) or already right.
 */
export function relinkedCover(url: unknown, imagesUrl: string, cloudName: string): string | undefined {
  if (typeof url !== 'string') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const local = parsed.protocol === 'http:' && (parsed.hostname === '127.0.0.1' || parsed.hostname === 'localhost');
  if (!local || !parsed.pathname.startsWith(`/${cloudName}/image/upload/`)) return undefined;
  const relinked = `${imagesUrl}${parsed.pathname}${parsed.search}`;
  return relinked === url ? undefined : relinked;
}

/**
 * Points every product cover (and its catalog index entry) that lives on this machine's image host
 * at the running one. A cover URL names the image host's port, and a reset (which runs on any free
 * port), an earlier start or a change of IMAGES_PORT leaves URLs no image host answers on: the
 * storefront would show placeholders. Returns how many covers were changed.
 */
export async function relinkLocalCovers(db: Firestore, imagesUrl: string, cloudName: string): Promise<number> {
  let changed = 0;
  let batch = db.batch();
  let pending = 0;
  const flush = async () => {
    if (pending > 0) await batch.commit();
    batch = db.batch();
    pending = 0;
  };
  // Pages, so a large catalog (the bench's thousands of products) is never one answer.
  let last: QueryDocumentSnapshot | undefined;
  for (;;) {
    let page = db.collection('products').orderBy(FieldPath.documentId()).limit(500);
    if (last) page = page.startAfter(last);
    const snapshot = await page.get();
    for (const doc of snapshot.docs) {
      const cover = relinkedCover(doc.get('coverImageUrl'), imagesUrl, cloudName);
      if (cover === undefined) continue;
      batch.update(doc.ref, { coverImageUrl: cover });
      changed += 1;
      if (++pending === 400) await flush();
    }
    last = snapshot.docs.at(-1);
    if (snapshot.size < 500) break;
  }
  for (const shard of (await db.collection(catalogIndexCollection).get()).docs) {
    const entries: unknown = shard.get('entries');
    if (typeof entries !== 'object' || entries === null) continue;
    for (const [id, entry] of Object.entries(entries as Record<string, unknown>)) {
      const cover =
        typeof entry === 'object' && entry !== null
          ? relinkedCover((entry as Record<string, unknown>).coverImageUrl, imagesUrl, cloudName)
          : undefined;
      if (cover === undefined) continue;
      batch.update(shard.ref, new FieldPath('entries', id, 'coverImageUrl'), cover);
      if (++pending === 400) await flush();
    }
  }
  await flush();
  return changed;
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
