// Filling the built product page template with a product (server/sharing/productMarkup): every
// token replaced by what the page renders for the real product, escaped, in one pass.
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../../domain/product';
import { fillProductTemplate, fillWhatYouGet } from '../../../../server/sharing/productMarkup';

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

  it("puts a membership's price per period in, as the page renders it", () => {
    const filled = fillProductTemplate(template, {
      ...product,
      priceInUsd: 4,
      pricing: { kind: 'membership', interval: 'monthly' },
    });
    expect(filled).toContain('<p>$4 / month</p>');
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

describe("the template's 'What you get'", () => {
  // As WhatYouGetSection renders the token summary (domain/productTemplate.ts).
  const section =
    '<section data-what-you-get="" aria-labelledby="what-you-get-heading" class="card">' +
    '<h2 id="what-you-get-heading">What you get</h2>' +
    '<ul aria-labelledby="what-you-get-heading" class="list"><li>2 files: Storetemplatewhatyouget</li></ul></section>';
  const withSection = template.replace('<p>Storetemplatedescription</p>', `<p>Storetemplatedescription</p>${section}`);
  const summary = {
    fileCount: 2,
    fileKinds: ['PDF', 'ZIP'],
    course: { lessons: 12, videoSeconds: 12000 },
    licenseKey: { devices: 2 },
  };

  it('lists each line in an item of its own, in the product filled in', () => {
    const filled = fillProductTemplate(withSection, product, summary);
    expect(filled).toContain(
      '<ul aria-labelledby="what-you-get-heading" class="list"><li>2 files: PDF, ZIP</li>' +
        '<li>12 lessons, 3 h 20 min of video</li><li>A license key for 2 devices</li></ul></section>',
    );
    expect(filled).toContain('<h1>REACT WEB DEVELOPMENT BOOTCAMP</h1>');
    expect(filled?.toLowerCase()).not.toContain('storetemplate');
  });

  it('drops the section when there is nothing to list, or no summary came', () => {
    const nothing = { fileCount: 0, fileKinds: [], course: null, licenseKey: null };
    for (const filled of [
      fillProductTemplate(withSection, product, nothing),
      fillProductTemplate(withSection, product),
    ]) {
      expect(filled).not.toContain('What you get');
      expect(filled).toContain('<p>Build &amp; ship &lt;b&gt;real&lt;/b&gt; apps.\nTwo lines.</p></div>');
    }
  });

  it('escapes a file kind, and leaves a template without the section as it is', () => {
    expect(fillWhatYouGet(section, { ...summary, fileKinds: ['<B>'], course: null, licenseKey: null })).toContain(
      '<li>2 files: &lt;B&gt;</li>',
    );
    expect(fillWhatYouGet('<p>No list</p>', summary)).toBe('<p>No list</p>');
    expect(fillWhatYouGet('<section data-what-you-get=""><ul><li>Other</li></ul></section>', summary)).toBeNull();
  });
});
