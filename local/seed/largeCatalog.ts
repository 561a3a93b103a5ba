// A large generated catalog (docs/performance.md): thousands of products for the bench and the read-budget
// test, written with firebase-admin in batches. Each product gets a deliverable, two outlines and
// its catalog index entry, like the demo seed, and is older than the demo products so the home page
// stays the same.
import { FieldPath, FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { catalogIndexCollection, catalogShardId } from '../../domain/catalogIndex';
import { addToCatalogIndex, type IndexedProduct } from './catalogIndexWrites';
import { coverSvg } from './covers';

const topics = ['Freelance', 'Budgeting', 'Photography', 'Excel', 'Marketing', 'Baking', 'Coding', 'Fitness'];
const kinds = ['Guide', 'Playbook', 'Course', 'Workbook', 'Masterclass'];
const palettes: [string, string][] = [
  ['#1e3a8a', '#3b82f6'],
  ['#14532d', '#22c55e'],
  ['#7c2d12', '#f97316'],
  ['#581c87', '#a855f7'],
];

// Firestore allows 500 writes in one batch.
const writesPerBatch = 500;
const writesPerProduct = 4;

/** Titles like 'Excel Playbook 0042': each topic and kind recurs, so a search finds a known share. */
export function largeCatalogTitle(n: number): string {
  return `${topics[n % topics.length] ?? 'Digital'} ${kinds[n % kinds.length] ?? 'Guide'} ${String(n).padStart(4, '0')}`;
}

export interface LargeCatalogOptions {
  /** Newest generated product's time; each next one is a minute older. Default 30 days before now. */
  newest?: Date;
  /** Product ids are `${idPrefix}${n}`; default 'gen-'. */
  idPrefix?: string;
}

/**
 * Writes `count` generated products (ids gen-0000...), their deliverables, two outlines each and
 * their catalog index entries. Covers are a few shared images on the image host. Returns the ids.
 */
export async function seedLargeCatalog(
  db: Firestore,
  putImage: (publicId: string, ext: string, data: string) => Promise<string>,
  count: number,
  { newest = new Date(Date.now() - 30 * 86_400_000), idPrefix = 'gen-' }: LargeCatalogOptions = {},
): Promise<string[]> {
  const covers = await Promise.all(
    palettes.map((colors, i) =>
      putImage(`digital_products/generated-${i}`, '.svg', coverSvg('Digital Store', 'Generated', colors)),
    ),
  );
  const ids: string[] = [];
  const indexed: IndexedProduct[] = [];
  let batch = db.batch();
  let writes = 0;
  const commits: Promise<unknown>[] = [];
  for (let n = 0; n < count; n += 1) {
    const id = `${idPrefix}${String(n).padStart(4, '0')}`;
    const createdAt = Timestamp.fromMillis(newest.getTime() - n * 60_000);
    const product = {
      title: largeCatalogTitle(n),
      description: `Generated product number ${n} for measuring the store at scale.`,
      priceInNgn: 1000 + (n % 50) * 500,
      priceInUsd: 2 + (n % 50),
      categoryId: (n % 2) + 1,
      coverImageUrl: covers[n % covers.length] ?? '',
      author: 'Digital Store Content Team',
      createdAt,
    };
    batch.set(db.doc(`products/${id}`), product);
    batch.set(db.doc(`productDeliverables/${id}`), { url: `https://drive.example.com/generated/${id}.pdf` });
    for (const order of [1, 2]) {
      batch.set(db.doc(`outlines/${id}-${order}`), {
        productId: id,
        outline: `Part ${order}`,
        outlineOrder: order,
        createdAt,
      });
    }
    ids.push(id);
    indexed.push({ id, ...product });
    writes += writesPerProduct;
    if (writes + writesPerProduct > writesPerBatch) {
      commits.push(batch.commit());
      batch = db.batch();
      writes = 0;
    }
  }
  if (writes > 0) commits.push(batch.commit());
  await Promise.all(commits);
  await addToCatalogIndex(db, indexed);
  return ids;
}

/** Removes generated products (by the ids seedLargeCatalog returned) with everything it wrote for them. */
export async function removeLargeCatalog(db: Firestore, ids: readonly string[]): Promise<void> {
  const commits: Promise<unknown>[] = [];
  // Per product: 4 deletes and 1 index update.
  const perBatch = Math.floor(writesPerBatch / (writesPerProduct + 1));
  for (let start = 0; start < ids.length; start += perBatch) {
    const batch = db.batch();
    for (const id of ids.slice(start, start + perBatch)) {
      batch.delete(db.doc(`products/${id}`));
      batch.delete(db.doc(`productDeliverables/${id}`));
      for (const order of [1, 2]) batch.delete(db.doc(`outlines/${id}-${order}`));
      batch.update(
        db.collection(catalogIndexCollection).doc(catalogShardId(id)),
        new FieldPath('entries', id),
        FieldValue.delete(),
      );
    }
    commits.push(batch.commit());
  }
  await Promise.all(commits);
}
