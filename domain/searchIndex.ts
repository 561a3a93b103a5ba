// The search's own index of the loaded catalog (docs/catalog-and-search.md, 'Search'): built once per
// loaded catalog index, so a search lower-cases no title and allocates nothing per product. Every title,
// lower-cased on its own, is joined into one string with a separator a typed term never holds; a search
// is then the engine's native indexOf over that string, jumping to the next title after each hit, and
// gives exactly what a per-title `includes` gives, in the catalog's order.

/** Between two titles in `text`: a control character no search box submits and no title holds. */
export const titleSeparator = '\u0000';

export interface SearchIndex<T> {
  /** The catalog's entries, in its order (newest first). */
  readonly entries: readonly T[];
  /** Each title lower-cased on its own, joined by titleSeparator. */
  readonly text: string;
  /** Where each entry's title starts in `text`, ascending; starts[n] belongs to entries[n]. */
  readonly starts: readonly number[];
  /** false when a title holds the separator itself: the search then matches title by title. */
  readonly joined: boolean;
}

/** The index of `entries`, built once for each loaded catalog (kept per array: see searchIndexOf). */
export function buildSearchIndex<T extends { title: string }>(entries: readonly T[]): SearchIndex<T> {
  const titles = entries.map((entry) => entry.title.toLowerCase());
  const starts: number[] = [];
  let at = 0;
  for (const title of titles) {
    starts.push(at);
    at += title.length + titleSeparator.length;
  }
  const joined = !titles.some((title) => title.includes(titleSeparator));
  return { entries, text: titles.join(titleSeparator), starts, joined };
}

const built = new WeakMap<readonly object[], SearchIndex<{ title: string }>>();

/** The index of this very array of entries: built on its first search, reused by every later one. */
export function searchIndexOf<T extends { title: string }>(entries: readonly T[]): SearchIndex<T> {
  const kept = built.get(entries) as SearchIndex<T> | undefined;
  if (kept) return kept;
  const index = buildSearchIndex(entries);
  built.set(entries, index);
  return index;
}

/** The entry whose title holds position `at` of the text: the last start at or before it. */
function entryAt(starts: readonly number[], at: number, from: number): number {
  let low = from;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] ?? 0) <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * The entries whose title contains `term` (already trimmed and lower-cased), in the catalog's order;
 * none for an empty term.
 */
export function searchEntries<T extends { title: string }>(index: SearchIndex<T>, term: string): T[] {
  if (!term) return [];
  if (!index.joined || term.includes(titleSeparator))
    return index.entries.filter((entry) => entry.title.toLowerCase().includes(term));
  const found: T[] = [];
  let from = 0;
  let entry = 0;
  for (;;) {
    const at = index.text.indexOf(term, from);
    if (at < 0) return found;
    entry = entryAt(index.starts, at, entry);
    const hit = index.entries[entry];
    if (hit) found.push(hit);
    // On to the next title: this one is matched once however often the term recurs in it.
    from = index.starts[entry + 1] ?? index.text.length;
    entry += 1;
    if (entry >= index.starts.length) return found;
  }
}
