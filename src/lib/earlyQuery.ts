// The first Firestore request of the prerendered list pages (home, all products, each category),
// started from the HTML in parallel with the JavaScript (docs/performance.md). A tiny external script
// (CSP: no inline scripts; src/boot/earlyQuery.ts) POSTs the same runQuery the Lite SDK sends for the
// page's first products and leaves the promise on window; the catalog data layer turns the REST
// answer into Products for the first render, or queries normally when it is absent or failed. This
// module holds what both sides share (the query bodies, the global's shape) and the app's side; the
// names and counts the HTML and the app agree on are in domain/pageContracts.ts.
import { categories } from '../../domain/categories';
import { earlyGlobalName, latestProductsCount, productPageSize } from '../../domain/pageContracts';
import { cursorAt, newestFirstPage, type PageCursor } from '../../domain/paging';
import { productFromData, type Product } from '../../domain/product';
import { paths } from '../../domain/routes';

/** What the early script leaves under earlyGlobalName. */
export interface EarlyQuery {
  /** The page's path, without a trailing slash: the app uses the answer only for the same page. */
  path: string;
  /** The runQuery answer as JSON; null when the request failed or was refused. */
  answer: Promise<unknown>;
  /** Settles once the page's first cover is on screen, or there is none to show. */
  shown: Promise<void>;
}

const newestFirst = [
  { field: { fieldPath: 'createdAt' }, direction: 'DESCENDING' },
  { field: { fieldPath: '__name__' }, direction: 'DESCENDING' },
];

/** The body firebase/firestore/lite sends for query(products, orderBy('createdAt','desc'), limit(6)). */
export function latestProductsQueryBody(count: number): string {
  return JSON.stringify({
    structuredQuery: { from: [{ collectionId: 'products' }], orderBy: newestFirst, limit: count },
  });
}

/**
 * The body the Lite SDK sends for a list page's first page (features/catalog catalogQueries): every
 * product, or one category's, newest first with the id as tie-break, `count` of them.
 */
export function productPageQueryBody(categoryId: number | null, count: number): string {
  const where =
    categoryId === null
      ? {}
      : {
          where: {
            fieldFilter: {
              field: { fieldPath: 'categoryId' },
              op: 'EQUAL',
              value: { integerValue: String(categoryId) },
            },
          },
        };
  return JSON.stringify({
    structuredQuery: { from: [{ collectionId: 'products' }], ...where, orderBy: newestFirst, limit: count },
  });
}

/** Each prerendered list page's early query, by path. */
export function earlyQueryBodies(): Record<string, string> {
  const bodies: Record<string, string> = {
    [paths.home]: latestProductsQueryBody(latestProductsCount),
    [paths.allProducts]: productPageQueryBody(null, productPageSize),
  };
  for (const category of categories)
    bodies[paths.category(category.id)] = productPageQueryBody(category.id, productPageSize);
  return bodies;
}

/** The documents root of the configured Firestore: the emulator locally, Google's in production. */
function documentsUrl(projectId: string, emulatorHost: string | null): string {
  const origin = emulatorHost ? `http://${emulatorHost}` : 'https://firestore.googleapis.com';
  return `${origin}/v1/projects/${encodeURIComponent(projectId)}/databases/(default)/documents`;
}

/** The runQuery endpoint of the configured Firestore: the emulator locally, Google's in production. */
export function runQueryUrl(projectId: string, emulatorHost: string | null): string {
  return `${documentsUrl(projectId, emulatorHost)}:runQuery`;
}

/** One product document's REST address (a plain GET, as the rules let anyone read products). */
export function productDocumentUrl(projectId: string, emulatorHost: string | null, id: string): string {
  return `${documentsUrl(projectId, emulatorHost)}/products/${encodeURIComponent(id)}`;
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
  if ('nullValue' in v) return null;
  // A map field (a product's pricing, docs/memberships.md): its fields decoded the same way.
  if ('mapValue' in v) {
    const fields = (v.mapValue as { fields?: Record<string, unknown> } | null)?.fields ?? {};
    return Object.fromEntries(Object.entries(fields).map(([key, inner]) => [key, restValue(inner)]));
  }
  if ('arrayValue' in v) {
    const values = (v.arrayValue as { values?: unknown[] } | null)?.values ?? [];
    return values.map(restValue);
  }
  return undefined;
}

