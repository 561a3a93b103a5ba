// 'What you get' (docs/storefront.md): the product's private delivery settings (productDeliverables:
// its files and license key settings; courseContent: its lessons and their videos) summed up as counts
// and kinds, which anyone may read. Never a file's name, path or link.
// The product page the API serves carries the same summary (productPage.ts), so the HTML says it
// before any JavaScript; the SPA asks whatYouGetRoutes.ts when it opens a product page itself.
import type { Firestore } from 'firebase-admin/firestore';
import { decodeCourse } from '../../domain/courseContent';
import { deliverablesFromData } from '../../domain/deliverableFiles';
import { licenseKeySettingsFromData } from '../../domain/licenseKeys';
import { whatYouGetFrom, type WhatYouGet } from '../../domain/whatYouGet';
import { courseContentCollection, deliverablesCollection, productsCollection } from '../lib/collections';
import { keptAnswers } from '../lib/keptAnswers';

/** How long an instance keeps a product's summary: a seller's change shows within a minute. */
export const whatYouGetCacheMs = 60_000;

// A Firestore document id the API could have made or an admin typed; '__' ids are reserved.
const idPattern = /^(?!__)[A-Za-z0-9_-]{1,128}$/;

/** The summary of what the product delivers, or null when there is no such product. */
export async function readWhatYouGet(db: Firestore, productId: string): Promise<WhatYouGet | null> {
  if (!idPattern.test(productId)) return null;
  const [product, deliverables, course] = await db.getAll(
    db.collection(productsCollection).doc(productId),
    db.collection(deliverablesCollection).doc(productId),
    db.collection(courseContentCollection).doc(productId),
  );
  if (!product?.exists) return null;
  const delivery = deliverables?.data();
  return whatYouGetFrom(
    deliverablesFromData(delivery).files,
    course?.exists ? decodeCourse(course.data()) : null,
    licenseKeySettingsFromData(delivery),
  );
}

/** A product's summary, or null for no such product; kept a minute per instance. */
export type WhatYouGetSource = (productId: string) => Promise<WhatYouGet | null>;

/**
 * Every product page asks (the API's page, or the SPA's through whatYouGetRoutes.ts): one read of its
 * three documents a minute per product and instance, not one a view (docs/performance.md).
 */
export function keptWhatYouGet(db: Firestore): WhatYouGetSource {
  const kept = keptAnswers<string, WhatYouGet | null>(whatYouGetCacheMs);
  return (productId) => kept.get(productId, () => readWhatYouGet(db, productId));
}
