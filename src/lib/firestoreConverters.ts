// Converters turn Firestore documents into plain data (string ids, ISO dates, numbers) with the one
// decoder of each document (domain/product.ts), so the SDK reads a product exactly as the early
// query and the API's product page do.
import type { FirestoreDataConverter, QueryDocumentSnapshot } from 'firebase/firestore/lite';
import { outlineFromData, productFromData, type Outline, type Product } from '../../domain/product';

export const productConverter: FirestoreDataConverter<Product> = {
  toFirestore(product) {
    const { id: _id, ...fields } = product as Product;
    return fields;
  },
  fromFirestore(snapshot: QueryDocumentSnapshot): Product {
    return productFromData(snapshot.id, snapshot.data());
  },
};

export const outlineConverter: FirestoreDataConverter<Outline> = {
  toFirestore(outline) {
    const { id: _id, ...fields } = outline as Outline;
    return fields;
  },
  fromFirestore(snapshot: QueryDocumentSnapshot): Outline {
    return outlineFromData(snapshot.id, snapshot.data());
  },
};