/** One document of a runQuery answer: its id and its fields as plain values. */
interface RestDocument {
  id: string;
  fields: Record<string, unknown>;
}

/** A REST document ({name, fields}) as its id and plain field values; null when it is not one. */
function restDocument(document: unknown): RestDocument | null {
  if (typeof document !== 'object' || document === null) return null;
  const { name, fields: restFields } = document as { name?: unknown; fields?: Record<string, unknown> };
  if (typeof name !== 'string') return null;
  const fields: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(restFields ?? {})) fields[field] = restValue(value);
  return { id: decodeURIComponent(name.slice(name.lastIndexOf('/') + 1)), fields };
}

/** The documents of a runQuery answer, in order; null when it is not a runQuery array (an error body). */
function restDocuments(answer: unknown): RestDocument[] | null {
  if (!Array.isArray(answer)) return null;
  const documents: RestDocument[] = [];
  for (const item of answer) {
    if (typeof item !== 'object' || item === null) return null;
    const document = (item as { document?: unknown }).document;
    if (!document) continue; // the lone { readTime } of an empty answer
    const decoded = restDocument(document);
    if (!decoded) return null;
    documents.push(decoded);
  }
  return documents;
}

/** A single-document GET answer as a Product, by the same decoder; null when it is not a document. */
export function productFromRestDocument(answer: unknown): Product | null {
  const document = restDocument(answer);
  return document && productFromData(document.id, document.fields);
}

/**
 * A runQuery answer as Products, read by the same decoder as the SDK's converters; null when the
 * answer is not a runQuery array (an error body), so the caller queries the normal way.
 */
export function productsFromRunQuery(answer: unknown): Product[] | null {
  return restDocuments(answer)?.map((d) => productFromData(d.id, d.fields)) ?? null;
}

/**
 * The early answer this page started for `path`, taken once (a later refetch queries normally); null
 * when the page started none, or one for another path.
 */
function takeEarlyAnswer(path: string): Promise<unknown> | null {
  if (typeof window === 'undefined') return null;
  const holder = window as unknown as Record<string, unknown>;
  const early = holder[earlyGlobalName] as { path?: unknown; answer?: unknown } | undefined;
  if (!early || early.path !== path || !(early.answer instanceof Promise)) return null;
  delete holder[earlyGlobalName];
  return (early.answer as Promise<unknown>).catch(() => null);
}

/** The home page's early answer for the newest products; null when there is none to use. */
export function takeEarlyLatestProducts(): Promise<Product[] | null> | null {
  const answer = takeEarlyAnswer(paths.home);
  return answer && answer.then(productsFromRunQuery);
}

/** A first page of a list and where the next one starts (features/catalog ProductPage). */
export interface EarlyProductPage {
  products: Product[];
  next: PageCursor | null;
}

/**
 * A runQuery answer for a list's first `pageSize` products as the page the SDK path gives: a full
 * page has a next cursor (the last product's exact createdAt and id), a short one is the last. null
 * when the answer cannot be read, so the caller queries the normal way.
 */
export function productPageFromRunQuery(answer: unknown, pageSize: number): EarlyProductPage | null {
  const documents = restDocuments(answer);
  if (!documents) return null;
  const page = newestFirstPage(documents, pageSize, (d) => cursorAt(d.fields.createdAt, d.id));
  if (page.hasNext && !page.next) return null;
  return { products: page.items.map((d) => productFromData(d.id, d.fields)), next: page.next };
}

/** The early answer of the list page at `path` (all products, a category) as its first page. */
export function takeEarlyProductPage(path: string, pageSize: number): Promise<EarlyProductPage | null> | null {
  const answer = takeEarlyAnswer(path);
  return answer && answer.then((value) => productPageFromRunQuery(value, pageSize));
}
