import { describe, expect, it } from 'vitest';
import { matchProducts, normalizeSearchTerm } from '../../../src/lib/searchMatch';

const products = [
  { id: '1', title: 'Freelance Writing Playbook' },
  { id: '2', title: 'Excel Mastery for Business' },
  { id: '3', title: 'Personal Finance for Young Nigerians' },
];

describe('normalizeSearchTerm', () => {
  it('trims and lower-cases the term', () => {
    expect(normalizeSearchTerm('  Excel MASTERY \t')).toBe('excel mastery');
  });
  it('turns a blank term into the empty string', () => {
    expect(normalizeSearchTerm('   ')).toBe('');
  });
});

describe('matchProducts', () => {
  it('matches a substring of the title whatever its case', () => {
    expect(matchProducts(products, 'EXCEL').map((p) => p.id)).toEqual(['2']);
    expect(matchProducts(products, 'writing play').map((p) => p.id)).toEqual(['1']);
  });
  it('matches in the middle of words', () => {
    expect(matchProducts(products, 'ance').map((p) => p.id)).toEqual(['1', '3']);
  });
  it('ignores spaces around the term', () => {
    expect(matchProducts(products, '  finance  ').map((p) => p.id)).toEqual(['3']);
  });
  it('keeps the catalog order of the matches', () => {
    expect(matchProducts(products, 'for').map((p) => p.id)).toEqual(['2', '3']);
  });
  it('finds nothing for an empty or blank term', () => {
    expect(matchProducts(products, '')).toEqual([]);
    expect(matchProducts(products, '   ')).toEqual([]);
  });
  it('finds nothing when no title contains the term', () => {
    expect(matchProducts(products, 'python')).toEqual([]);
  });
  it('only looks at the title', () => {
    expect(matchProducts([{ title: 'Excel', description: 'python' }], 'python')).toEqual([]);
  });
});
