// schema.org structured data (JSON-LD) for search engines. It must be in the HTML the server
// returns: Google reads markup added by JavaScript less reliably, and Merchant Center refuses it.
// Product pages carry a Product with one Offer per currency and a BreadcrumbList (filled by the API
// function); the home page carries the Organization and a WebSite with a SearchAction (written by the
// build). See docs/catalog-and-search.md, 'Search engines'.

import type { Currency } from './money';
import {
  type BillingInterval,
  oncePricing,
  paymentAmountMinor,
  pricingText,
  type ProductPricing,
} from './productPricing';

/** The store as search engines describe it. Every URL is absolute. */
export interface StoreIdentity {
  name: string;
  /** The store's public origin, e.g. https://store.example. */
  url: string;
  logoUrl: string;
  email?: string;
  telephone?: string;
}

/** What the Product markup says about one product. Every URL is absolute. */
export interface ProductMarkupInput {
  id: string;
  title: string;
  description: string;
  priceInNgn: number;
  priceInUsd: number;
  /** The cover at 1200 px, or '' when the product has none. */
  imageUrl: string;
  url: string;
  /** The product's category page, for the breadcrumb; absent when the product has no known category. */
  category?: { name: string; url: string };
  /** A membership or instalments (docs/memberships.md); absent for a single payment. */
  pricing?: ProductPricing;
  /** Its verified buyers' rating and newest reviews (docs/reviews.md); absent or count 0: none shown. */
  reviews?: {
    average: number;
    count: number;
    newest: readonly { author: string; rating: number; title: string; text: string; publishedAt: string }[];
  };
}

type JsonLd = Record<string, unknown>;

const schemaContext = 'https://schema.org';
const inStock = 'https://schema.org/InStock';

/** The path of the search results page; `{search_term_string}` is where a search engine puts the query. */
export const searchActionPath = '/searchresults?q={search_term_string}';

/** The home page's blocks: the store as an Organization, and the site with its search box. */
export function homeStructuredData(store: StoreIdentity): JsonLd[] {
  const organization: JsonLd = {
    '@context': schemaContext,
    '@type': 'Organization',
    name: store.name,
    url: store.url,
    logo: store.logoUrl,
  };
  if (store.email) organization.email = store.email;
  if (store.telephone) organization.telephone = store.telephone;
  const website: JsonLd = {
    '@context': schemaContext,
    '@type': 'WebSite',
    name: store.name,
    url: store.url,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: joinUrl(store.url, searchActionPath) },
      'query-input': 'required name=search_term_string',
    },
  };
  return [organization, website];
}

const billingDurations: Readonly<Record<BillingInterval, string>> = { monthly: 'P1M', quarterly: 'P3M', yearly: 'P1Y' };

/**
 * A membership's or instalments' terms on an Offer: the price in words ('₦5,000 / month', '3 × ₦50,000')
 * and each payment as a UnitPriceSpecification billed every period. The Offer's price stays the
 * product's price: one period of a membership, the full price of instalments.
 */
function recurringTerms(product: ProductMarkupInput, currency: Currency): JsonLd {
  const pricing = product.pricing ?? oncePricing;
  if (pricing.kind === 'once') return {};
  const each = paymentAmountMinor(product, pricing, currency) / 100;
  return {
    description: pricingText(product, pricing, currency),
    priceSpecification: {
      '@type': 'UnitPriceSpecification',
      price: each,
      priceCurrency: currency,
      billingDuration: pricing.kind === 'membership' ? billingDurations[pricing.interval] : 'P1M',
    },
  };
}

/**
 * A product page's blocks: the Product, with one Offer per currency the store sells in (each with its
 * own sku: Merchant Center accepts several offers on one page only when each has an id), and the
 * breadcrumb Home > category > product.
 */
export function productStructuredData(
  product: ProductMarkupInput,
  store: Pick<StoreIdentity, 'name' | 'url'>,
): JsonLd[] {
  const offer = (currency: 'NGN' | 'USD', price: number): JsonLd => ({
    '@type': 'Offer',
    sku: `${product.id}-${currency}`,
    price,
    priceCurrency: currency,
    ...recurringTerms(product, currency),
    availability: inStock,
    url: product.url,
    seller: { '@type': 'Organization', name: store.name },
  });
  const productBlock: JsonLd = {
    '@context': schemaContext,
    '@type': 'Product',
    name: product.title,
    description: product.description,
    ...(product.imageUrl ? { image: [product.imageUrl] } : {}),
    sku: product.id,
    brand: { '@type': 'Brand', name: store.name },
    url: product.url,
    offers: [offer('NGN', product.priceInNgn), offer('USD', product.priceInUsd)],
    ...reviewMarkup(product.reviews),
  };
  const trail = [
    { name: 'Home', url: joinUrl(store.url, '/') },
    ...(product.category ? [product.category] : []),
    { name: product.title, url: product.url },
  ];
  const breadcrumb: JsonLd = {
    '@context': schemaContext,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: step.url,
    })),
  };
  return [productBlock, breadcrumb];
}

/** aggregateRating and review, only for a product with reviews (Google refuses an empty rating). */
function reviewMarkup(reviews: ProductMarkupInput['reviews']): JsonLd {
  if (!reviews || reviews.count < 1) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: reviews.average,
      reviewCount: reviews.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.newest.map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.author },
      datePublished: review.publishedAt.slice(0, 10),
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
      ...(review.title ? { name: review.title } : {}),
      ...(review.text ? { reviewBody: review.text } : {}),
    })),
  };
}

// Inside <script>, '</script>' (any case) or '<!--' in a value would end or confuse the element, and
// U+2028/U+2029 end lines in older JavaScript parsers: all are written as JSON escapes, which every
// JSON-LD reader decodes back to the same text.
const scriptUnsafe = /[<>&\u2028\u2029]/g;

/** JSON-LD blocks as `<script type="application/ld+json">` elements, safe for any value. */
export function jsonLdScripts(blocks: readonly JsonLd[]): string {
  return blocks
    .map((block) => {
      const json = JSON.stringify(block).replace(
        scriptUnsafe,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );
      return `<script type="application/ld+json">${json}</script>`;
    })
    .join('\n    ');
}

function joinUrl(origin: string, path: string): string {
  return `${origin.replace(/\/+$/, '')}${path}`;
}
