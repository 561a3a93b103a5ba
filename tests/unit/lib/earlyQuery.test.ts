import { describe, expect, it } from 'vitest';
import { timestampParts } from '../../../domain/dates';
import { productPageSize } from '../../../domain/pageContracts';
import { routeMatches, htmlFileFor } from '../../../domain/prerenderedRoutes';
import {
  earlyQueryBodies,
  latestProductsQueryBody,
  productPageFromRunQuery,
  productPageQueryBody,
  productsFromRunQuery,
  runQueryUrl,
} from '../../../src/lib/earlyQuery';

const restAnswer = [
  {
    document: {
      name: 'projects/demo-digital-store/databases/(default)/documents/products/demo-react-bootcamp',
      fields: {
        title: { stringValue: 'React Web Development Bootcamp' },
        description: { stringValue: 'Build and deploy modern web apps.' },
        priceInNgn: { integerValue: '45000' },
        priceInUsd: { doubleValue: 49.5 },
        categoryId: { integerValue: '2' },
        coverImageUrl: { stringValue: 'http://127.0.0.1:9000/demo/image/upload/v1/covers/react.png' },
        author: { stringValue: 'Content Team' },
        createdAt: { timestampValue: '2026-03-01T09:30:00.123456Z' },
      },
      createTime: '2026-03-01T09:30:00.123456Z',
      updateTime: '2026-03-01T09:30:00.123456Z',
    },
    readTime: '2026-03-02T00:00:00Z',
  },
];

describe('the home page’s early runQuery', () => {
  it('turns the REST answer into the Product shape the Lite converters give', () => {
    expect(productsFromRunQuery(restAnswer)).toEqual([
      {
        id: 'demo-react-bootcamp',
        title: 'React Web Development Bootcamp',
        description: 'Build and deploy modern web apps.',
        priceInNgn: 45000,
        priceInUsd: 49.5,
        categoryId: 2,
        coverImageUrl: 'http://127.0.0.1:9000/demo/image/upload/v1/covers/react.png',
        author: 'Content Team',
        createdAt: '2026-03-01T09:30:00.123Z',
      },
    ]);
  });

  it("reads a product's pricing, a map field, as the SDK does", () => {
    const [first] = restAnswer;
    const withPricing = [
      {
        ...first,
        document: {
          ...first?.document,
          fields: {
            ...first?.document.fields,
            pricing: { mapValue: { fields: { kind: { stringValue: 'instalments' }, count: { integerValue: '3' } } } },
          },
        },
      },
    ];
    expect(productsFromRunQuery(withPricing)?.[0]?.pricing).toEqual({ kind: 'instalments', count: 3 });
  });

  it('reads an empty answer (a lone readTime) as no products', () => {
    expect(productsFromRunQuery([{ readTime: '2026-03-02T00:00:00Z' }])).toEqual([]);
  });

  it('gives null for an error body, so the page queries the normal way', () => {
    expect(productsFromRunQuery({ error: { code: 403, status: 'PERMISSION_DENIED' } })).toBeNull();
    expect(productsFromRunQuery(null)).toBeNull();
  });

  it('fills missing fields with the converters’ defaults', () => {
    const [product] = productsFromRunQuery([{ document: { name: 'x/products/bare', fields: {} } }]) ?? [];
    expect(product).toEqual({
      id: 'bare',
      title: '',
      description: '',
      priceInNgn: 0,
      priceInUsd: 0,
      categoryId: 0,
      coverImageUrl: '',
      author: '',
      createdAt: '1970-01-01T00:00:00.000Z',
    });
  });

  it('sends the Lite SDK’s body for the six newest products', () => {
    expect(JSON.parse(latestProductsQueryBody(6))).toEqual({
      structuredQuery: {
        from: [{ collectionId: 'products' }],
        orderBy: [
          { field: { fieldPath: 'createdAt' }, direction: 'DESCENDING' },
          { field: { fieldPath: '__name__' }, direction: 'DESCENDING' },
        ],
        limit: 6,
      },
    });
  });

  it('targets the emulator locally and Google’s endpoint in production', () => {
    expect(runQueryUrl('demo-digital-store', '127.0.0.1:8080')).toBe(
      'http://127.0.0.1:8080/v1/projects/demo-digital-store/databases/(default)/documents:runQuery',
    );
    expect(runQueryUrl('my-store', null)).toBe(
      'https://firestore.googleapis.com/v1/projects/my-store/databases/(default)/documents:runQuery',
    );
  });
});

