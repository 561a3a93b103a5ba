import { describe, expect, it } from 'vitest';
import { runQuery, type DocumentSource } from '../../../local/firestore/query';
import { DocumentStore } from '../../../local/firestore/store';
import { compareStrings, type FirestoreDocument } from '../../../local/firestore/values';
import { parseWrite } from '../../../local/firestore/writes';

const DB = 'projects/p/databases/(default)';
const DOCS = `${DB}/documents`;

function set(path: string, n: number) {
  return parseWrite({ update: { name: `${DOCS}/${path}`, fields: { n: { integerValue: String(n) } } } });
}

const ids = (docs: Iterable<FirestoreDocument>) => [...docs].map((d) => d.name.slice(DOCS.length + 1));

describe('compareStrings orders by UTF-8 bytes (code points), as Firestore does', () => {
  it('agrees with JavaScript below the surrogates and differs where U+FFFF meets an emoji', () => {
    expect(compareStrings('apple', 'banana')).toBe(-1);
    expect(compareStrings('ab', 'a')).toBe(1);
    expect(compareStrings('é', 'z')).toBe(1);
    expect(compareStrings('same', 'same')).toBe(0);
    // JavaScript's `<` puts U+1F600 (a surrogate pair) before U+FFFF; UTF-8 puts it after.
    expect('😀' < '\uffff').toBe(true);
    expect(compareStrings('😀', '\uffff')).toBe(1);
    expect(compareStrings('x\ue000', 'x😀')).toBe(-1);
  });
});

describe('queries read only their own collection', () => {
  it('a collection query never walks the whole database; a collection group query does', () => {
    const store = new DocumentStore([], () => undefined);
    store.commit(DB, [
      set('products/a', 1),
      set('products/b', 2),
      set('outlines/o', 3),
      set('products/a/outlines/x', 4),
    ]);
    const onlyCollections: DocumentSource = {
      documents: () => {
        throw new Error('walked every document');
      },
      collection: (path) => store.collection(path),
    };
    expect(ids(runQuery(DOCS, { from: [{ collectionId: 'products' }] }, onlyCollections))).toEqual([
      'products/a',
      'products/b',
    ]);
    expect(ids(runQuery(`${DOCS}/products/a`, { from: [{ collectionId: 'outlines' }] }, onlyCollections))).toEqual([
      'products/a/outlines/x',
    ]);
    expect(ids(runQuery(DOCS, { from: [{ collectionId: 'outlines', allDescendants: true }] }, store))).toEqual([
      'outlines/o',
      'products/a/outlines/x',
    ]);
  });

  it('keeps the per-collection view in step with deletes and resets', () => {
    const store = new DocumentStore([], () => undefined);
    store.commit(DB, [set('products/a', 1), set('products/b', 2)]);
    store.commit(DB, [parseWrite({ delete: `${DOCS}/products/a` })]);
    expect(ids(store.collection(`${DOCS}/products`))).toEqual(['products/b']);
    store.reset(DB);
    expect(ids(store.collection(`${DOCS}/products`))).toEqual([]);
  });
});
