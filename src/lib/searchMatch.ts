// The term is trimmed and lower-cased; an empty term means "no search"; matching is a
// case-insensitive substring match on the product title, done in the browser (docs/catalog-and-search.md).

export function normalizeSearchTerm(raw: string): string {
  return raw.trim().toLowerCase();
}

/** The products whose title contains the term; no products for an empty or blank term. */
export function matchProducts<T extends { title: string }>(products: readonly T[], rawTerm: string): T[] {
  const term = normalizeSearchTerm(rawTerm);
  if (!term) return [];
  return products.filter((product) => product.title.toLowerCase().includes(term));
}