const doc = (id: string, createdAt: string) => ({
  document: {
    name: `projects/p/databases/(default)/documents/products/${id}`,
    fields: { title: { stringValue: id }, createdAt: { timestampValue: createdAt } },
  },
});

describe('the list pages’ early runQuery', () => {
  it('sends the Lite SDK’s body for the first 24 of all products, and of one category', () => {
    expect(JSON.parse(productPageQueryBody(null, 24))).toEqual({
      structuredQuery: {
        from: [{ collectionId: 'products' }],
        orderBy: [
          { field: { fieldPath: 'createdAt' }, direction: 'DESCENDING' },
          { field: { fieldPath: '__name__' }, direction: 'DESCENDING' },
        ],
        limit: 24,
      },
    });
    expect(JSON.parse(productPageQueryBody(2, 24))).toEqual({
      structuredQuery: {
        from: [{ collectionId: 'products' }],
        where: { fieldFilter: { field: { fieldPath: 'categoryId' }, op: 'EQUAL', value: { integerValue: '2' } } },
        orderBy: [
          { field: { fieldPath: 'createdAt' }, direction: 'DESCENDING' },
          { field: { fieldPath: '__name__' }, direction: 'DESCENDING' },
        ],
        limit: 24,
      },
    });
  });

  it('has a query for home, all products and each category, at the catalog’s page size', () => {
    const bodies = earlyQueryBodies();
    expect(Object.keys(bodies).sort()).toEqual(['/', '/allproducts', '/category/1', '/category/2', '/category/3']);
    // One constant (domain/pageContracts.ts) sizes both the early query and the app's own page.
    expect(productPageSize).toBe(24);
    expect(JSON.parse(bodies['/allproducts'] ?? '{}')).toEqual(JSON.parse(productPageQueryBody(null, 24)));
  });

  it('reads Firestore’s timestamps to the exact second and nanosecond', () => {
    expect(timestampParts('2026-03-01T09:30:00.123456Z')).toEqual({ seconds: 1772357400, nanoseconds: 123456000 });
    expect(timestampParts('2026-03-01T09:30:00Z')).toEqual({ seconds: 1772357400, nanoseconds: 0 });
    expect(timestampParts('2026-03-01T09:30:00.000000001Z')).toEqual({ seconds: 1772357400, nanoseconds: 1 });
    expect(timestampParts('2026-03-01T10:30:00+01:00')).toBeNull();
    expect(timestampParts(42)).toBeNull();
  });

  it('gives a full first page a cursor at its last product, and a short one none', () => {
    const full = [doc('c', '2026-03-03T00:00:00.5Z'), doc('b', '2026-03-02T00:00:00Z'), { readTime: 'x' }];
    expect(productPageFromRunQuery(full, 2)?.next).toEqual({ seconds: 1772409600, nanoseconds: 0, id: 'b' });
    expect(productPageFromRunQuery(full, 2)?.products.map((p) => p.id)).toEqual(['c', 'b']);
    expect(productPageFromRunQuery(full, 3)?.next).toBeNull();
    expect(productPageFromRunQuery([{ readTime: 'x' }], 24)).toEqual({ products: [], next: null });
  });

  it('gives null (query the normal way) when a full page’s cursor cannot be read, or for an error body', () => {
    expect(productPageFromRunQuery([doc('a', 'yesterday')], 1)).toBeNull();
    expect(productPageFromRunQuery({ error: { code: 403 } }, 24)).toBeNull();
  });
});

describe('which HTML answers which path', () => {
  it('matches prerendered routes exactly, and product pages by prefix', () => {
    expect(routeMatches('/', '/')).toBe(true);
    expect(routeMatches('/allproducts', '/allproducts/')).toBe(true);
    expect(routeMatches('/allproducts', '/allproducts/x')).toBe(false);
    expect(routeMatches('/productdetail/*', '/productdetail/abc')).toBe(true);
    expect(routeMatches('/productdetail/*', '/productdetail/')).toBe(false);
    expect(routeMatches('/productdetail/*', '/productdetail/a/b')).toBe(false);
  });

  it('serves the empty shell for admin and search pages', () => {
    expect(htmlFileFor('/')).toBe('index.html');
    expect(htmlFileFor('/category/2')).toBe('category/2/index.html');
    expect(htmlFileFor('/productdetail/demo-react-bootcamp')).toBe('productdetail/index.html');
    expect(htmlFileFor('/admindashboard')).toBe('app.html');
    expect(htmlFileFor('/searchresults')).toBe('app.html');
    expect(htmlFileFor('/category/9')).toBe('app.html');
  });
});
