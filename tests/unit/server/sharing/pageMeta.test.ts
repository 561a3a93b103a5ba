import { describe, expect, it } from 'vitest';
import { absoluteUrl, escapeHtml, fillMeta, metaTags } from '../../../../server/sharing/pageMeta';

const template = `<html><head>
    <!-- page-meta -->
    <title>Digital Store</title>
    <!-- /page-meta -->
  </head><body><div id="root"></div></body></html>`;

describe('sharing meta', () => {
  it('escapes every character that could end an attribute or open a tag', () => {
    expect(escapeHtml(`"><script>alert('x')</script>&`)).toBe(
      '&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;',
    );
  });

  it('writes title, description, canonical URL, Open Graph and Twitter tags with the price', () => {
    const tags = metaTags({
      title: 'React Bootcamp | Digital Store',
      description: 'Build apps.',
      url: 'https://store.test/productdetail/p1',
      image: 'https://img.test/p1.png',
      type: 'product',
      price: { amount: 45000, currency: 'NGN' },
    });
    expect(tags).toContain('<title>React Bootcamp | Digital Store</title>');
    expect(tags).toContain('<meta name="description" content="Build apps." />');
    expect(tags).toContain('<link rel="canonical" href="https://store.test/productdetail/p1" />');
    expect(tags).toContain('<meta property="og:type" content="product" />');
    expect(tags).toContain('<meta property="og:image" content="https://img.test/p1.png" />');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(tags).toContain('<meta property="product:price:amount" content="45000.00" />');
    expect(tags).toContain('<meta property="product:price:currency" content="NGN" />');
  });

  it('replaces the page-meta block whole, leaving one title', () => {
    const html = fillMeta(template, {
      title: 'A <b>bold</b> "title"',
      description: 'd',
      url: '/',
      image: '/images/logo.svg',
      type: 'website',
    });
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>A &lt;b&gt;bold&lt;/b&gt; &quot;title&quot;</title>');
    expect(html).toContain('<meta property="og:title" content="A &lt;b&gt;bold&lt;/b&gt; &quot;title&quot;" />');
    expect(html).not.toContain('<b>');
    expect(html).toContain('<div id="root"></div>');
  });

  it('embeds page data as JSON no value can break out of', () => {
    const tags = metaTags({
      title: 't',
      description: 'd',
      url: '/',
      image: '/',
      type: 'product',
      data: { product: { title: '</script><script>alert(1)</script>' } },
    });
    expect(tags).toContain(
      '<script type="application/json" id="page-data">{"product":{"title":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}}</script>',
    );
    const json = /<script type="application\/json" id="page-data">(.*)<\/script>$/.exec(tags)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({ product: { title: '</script><script>alert(1)</script>' } });
  });

  it('leaves a page without the block unchanged', () => {
    const plain = '<html><head><title>x</title></head></html>';
    expect(fillMeta(plain, { title: 'y', description: '', url: '/', image: '/', type: 'website' })).toBe(plain);
  });

  it('makes image and page paths absolute on the store origin', () => {
    expect(absoluteUrl('https://store.test', '/images/logo.svg')).toBe('https://store.test/images/logo.svg');
    expect(absoluteUrl('https://store.test/', 'https://img.test/a.png')).toBe('https://img.test/a.png');
  });
});
