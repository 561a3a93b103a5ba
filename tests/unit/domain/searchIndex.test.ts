import { describe, expect, it } from 'vitest';
import { buildSearchIndex, searchEntries, searchIndexOf } from '../../../domain/searchIndex';
import { matchProducts } from '../../../src/lib/searchMatch';

const catalog = [
  { id: 'c', title: 'EXCEL Charts' },
  { id: 'b', title: 'Python for Analysts' },
  { id: 'e', title: '' },
  { id: 'd', title: 'Baking: Bread, Bread and more Bread' },
  { id: 'a', title: 'Excel Basics' },
];

const ids = (entries: { id: string }[]) => entries.map((entry) => entry.id);

describe('the search index', () => {
  it('holds every title lower-cased once, joined by NUL, with where each starts', () => {
    const index = buildSearchIndex(catalog);
    expect(index.text).toBe(
      'excel charts\u0000python for analysts\u0000\u0000baking: bread, bread and more bread\u0000excel basics',
    );
    expect(index.starts).toEqual([0, 13, 33, 34, 70]);
    expect(index.joined).toBe(true);
    expect(index.entries).toBe(catalog);
  });

  it('is built once per loaded catalog and again for a new one', () => {
    const first = searchIndexOf(catalog);
    expect(searchIndexOf(catalog)).toBe(first);
    const reloaded = [...catalog];
    expect(searchIndexOf(reloaded)).not.toBe(first);
    expect(searchIndexOf(reloaded).text).toBe(first.text);
  });

  it('finds the titles that contain the term, in the catalog order, each once', () => {
    const index = buildSearchIndex(catalog);
    expect(ids(searchEntries(index, 'excel'))).toEqual(['c', 'a']);
    expect(ids(searchEntries(index, 'bread'))).toEqual(['d']);
    expect(ids(searchEntries(index, 'for an'))).toEqual(['b']);
    expect(ids(searchEntries(index, 'b'))).toEqual(['d', 'a']);
    expect(ids(searchEntries(index, 'a'))).toEqual(['c', 'b', 'd', 'a']);
    expect(ids(searchEntries(index, 'excel basics'))).toEqual(['a']);
    expect(ids(searchEntries(index, 'python'))).toEqual(['b']);
  });

  it('never matches across two titles, nor an empty or absent term', () => {
    const index = buildSearchIndex(catalog);
    // 'charts' ends one title and 'python' starts the next: no title holds both.
    expect(searchEntries(index, 'charts python')).toEqual([]);
    expect(searchEntries(index, 'chartspython')).toEqual([]);
    expect(searchEntries(index, 'charts\u0000python')).toEqual([]);
    expect(searchEntries(index, '')).toEqual([]);
    expect(searchEntries(index, 'photography')).toEqual([]);
    expect(searchEntries(buildSearchIndex([]), 'excel')).toEqual([]);
  });

  it('matches title by title when a title holds the separator itself', () => {
    const odd = [
      { id: 'x', title: 'One\u0000Two' },
      { id: 'y', title: 'Two' },
    ];
    const index = buildSearchIndex(odd);
    expect(index.joined).toBe(false);
    expect(ids(searchEntries(index, 'one\u0000two'))).toEqual(['x']);
    expect(ids(searchEntries(index, 'two'))).toEqual(['x', 'y']);
  });

  it('answers as the per-title match does over 5,000 generated titles', () => {
    const words = ['guide', 'excel', 'master', 'photo', 'react', 'coding', 'budget', 'play', 'writing', 'the'];
    const titles = Array.from({ length: 5000 }, (_, n) => ({
      id: `p${n}`,
      title: `${words[n % 10] ?? ''} ${words[(n * 7) % 10] ?? ''} Volume ${String(n).padStart(4, '0')}`,
    }));
    const index = buildSearchIndex(titles);
    expect(searchEntries(index, 'guide').length).toBe(500);
    expect(ids(searchEntries(index, '0042'))).toEqual(['p42']);
    for (const term of [...words, '0042', 'volume 49', 'e m', 'zz'])
      expect(ids(searchEntries(index, term))).toEqual(ids(matchProducts(titles, term)));
  });
});
