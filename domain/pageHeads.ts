// Each storefront page's title and description, and whether search engines may index it: one source
// for the build (the prerendered HTML a crawler reads) and the SPA (the title it sets as the shopper
// moves around). Pages a search result must never lead to say `noindex`: a buyer's purchases, search
// results, the admin area, access links and the waiting page of a payment. See docs/catalog-and-search.md, 'Search engines'.
import { findCategory } from './categories';
import { paths } from './routes';

export interface PageHead {
  /** Shown as '{title} | {store name}'; the home page has none and shows the store's name alone. */
  title?: string;
  description?: string;
  noindex?: boolean;
}

export const pageHeads = {
  home: {},
  allProducts: {
    title: 'All Digital Products',
    description: 'Every ebook, course and tool in the store, with prices in naira and US dollars.',
  },
  contact: { title: 'Contact us', description: 'Questions about a product or an order? Send the seller a message.' },
  purchases: {
    title: 'Your purchases',
    description: 'Lost your order e-mail? Get the access links to everything you bought again.',
    noindex: true,
  },
  searchResults: { title: 'Search results', noindex: true },
  library: {
    title: 'Your library',
    description: 'Everything you bought here in one place: sign in with a code sent to your e-mail.',
    noindex: true,
  },
  waiting: { title: 'Your payment', noindex: true },
  learn: { title: 'Your course', noindex: true },
  certificate: { title: 'Certificate check', noindex: true },
} as const satisfies Record<string, PageHead>;

/** A category page's head: its name and description. */
export function categoryHead(categoryId: number | string): PageHead {
  const category = findCategory(categoryId);
  return category ? { title: category.name, description: category.description } : {};
}

/** The head of a prerendered list or form page, by its route (see domain/prerenderedRoutes.ts). */
export function prerenderedHead(route: string): PageHead {
  if (route === paths.home) return pageHeads.home;
  if (route === paths.allProducts) return pageHeads.allProducts;
  if (route === paths.contact) return pageHeads.contact;
  if (route === paths.purchases) return pageHeads.purchases;
  if (route === paths.learn('').replace(/\/$/, '')) return pageHeads.learn;
  const category = /^\/category\/(\d+)$/.exec(route);
  if (category?.[1]) return categoryHead(category[1]);
  return {};
}

/** The document title a page shows. */
export function pageTitle(head: PageHead, storeName: string): string {
  return head.title ? `${head.title} | ${storeName}` : storeName;
}
