// A product page's facts (docs/performance.md): the product and its outline read in one round trip,
// and the page's meta from them, or the store's defaults when there is no such product. shareRoutes.ts
// fills the template with them.
import type { Firestore } from 'firebase-admin/firestore';
import { findCategory } from '../../domain/categories';
import { imageSrcSet, productCoverSizes, productCoverWidths, resizedImageUrl } from '../../domain/images';
import { productFromData, type Product } from '../../domain/product';
import { paths } from '../../domain/routes';
import { productStructuredData } from '../../domain/structuredData';
import { metaDescription } from '../../domain/text';
import type { ProductReviewsAnswer } from '../../domain/reviews';
import type { WhatYouGet } from '../../domain/whatYouGet';
import { readProductReviews, type ProductReviewsSource } from '../reviews/reviewLists';
import { absoluteUrl, type PageMeta } from './pageMeta';
import { readWhatYouGet, type WhatYouGetSource } from './whatYouGet';
import { productsCollection } from '../lib/collections';
import { readOutlines } from './productOutlines';

// Google asks for product images of at least 50,000 pixels and prefers large ones: the widest cover.
const structuredDataImageWidth = 1200;

export interface ShareRouteDeps {
  db: Firestore;
  storeName: string;
  /** The store's public origin: canonical and image URLs are absolute for crawlers. */
  storeUrl: string;
  /** The built product page shell (dist/productdetail/index.html). */
  loadTemplate: () => Promise<string>;
  /** The built product page with the token product (dist/productdetail/product.html), to fill. */
  loadProductTemplate?: () => Promise<string>;
  /** What the product delivers (kept a minute, shared with the API's route); read afresh without it. */
  whatYouGet?: WhatYouGetSource;
  /** The product's rating and newest reviews (kept a minute, shared with the API's route); read afresh without it. */
  reviews?: ProductReviewsSource;
  now?: () => number;
  logError: (message: string, error: unknown) => void;
}

const storeDescription =
  'Ebooks, courses and tools from a Nigerian seller. Pay in Naira or US dollars and get instant access by e-mail.';

/** The product's meta and the product, or the store's defaults and null when there is no such product. */
export async function productPage(
  deps: Pick<ShareRouteDeps, 'db' | 'storeName' | 'storeUrl' | 'whatYouGet' | 'reviews'>,
  id: string,
): Promise<{ meta: PageMeta; product: Product | null; whatYouGet?: WhatYouGet }> {
  const url = absoluteUrl(deps.storeUrl, paths.product(id));
  const defaults: PageMeta = {
    title: deps.storeName,
    description: storeDescription,
    url,
    image: absoluteUrl(deps.storeUrl, '/images/logo.svg'),
    type: 'website',
  };
  // Firestore ids cannot be empty, '.', '..' or longer than 1,500 bytes: such a link is unknown.
  if (!id || id === '.' || id === '..' || id.length > 1500) return { meta: defaults, product: null };
  // The outline in the same round trip (the SPA's query, same index; kept a minute per instance): the
  // page then needs no SDK. Without it (a failed read) the page queries the outline itself.
  // What the product delivers (counts and kinds) too, so the HTML says it before any JavaScript;
  // without it (a failed read) the page asks the API.
  // The rating and the newest reviews too (docs/reviews.md): the structured data carries them, and
  // the page shows them beside the price without asking.
  const [snapshot, outlines, whatYouGet, reviews] = await Promise.all([
    deps.db.collection(productsCollection).doc(id).get(),
    readOutlines(deps.db, id).catch(() => undefined),
    (deps.whatYouGet ?? ((productId: string) => readWhatYouGet(deps.db, productId)))(id).catch(() => undefined),
    (deps.reviews ?? ((productId: string) => readProductReviews(deps.db, productId, null)))(id).catch(
      (): ProductReviewsAnswer | undefined => undefined,
    ),
  ]);
  const data = snapshot.data();
  if (!snapshot.exists || !data) return { meta: defaults, product: null };
  // The SPA's decoder, so the product page renders this product without querying it again.
  const product = productFromData(id, data);
  const cover = product.coverImageUrl;
  const category = findCategory(product.categoryId);
  const description = metaDescription(product.description);
  const meta: PageMeta = {
    title: `${product.title || deps.storeName} | ${deps.storeName}`,
    description: description || storeDescription,
    url,
    image: cover ? absoluteUrl(deps.storeUrl, cover) : defaults.image,
    type: 'product',
    // The rules keep every stored price above 0; a product without a readable one shows none.
    price: product.priceInNgn > 0 ? { amount: product.priceInNgn, currency: 'NGN' } : undefined,
    // The cover is the product page's largest paint: the browser fetches it before any JavaScript.
    preloadImage: cover
      ? {
          href: resizedImageUrl(cover, productCoverWidths[productCoverWidths.length - 1] ?? 1200),
          srcset: imageSrcSet(cover, productCoverWidths),
          sizes: imageSrcSet(cover, productCoverWidths) ? productCoverSizes : undefined,
        }
      : undefined,
    // The reviews only when there are some: a page without them reads as one with none.
    data: { product, outlines, whatYouGet: whatYouGet ?? undefined, reviews: reviews?.rating ? reviews : undefined },
    structuredData: productStructuredData(
      {
        id: product.id,
        title: product.title,
        description: product.description,
        priceInNgn: product.priceInNgn,
        priceInUsd: product.priceInUsd,
        ...(product.pricing ? { pricing: product.pricing } : {}),
        imageUrl: cover ? absoluteUrl(deps.storeUrl, resizedImageUrl(cover, structuredDataImageWidth)) : '',
        url,
        category: category
          ? { name: category.label, url: absoluteUrl(deps.storeUrl, paths.category(category.id)) }
          : undefined,
        reviews: reviews?.rating
          ? {
              ...reviews.rating,
              newest: reviews.reviews.map((review) => ({ ...review, author: review.firstName })),
            }
          : undefined,
      },
      { name: deps.storeName, url: deps.storeUrl },
    ),
  };
  return { meta, product, whatYouGet: whatYouGet ?? undefined };
}

/** The product's page, or the store's defaults when the product cannot be read (logged). */
export function productPageOrDefaults(
  deps: Pick<ShareRouteDeps, 'db' | 'storeName' | 'storeUrl' | 'whatYouGet' | 'reviews' | 'logError'>,
  id: string,
): Promise<{ meta: PageMeta; product: Product | null; whatYouGet?: WhatYouGet }> {
  return productPage(deps, id).catch((error: unknown) => {
    deps.logError('share: product read failed', error);
    return productPage(deps, '');
  });
}

/** The product page template to fill, or null when it cannot be had (logged): the shell serves instead. */
export function productTemplateOrNull(
  deps: Pick<ShareRouteDeps, 'loadProductTemplate' | 'logError'>,
): Promise<string | null> | undefined {
  return deps.loadProductTemplate?.().catch((error: unknown) => {
    deps.logError('share: product page template unavailable', error);
    return null;
  });
}
