// Converters turn Firestore documents into plain data (docs/architecture.md): string ids, ISO dates,
// numbers.
import { Timestamp, type FirestoreDataConverter, type QueryDocumentSnapshot } from 'firebase/firestore/lite';
import type { Outline, Product } from '../../domain/product';

function isoDate(value: unknown): string {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (typeof value === 'string') return value;
  return new Date(0).toISOString();
}

function num(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export const productConverter: FirestoreDataConverter<Product> = {
  toFirestore(product) {
    const { id: _id, ...fields } = product as Product;
    return fields;
  },
  fromFirestore(snapshot: QueryDocumentSnapshot): Product {
    const data = snapshot.data();
    return {
      id: snapshot.id,
      title: str(data.title),
      description: str(data.description),
      priceInNgn: num(data.priceInNgn),
      priceInUsd: num(data.priceInUsd),
      categoryId: num(data.categoryId),
      coverImageUrl: str(data.coverImageUrl),
      author: str(data.author),
      createdAt: isoDate(data.createdAt),
    };
  },
};

export const outlineConverter: FirestoreDataConverter<Outline> = {
  toFirestore(outline) {
    const { id: _id, ...fields } = outline as Outline;
    return fields;
  },
  fromFirestore(snapshot: QueryDocumentSnapshot): Outline {
    const data = snapshot.data();
    return {
      id: snapshot.id,
      productId: str(data.productId),
      outline: str(data.outline),
      outlineOrder: num(data.outlineOrder),
      createdAt: isoDate(data.createdAt),
    };
  },
};
