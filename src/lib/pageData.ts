// The JSON block the API writes into a product page it serves (server/sharing): the product and its
// outline, so the first render needs no Firestore read. Read once; each part is taken once, so a
// later refetch queries normally.
import { pageDataId } from '../../domain/pageContracts';
import { outlineFromData, productFromData, type Outline, type Product } from '../../domain/product';
import { whatYouGetFromData, type WhatYouGet } from '../../domain/whatYouGet';

/** The page's JSON block (server/sharing), read once: its parts are taken one by one. */
let pageData: { product?: unknown; outlines?: unknown; whatYouGet?: unknown } | null | undefined;

function takePageData(): { product?: unknown; outlines?: unknown; whatYouGet?: unknown } | null {
  if (pageData !== undefined) return pageData;
  pageData = null;
  if (typeof document === 'undefined') return null;
  const block = document.getElementById(pageDataId);
  if (!block?.textContent) return null;
  block.remove();
  try {
    const parsed: unknown = JSON.parse(block.textContent);
    if (typeof parsed === 'object' && parsed !== null) pageData = parsed;
  } catch {
    // An unreadable block: the page queries the normal way.
  }
  return pageData;
}

/**
 * The product the API wrote into its product page (server/sharing), when it is this product: the
 * first render needs no Firestore read or SDK download for it. Taken once; a refetch queries.
 */
export function takeEmbeddedProduct(id: string): Product | null {
  const data = takePageData();
  if (!data) return null;
  const product = data.product;
  delete data.product;
  if (typeof product !== 'object' || product === null) return null;
  const fields = product as Record<string, unknown>;
  return fields.id === id ? productFromData(id, fields) : null;
}

/**
 * The outline the API wrote into the product page with its product, in order, when it is this
 * product's: the page needs no Firestore SDK at all. Taken once; a refetch queries.
 */
export function takeEmbeddedOutlines(productId: string): Outline[] | null {
  const data = takePageData();
  if (!data || !Array.isArray(data.outlines)) return null;
  const items: unknown[] = data.outlines;
  delete data.outlines;
  const outlines: Outline[] = [];
  for (const item of items) {
    if (typeof item !== 'object' || item === null) return null;
    const fields = item as Record<string, unknown>;
    if (typeof fields.id !== 'string' || fields.productId !== productId) return null;
    outlines.push(outlineFromData(fields.id, fields));
  }
  return outlines;
}

/**
 * What the product delivers, as the API wrote it into the page with its product (the caller has
 * checked that product is this page's): the list is in the HTML, and the first render must match it.
 * Taken once; null when the page has none (the page then asks the API).
 */
export function takeEmbeddedWhatYouGet(): WhatYouGet | null {
  const data = takePageData();
  if (!data || data.whatYouGet === undefined) return null;
  const summary = data.whatYouGet;
  delete data.whatYouGet;
  return whatYouGetFromData(summary);
}
