// The JSON-LD search engines read: each block parsed back and checked field by field against what
// Google's Product, Merchant listing, Breadcrumb, Organization and sitelinks search box documentation
// asks for (https://developers.google.com/search/docs/appearance/structured-data/product).
import { describe, expect, it } from 'vitest';
import { homeStructuredData, jsonLdScripts, productStructuredData } from '../../../domain/structuredData';

const store = {
  name: 'Digital Store',
  url: 'https://store.example',
  logoUrl: 'https://store.example/images/logo.svg',
  email: 'hello@store.example',
  telephone: '+234 800 000 0000',
};

const product = {
  id: 'p-42',
  title: 'React Web Development Bootcamp',
  description: 'Build and ship React apps.',
  priceInNgn: 4500,
  priceInUsd: 7,
  imageUrl: 'https://res.cloudinary.com/demo/image/upload/w_1200,c_limit,f_auto,q_auto/cover.png',
  url: 'https://store.example/productdetail/p-42',
  category: { name: 'Courses', url: 'https://store.example/category/2' },
};

/** The blocks of an HTML fragment, parsed as a JSON-LD reader does. */
function parseBlocks(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m): unknown =>
    JSON.parse(m[1] ?? ''),
  );
}

describe('product structured data', () => {
  it('is a Product with one Offer per currency, each with its own sku, and a breadcrumb', () => {
    const [productBlock, breadcrumb] = parseBlocks(jsonLdScripts(productStructuredData(product, store)));
    expect(productBlock).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'React Web Development Bootcamp',
      description: 'Build and ship React apps.',
      image: ['https://res.cloudinary.com/demo/image/upload/w_1200,c_limit,f_auto,q_auto/cover.png'],
      sku: 'p-42',
      brand: { '@type': 'Brand', name: 'Digital Store' },
      url: 'https://store.example/productdetail/p-42',
      offers: [
        {
          '@type': 'Offer',
          sku: 'p-42-NGN',
          price: 4500,
          priceCurrency: 'NGN',
          availability: 'https://schema.org/InStock',
          url: 'https://store.example/productdetail/p-42',
          seller: { '@type': 'Organization', name: 'Digital Store' },
        },
        {
          '@type': 'Offer',
          sku: 'p-42-USD',
          price: 7,
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
          url: 'https://store.example/productdetail/p-42',
          seller: { '@type': 'Organization', name: 'Digital Store' },
        },
      ],
    });
    expect(breadcrumb).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://store.example/' },
        { '@type': 'ListItem', position: 2, name: 'Courses', item: 'https://store.example/category/2' },
        {
          '@type': 'ListItem',
          position: 3,
          name: 'React Web Development Bootcamp',
          item: 'https://store.example/productdetail/p-42',
        },
      ],
    });
  });

  it("says a membership's price per period and an instalment plan's payments on each Offer", () => {
    const membership = productStructuredData(
      { ...product, priceInNgn: 5000, priceInUsd: 4, pricing: { kind: 'membership', interval: 'monthly' } },
      store,
    )[0] as { offers: unknown[] };
    expect(membership.offers).toEqual([
      expect.objectContaining({
        price: 5000,
        priceCurrency: 'NGN',
        description: '₦5,000 / month',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: 5000,
          priceCurrency: 'NGN',
          billingDuration: 'P1M',
        },
      }),
      expect.objectContaining({
        price: 4,
        priceCurrency: 'USD',
        description: '$4 / month',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: 4,
          priceCurrency: 'USD',
          billingDuration: 'P1M',
        },
      }),
    ]);
    const instalments = productStructuredData(
      { ...product, priceInNgn: 150000, priceInUsd: 120, pricing: { kind: 'instalments', count: 3 } },
      store,
    )[0] as { offers: unknown[] };
    expect(instalments.offers).toEqual([
      expect.objectContaining({
        price: 150000,
        description: '3 × ₦50,000',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: 50000,
          priceCurrency: 'NGN',
          billingDuration: 'P1M',
        },
      }),
      expect.objectContaining({ price: 120, description: '3 × $40' }),
    ]);
  });

  it('leaves out the image of a product without a cover and the category step it does not have', () => {
    const [productBlock, breadcrumb] = productStructuredData({ ...product, imageUrl: '', category: undefined }, store);
    expect(productBlock).not.toHaveProperty('image');
    expect((breadcrumb as { itemListElement: Array<{ name: string }> }).itemListElement.map((s) => s.name)).toEqual([
      'Home',
      'React Web Development Bootcamp',
    ]);
  });

  it('keeps a hostile title inside its script element and reads it back unchanged', () => {
    const title = 'Evil </script><script>alert(1)</script> <!-- & \u2028 Ọ̀gá ₦';
    const html = jsonLdScripts(productStructuredData({ ...product, title }, store));
    // One element per block, no closing tag or comment opener smuggled in.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('<!--');
    expect(html).not.toContain('\u2028');
    const [productBlock] = parseBlocks(html);
    expect((productBlock as { name: string }).name).toBe(title);
  });
});

describe('home structured data', () => {
  it('is the Organization and a WebSite whose search action opens the search results page', () => {
    expect(parseBlocks(jsonLdScripts(homeStructuredData(store)))).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: 'Digital Store',
        url: 'https://store.example',
        logo: 'https://store.example/images/logo.svg',
        email: 'hello@store.example',
        telephone: '+234 800 000 0000',
      },
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: 'Digital Store',
        url: 'https://store.example',
        potentialAction: {
          '@type': 'SearchAction',
          target: {
            '@type': 'EntryPoint',
            urlTemplate: 'https://store.example/searchresults?q={search_term_string}',
          },
          'query-input': 'required name=search_term_string',
        },
      },
    ]);
  });

  it('leaves out contact details the store has not configured', () => {
    const [organization] = homeStructuredData({ ...store, email: '', telephone: undefined });
    expect(organization).not.toHaveProperty('email');
    expect(organization).not.toHaveProperty('telephone');
  });
});
