import { describe, expect, it } from 'vitest';
import {
  earlyHomeScript,
  latestProductsQueryBody,
  productsFromRunQuery,
  runQueryUrl,
} from '../../../src/lib/earlyQuery';
import { routeMatches, htmlFileFor } from '../../../src/prerender/routes';

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

describe('the home page’s early runQuery (DESIGN §8)', () => {
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

  it('builds a script that parses as JavaScript and names the endpoint', () => {
    const source = earlyHomeScript(
      'https://firestore.googleapis.com/v1/projects/p/databases/(default)/documents:runQuery',
    );
    expect(() => new Function(source)).not.toThrow();
    expect(source).toContain('"https://firestore.googleapis.com/v1/projects/p/databases/(default)/documents:runQuery"');
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
