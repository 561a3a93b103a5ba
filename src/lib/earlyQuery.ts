// The home page's first Firestore request, started from the HTML in parallel with the JavaScript
// (DESIGN §8). A tiny external script (CSP: no inline scripts) POSTs the same runQuery the Lite SDK
// sends for the 6 newest products and leaves the promise on window; the catalog data layer turns the
// REST answer into Products for the first render, or queries normally when it is absent or failed.
import type { Product } from './product';

export const earlyHomeScriptFile = 'early-home.js';
export const earlyLatestCount = 6;
const globalName = '__storeEarlyLatest';

/** The body firebase/firestore/lite sends for query(products, orderBy('createdAt','desc'), limit(6)). */
export function latestProductsQueryBody(count: number): string {
  return JSON.stringify({
    structuredQuery: {
      from: [{ collectionId: 'products' }],
      orderBy: [
        { field: { fieldPath: 'createdAt' }, direction: 'DESCENDING' },
        { field: { fieldPath: '__name__' }, direction: 'DESCENDING' },
      ],
      limit: count,
    },
  });
}

/** The runQuery endpoint of the configured Firestore: the emulator locally, Google's in production. */
export function runQueryUrl(projectId: string, emulatorHost: string | null): string {
  const origin = emulatorHost ? `http://${emulatorHost}` : 'https://firestore.googleapis.com';
  return `${origin}/v1/projects/${encodeURIComponent(projectId)}/databases/(default)/documents:runQuery`;
}

/**
 * The script's source. ES5 and self-contained: it runs before any module. When the answer names
 * the first cover, it is preloaded at the card's display widths with high priority, so the likely
 * largest paint does not wait for React.
 */
export function earlyHomeScript(url: string): string {
  return `(function () {
  var w = window;
  function sized(src, width) {
    var at = src.indexOf('/image/upload/');
    if (at < 0) return null;
    var tail = src.slice(at + 14);
    if (!/^v\\d+\\//.test(tail)) return null;
    return src.slice(0, at + 14) + 'c_limit,f_auto,q_auto,w_' + width + '/' + tail;
  }
  function preloadCover(answer) {
    var first = answer && answer[0] && answer[0].document;
    var cover = first && first.fields && first.fields.coverImageUrl && first.fields.coverImageUrl.stringValue;
    if (!cover || !sized(cover, 400)) return;
    var link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.setAttribute('imagesrcset', [400, 640, 800].map(function (n) { return sized(cover, n) + ' ' + n + 'w'; }).join(', '));
    link.setAttribute('imagesizes', '(min-width: 1024px) 370px, (min-width: 640px) 50vw, 100vw');
    link.setAttribute('fetchpriority', 'high');
    document.head.appendChild(link);
  }
  if (!w.fetch || !w.Promise) return;
  w.${globalName} = fetch(${JSON.stringify(url)}, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain' },
    body: ${JSON.stringify(latestProductsQueryBody(earlyLatestCount))},
    credentials: 'omit'
  }).then(function (r) { return r.ok ? r.json() : null; }).then(function (answer) {
    try { preloadCover(answer); } catch (e) {}
    return answer;
  }, function () { return null; });
})();
`;
}

type RestValue = Record<string, unknown>;

function restValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as RestValue;
  if ('stringValue' in v) return v.stringValue;
  if ('integerValue' in v) return Number(v.integerValue);
  if ('doubleValue' in v) return Number(v.doubleValue);
  if ('timestampValue' in v) return v.timestampValue;
  if ('booleanValue' in v) return v.booleanValue;
  return undefined;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function isoDate(value: unknown): string {
  if (typeof value !== 'string') return new Date(0).toISOString();
  const time = Date.parse(value);
  return Number.isNaN(time) ? new Date(0).toISOString() : new Date(time).toISOString();
}

/**
 * A runQuery answer as Products, the same shape lib/firestoreConverters gives; null when the answer
 * is not a runQuery array (an error body), so the caller queries the normal way.
 */
export function productsFromRunQuery(answer: unknown): Product[] | null {
  if (!Array.isArray(answer)) return null;
  const products: Product[] = [];
  for (const item of answer) {
    if (typeof item !== 'object' || item === null) return null;
    const document = (item as { document?: { name?: unknown; fields?: Record<string, unknown> } }).document;
    if (!document) continue; // the lone { readTime } of an empty answer
    if (typeof document.name !== 'string') return null;
    const field = (name: string) => restValue(document.fields?.[name]);
    products.push({
      id: decodeURIComponent(document.name.slice(document.name.lastIndexOf('/') + 1)),
      title: text(field('title')),
      description: text(field('description')),
      priceInNgn: number(field('priceInNgn')),
      priceInUsd: number(field('priceInUsd')),
      categoryId: number(field('categoryId')),
      coverImageUrl: text(field('coverImageUrl')),
      author: text(field('author')),
      createdAt: isoDate(field('createdAt')),
    });
  }
  return products;
}

/**
 * The early answer for the newest products, taken once (a later refetch queries normally); null
 * when the page did not start one.
 */
export function takeEarlyLatestProducts(): Promise<Product[] | null> | null {
  if (typeof window === 'undefined') return null;
  const holder = window as unknown as Record<string, unknown>;
  const pending = holder[globalName];
  if (!(pending instanceof Promise)) return null;
  delete holder[globalName];
  return (pending as Promise<unknown>).then(productsFromRunQuery, () => null);
}

/**
 * The product the API wrote into its product page (server/sharing), when it is this product: the
 * first render needs no Firestore read or SDK download for it. Taken once; a refetch queries.
 */
export function takeEmbeddedProduct(id: string): Product | null {
  if (typeof document === 'undefined') return null;
  const block = document.getElementById('page-data');
  if (!block?.textContent) return null;
  block.remove();
  try {
    const parsed = JSON.parse(block.textContent) as { product?: unknown };
    const products = productsFromPlain(parsed.product);
    return products && products.id === id ? products : null;
  } catch {
    return null;
  }
}

function productsFromPlain(value: unknown): Product | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'string') return null;
  return {
    id: v.id,
    title: text(v.title),
    description: text(v.description),
    priceInNgn: number(v.priceInNgn),
    priceInUsd: number(v.priceInUsd),
    categoryId: number(v.categoryId),
    coverImageUrl: text(v.coverImageUrl),
    author: text(v.author),
    createdAt: isoDate(v.createdAt),
  };
}
