// Filling the built product page template with a product (server/sharing/productMarkup): every
// token replaced by what the page renders for the real product, escaped, in one pass.
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../../domain/product';
import { fillProductTemplate } from '../../../../server/sharing/productMarkup';

// The shape of the build's template (scripts/prerender.ts renders the page for the token product).
const template =
  '<div id="root" data-route="/productdetail/*" data-product="storetemplateproductid">' +
  '<img src="https://storetemplatecover.invalid/demo/image/upload/c_limit,f_auto,q_auto,w_1200/v1/storetemplatecover.jpg" ' +
  'srcSet="https://storetemplatecover.invalid/demo/image/upload/c_limit,f_auto,q_auto,w_480/v1/storetemplatecover.jpg 480w, ' +
  'https://storetemplatecover.invalid/demo/image/upload/c_limit,f_auto,q_auto,w_800/v1/storetemplatecover.jpg 800w, ' +
  'https://storetemplatecover.invalid/demo/image/upload/c_limit,f_auto,q_auto,w_1200/v1/storetemplatecover.jpg 1200w" ' +
  'alt="Cover of Storetemplatetitle"/>' +
  '<h1>STORETEMPLATETITLE</h1><p>$123,456,789</p><p>Storetemplatedescription</p></div>';

const product: Product = {
  id: 'demo-react-bootcamp',
  title: 'React Web Development Bootcamp',
  description: 'Build & ship <b>real</b> apps.\nTwo lines.',
  priceInNgn: 45000,
  priceInUsd: 49.5,
  categoryId: 2,
  coverImageUrl: 'https://res.cloudinary.com/demo/image/upload/v1712/covers/react.png',
  author: 'Ada',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('fillProductTemplate', () => {
  it('puts the product in: id, cover at each width, alt, upper-cased title, dollar price, escaped description', () => {
    expect(fillProductTemplate(template, product)).toBe(
      '<div id="root" data-route="/productdetail/*" data-product="demo-react-bootcamp">' +
        '<img src="https://res.cloudinary.com/demo/image/upload/c_limit,f_auto,q_auto,w_1200/v1712/covers/react.png" ' +
        'srcSet="https://res.cloudinary.com/demo/image/upload/c_limit,f_auto,q_auto,w_480/v1712/covers/react.png 480w, ' +
        'https://res.cloudinary.com/demo/image/upload/c_limit,f_auto,q_auto,w_800/v1712/covers/react.png 800w, ' +
        'https://res.cloudinary.com/demo/image/upload/c_limit,f_auto,q_auto,w_1200/v1712/covers/react.png 1200w" ' +
        'alt="Cover of React Web Development Bootcamp"/>' +
        '<h1>REACT WEB DEVELOPMENT BOOTCAMP</h1><p>$49.50</p><p>Build &amp; ship &lt;b&gt;real&lt;/b&gt; apps.\nTwo lines.</p></div>',
    );
  });

  it('escapes quotes in attributes and never re-reads a value (a title that is itself a token)', () => {
    const filled = fillProductTemplate(template, {
      ...product,
      id: 'a"b',
      title: 'Storetemplatedescription "quoted"',
      description: 'STORETEMPLATETITLE',
    });
    expect(filled).toContain('data-product="a&quot;b"');
    expect(filled).toContain('alt="Cover of Storetemplatedescription &quot;quoted&quot;"');
    expect(filled).toContain('<h1>STORETEMPLATEDESCRIPTION &quot;QUOTED&quot;</h1>');
    expect(filled).toContain('<p>STORETEMPLATETITLE</p>');
  });

  it('gives null (the caller serves the shell) for a cover the host cannot resize, or none', () => {
    expect(fillProductTemplate(template, { ...product, coverImageUrl: 'https://example.com/cover.png' })).toBeNull();
    expect(fillProductTemplate(template, { ...product, coverImageUrl: '' })).toBeNull();
  });

  it('gives null for text the HTML parser would change (CR, NUL, a lone surrogate): hydration would not match', () => {
    expect(fillProductTemplate(template, { ...product, description: 'Line one\r\nLine two' })).toBeNull();
    expect(fillProductTemplate(template, { ...product, title: 'Bad\u0000title' })).toBeNull();
    expect(fillProductTemplate(template, { ...product, title: 'Half \uD83D pair' })).toBeNull();
    expect(fillProductTemplate(template, { ...product, title: 'Whole \uD83D\uDE80 pair' })).toContain(
      '<h1>WHOLE \uD83D\uDE80 PAIR</h1>',
    );
  });

  it('gives null for a template with a token it does not know, or with no token at all', () => {
    expect(fillProductTemplate(`${template}<p>storetemplatesomethingnew</p>`, product)).toBeNull();
    expect(fillProductTemplate('<div id="root"><p role="status">Loading...</p></div>', product)).toBeNull();
  });
});
