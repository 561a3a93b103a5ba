// The head a page sets as the shopper moves around: its title, description and, for pages that must
// never be a search result, robots noindex (the same head the build writes into the HTML).
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageHeads, type PageHead } from '../../../domain/pageHeads';
import { usePageMeta } from '../../../src/components/usePageMeta';

// Meta tags live in <head>, which no Testing Library query reaches.
// eslint-disable-next-line testing-library/no-node-access -- see the line above
const robots = () => document.head.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null;
// eslint-disable-next-line testing-library/no-node-access -- see above
const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');

describe('usePageMeta', () => {
  it("titles the page '{title} | {store}', describes it, and says noindex only where the page asks", () => {
    const { rerender } = renderHook<void, PageHead>((head) => usePageMeta(head), {
      initialProps: pageHeads.purchases,
    });
    expect(document.title).toBe('Your purchases | Digital Store');
    expect(description()).toBe('Lost your order e-mail? Get the access links to everything you bought again.');
    expect(robots()).toBe('noindex');

    rerender(pageHeads.allProducts);
    expect(document.title).toBe('All Digital Products | Digital Store');
    expect(description()).toBe('Every ebook, course and tool in the store, with prices in naira and US dollars.');
    expect(robots()).toBeNull();

    rerender(pageHeads.searchResults);
    expect(document.title).toBe('Search results | Digital Store');
    expect(robots()).toBe('noindex');

    rerender(pageHeads.home);
    expect(document.title).toBe('Digital Store');
    expect(robots()).toBeNull();
  });
});
