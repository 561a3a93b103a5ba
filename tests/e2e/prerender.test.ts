// Prerendered storefront pages (docs/performance.md): the HTML carries the shell, hero and headings before
// any JavaScript runs, React hydrates it without complaint, the home's first query leaves from the HTML,
// and product pages carry their own meta for crawlers (through the preview server's API rewrite).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { createAdminFirestore } from '../../server/lib/firestoreAdmin';
import { appReadyName } from '../../domain/pageContracts';
import { connectE2eBrowser, holdAppEntry, openPage, phoneViewport } from '../support/e2ePage';

const { baseUrl, firestoreHost, projectId } = inject('e2e');
let browser: Browser;

beforeAll(async () => {
  browser = await connectE2eBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** The page as a crawler or a browser without JavaScript gets it. */
async function html(path: string): Promise<string> {
  const answer = await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/html' } });
  expect(answer.status).toBe(200);
  return answer.text();
}

/** Every JSON-LD block of a page, parsed as a search engine reads it. */
function jsonLd(page: string): Array<Record<string, unknown>> {
  return [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  );
}

/** Console errors and uncaught exceptions of a page, hydration mismatches among them. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

describe('prerendered HTML, before JavaScript', () => {
  it('home carries the shell, the hero, the heading, grid placeholders and the store meta', async () => {
    const page = await html('/');
    expect(page).toContain('<div id="root" data-route="/">');
    expect(page).toMatch(/<h1[^>]*>Digital Store<\/h1>/);
    expect(page).toContain('Latest Digital Products');
    expect(page).toContain('View All Digital Products');
    expect(page).toContain('aria-label="Currency: NGN"');
    expect(page).toContain('<meta property="og:title" content="Digital Store" />');
    expect(page).toContain('<meta name="twitter:card" content="summary" />');
    expect(page).toContain('<script src="/early-query.js" async></script>');
    expect(page.match(/animate-pulse/g)).toHaveLength(6);
  });

  it('all products and each category start their first query from the HTML too; other pages do not', async () => {
    for (const path of ['/allproducts', '/category/1', '/category/2']) {
      expect(await html(path), path).toContain('<script src="/early-query.js" async></script>');
    }
    for (const path of ['/contactus', '/purchases', '/searchresults']) {
      expect(await html(path), path).not.toContain('early-query.js');
    }
  });

  it('all products, a category, contact and purchases have their headings in the HTML', async () => {
    expect(await html('/allproducts')).toMatch(/<h1[^>]*>All Digital Products<\/h1>/);
    expect(await html('/category/1')).toContain('EBOOKS');
    expect(await html('/category/2')).toContain('COURSES');
    expect(await html('/contactus')).toMatch(/<h1[^>]*>Contact us<\/h1>/);
    expect(await html('/purchases')).toMatch(/<h1[^>]*>Your purchases<\/h1>/);
  });

  it('prerendered pages start the app from /start.js after their first paint; the empty shell starts it at once', async () => {
    for (const path of [
      '/',
      '/allproducts',
      '/category/1',
      '/contactus',
      '/purchases',
      '/productdetail/demo-excel-mastery',
    ]) {
      const page = await html(path);
      expect(page, path).toMatch(/<script src="\/start\.js" defer data-entry="\/assets\/index-[\w-]+\.js"><\/script>/);
      expect(page, path).not.toContain('<script type="module"');
    }
    expect(await html('/searchresults')).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">/);
    const start = await fetch(`${baseUrl}/start.js`);
    expect(start.status).toBe(200);
    expect(start.headers.get('content-type')).toMatch(/javascript/);
  });

  it('pages that are not prerendered get the empty shell', async () => {
    const page = await html('/searchresults');
    expect(page).toContain('<div id="root"></div>');
  });

  it('a product page carries its title, description, canonical URL, cover and price for crawlers', async () => {
    const page = await html('/productdetail/demo-react-bootcamp');
    expect(page).toContain('<title>React Web Development Bootcamp | Digital Store</title>');
    expect(page).toContain(
      '<meta property="og:description" content="Build and deploy modern web apps with React and TypeScript, from your first component to a live store." />',
    );
    expect(page).toContain(`<link rel="canonical" href="${baseUrl}/productdetail/demo-react-bootcamp" />`);
    expect(page).toContain('<meta property="og:price:amount" content="45000.00" />');
    expect(page).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/[^"]+" \/>/);
    expect(page).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(page).toContain('data-route="/productdetail/*" data-product="demo-react-bootcamp"');
    // The product itself is in the markup, cover first: it paints before any JavaScript runs.
    expect(page).toMatch(/<h1[^>]*>REACT WEB DEVELOPMENT BOOTCAMP<\/h1>/);
    expect(page).toMatch(/<p[^>]*>\$49<\/p>/);
    expect(page).toContain(
      '>Build and deploy modern web apps with React and TypeScript, from your first component to a live store.</p>',
    );
    expect(page).toMatch(
      /<img src="http:\/\/127\.0\.0\.1:\d+\/[^"]*\/image\/upload\/c_limit,f_auto,q_auto,w_1200\/v\d+\/[^"]+" srcSet="[^"]+ 480w, [^"]+ 800w, [^"]+ 1200w"[^>]* alt="Cover of React Web Development Bootcamp"/,
    );
    expect(page.toLowerCase()).not.toContain('storetemplate');
  });

  it("a product page's HTML says what the buyer gets, as counts and kinds, before any JavaScript", async () => {
    // The seeded Excel Mastery: one ZIP of templates and a license key for 3 machines.
    const page = await html('/productdetail/demo-excel-mastery');
    expect(page).toMatch(
      /<h2 id="what-you-get-heading"[^>]*>What you get<\/h2><ul aria-labelledby="what-you-get-heading"[^>]*><li>1 file: ZIP<\/li><li>A license key for 3 devices<\/li><\/ul>/,
    );
    expect(page).not.toContain('Excel Templates');
    expect(page).not.toContain('deliverables/');
  });

  it("a product page's HTML carries its schema.org Product, one offer per currency, and its breadcrumb", async () => {
    const blocks = jsonLd(await html('/productdetail/demo-react-bootcamp'));
    expect(blocks.map((block) => block['@type'])).toEqual(['Product', 'BreadcrumbList']);
    expect(blocks[0]).toMatchObject({
      name: 'React Web Development Bootcamp',
      sku: 'demo-react-bootcamp',
      brand: { '@type': 'Brand', name: 'Digital Store' },
      url: `${baseUrl}/productdetail/demo-react-bootcamp`,
      offers: [
        {
          '@type': 'Offer',
          sku: 'demo-react-bootcamp-NGN',
          price: 45000,
          priceCurrency: 'NGN',
          availability: 'https://schema.org/InStock',
        },
        {
          '@type': 'Offer',
          sku: 'demo-react-bootcamp-USD',
          price: 49,
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
        },
      ],
    });
    expect((blocks[0]?.image as string[])[0]).toMatch(/\/image\/upload\/c_limit,f_auto,q_auto,w_1200\//);
    expect(blocks[1]).toMatchObject({
      itemListElement: [
        { position: 1, name: 'Home', item: `${baseUrl}/` },
        { position: 2, name: 'Courses', item: `${baseUrl}/category/2` },
        { position: 3, name: 'React Web Development Bootcamp', item: `${baseUrl}/productdetail/demo-react-bootcamp` },
      ],
    });
  });

  it('home carries the store as an Organization and a WebSite whose search opens the search results', async () => {
    const [organization, website] = jsonLd(await html('/'));
    expect(organization).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Digital Store',
      url: baseUrl,
      logo: `${baseUrl}/images/logo.svg`,
      email: 'seller@digitalstore.test',
      telephone: '+234 800 000 0000',
    });
    expect(website).toMatchObject({
      '@type': 'WebSite',
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${baseUrl}/searchresults?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
  });

  it('each list page has its own title, description and canonical URL; pages for no search result say noindex', async () => {
    const heads = await Promise.all(
      ['/', '/allproducts', '/category/1', '/category/2', '/contactus'].map(async (path) => {
        const page = await html(path);
        return {
          path,
          title: /<title>([^<]*)<\/title>/.exec(page)?.[1],
          canonical: /<link rel="canonical" href="([^"]*)"/.exec(page)?.[1],
          noindex: page.includes('<meta name="robots" content="noindex" />'),
        };
      }),
    );
    expect(heads).toEqual([
      { path: '/', title: 'Digital Store', canonical: `${baseUrl}/`, noindex: false },
      {
        path: '/allproducts',
        title: 'All Digital Products | Digital Store',
        canonical: `${baseUrl}/allproducts`,
        noindex: false,
      },
      { path: '/category/1', title: '📚 Ebooks | Digital Store', canonical: `${baseUrl}/category/1`, noindex: false },
      { path: '/category/2', title: '🎓 Courses | Digital Store', canonical: `${baseUrl}/category/2`, noindex: false },
      { path: '/contactus', title: 'Contact us | Digital Store', canonical: `${baseUrl}/contactus`, noindex: false },
    ]);
    const descriptions = await Promise.all(
      ['/allproducts', '/category/1', '/contactus'].map(
        async (path) => /<meta name="description" content="([^"]*)"/.exec(await html(path))?.[1],
      ),
    );
    expect(descriptions).toEqual([
      'Every ebook, course and tool in the store, with prices in naira and US dollars.',
      'A wide range of digital ebooks across genres, for learning and entertainment.',
      'Questions about a product or an order? Send the seller a message.',
    ]);
    for (const path of [
      '/purchases',
      '/searchresults',
      '/admindashboard',
      '/adminlogin',
      '/library',
      '/learn/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/certificates/AAAA-BBBB',
    ]) {
      expect(await html(path), path).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('robots.txt and the sitemap come from the API through the rewrites, as on Hosting', async () => {
    const robots = await fetch(`${baseUrl}/robots.txt`);
    expect(robots.status).toBe(200);
    const rules = await robots.text();
    expect(rules).toContain(`Sitemap: ${baseUrl}/sitemap.xml`);
    expect(rules).toContain('Disallow: /learn/\nDisallow: /certificates/\n');
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${baseUrl}/productdetail/demo-react-bootcamp</loc>`);
    const access = await fetch(`${baseUrl}/api/access/not-a-real-token`);
    expect(access.headers.get('x-robots-tag')).toBe('noindex');
  });

  it('an unknown product gets the shell, which loads and says Product not found', async () => {
    const page = await html('/productdetail/no-such-product');
    expect(page).toContain('<div id="root" data-route="/productdetail/*">');
    expect(page).not.toContain('data-product=');
    expect(page.toLowerCase()).not.toContain('storetemplate');
  });
});

describe('hydration in a real browser', () => {
  it('home hydrates without errors and shows the six newest products from the early query', async () => {
    const page = await openPage(browser);
    const errors = collectErrors(page);
    const runQueries: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(firestoreHost) && request.url().endsWith(':runQuery')) {
        runQueries.push(request.postData() ?? '');
      }
    });
    await page.goto(baseUrl);
    const cards = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(6);
    // The six newest seeded products, titled as cards title them (upper case, cut at 50 characters).
    await expect
      .poll(() => cards.getByRole('heading').allTextContents(), { timeout: 15_000 })
      .toEqual([
        'FREELANCE WRITING PLAYBOOK',
        'PERSONAL FINANCE FOR YOUNG NIGERIANS: BUDGETING, S...',
        'EXCEL MASTERY FOR BUSINESS',
        'REACT WEB DEVELOPMENT BOOTCAMP',
        'PROFITABLE POULTRY FARMING GUIDE',
        'DIGITAL MARKETING MASTERCLASS',
      ]);
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Digital Store');
    // The first cover is requested eagerly with high priority.
    const firstCover = page.getByRole('img', { name: /^Cover of / }).first();
    expect(await firstCover.getAttribute('fetchpriority')).toBe('high');
    expect(await firstCover.getAttribute('loading')).toBe('eager');
    // One query for the newest products: the one the HTML started; the SDK did not send it again.
    expect(runQueries.filter((body) => body.includes('"limit":6'))).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('all products, a category and a product page hydrate without errors', async () => {
    for (const [path, heading] of [
      ['/allproducts', 'All Digital Products'],
      ['/category/2', 'COURSES'],
      ['/productdetail/demo-react-bootcamp', 'React Web Development Bootcamp'],
    ] as const) {
      const page = await openPage(browser);
      const errors = collectErrors(page);
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('heading', { name: heading }).first().waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      expect({ path, errors }).toEqual({ path, errors: [] });
      await page.context().close();
    }
  });

  it('all products and a category show their first page from the early query: the SDK does not send it again', async () => {
    for (const [path, count] of [
      ['/allproducts', 14],
      ['/category/2', 7],
    ] as const) {
      const page = await openPage(browser);
      const errors = collectErrors(page);
      const firstPages: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes(firestoreHost) && request.url().endsWith(':runQuery')) {
          const body = request.postData() ?? '';
          if (body.includes('"limit":24')) firstPages.push(body);
        }
      });
      await page.goto(`${baseUrl}${path}`);
      const cards = page.getByRole('list', { name: 'Products' }).getByRole('listitem').getByRole('heading');
      await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(count);
      await page.waitForLoadState('networkidle');
      expect({ path, sent: firstPages.length, errors }).toEqual({ path, sent: 1, errors: [] });
      await page.context().close();
    }
  });

  it('a product page renders the product and outline the API embedded, then reads only its product again, by one plain GET', async () => {
    const page = await openPage(browser);
    const errors = collectErrors(page);
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(firestoreHost)) reads.push(request.url());
    });
    await page.goto(`${baseUrl}/productdetail/demo-react-bootcamp`);
    await page.getByRole('heading', { name: 'React Web Development Bootcamp' }).waitFor({ timeout: 15_000 });
    const outline = page.getByRole('list', { name: 'Outline' }).getByRole('listitem');
    await expect.poll(() => outline.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect((await outline.allTextContents()).slice(0, 3)).toEqual([
      'JavaScript refresher',
      'Components and props',
      'State and effects',
    ]);
    await expect.poll(() => reads.length, { timeout: 15_000 }).toBe(1);
    await page.waitForLoadState('networkidle');
    // No runQuery and no SDK channel: the outline came embedded, the product is revalidated once.
    expect(reads).toEqual([
      `http://${firestoreHost}/v1/projects/${projectId}/databases/(default)/documents/products/demo-react-bootcamp`,
    ]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a product page older than its product shows the current title and price once hydrated, and Product not found once deleted', async () => {
    const db = createAdminFirestore({ projectId, emulatorHost: firestoreHost });
    const seeded = await db.doc('products/demo-react-bootcamp').get();
    const ref = db.doc('products/e2e-stale-page');
    await ref.set({
      title: 'Stale Page Handbook',
      description: 'A handbook that changes while a shopper holds its page.',
      priceInNgn: 4500,
      priceInUsd: 7,
      categoryId: 1,
      coverImageUrl: seeded.get('coverImageUrl') as string,
      author: 'Test Author',
      createdAt: Timestamp.now(),
    });
    /**
     * Opens the product page and holds the page's own read of the product until `change` has been
     * made: the page in the browser is then older than the product, as one a CDN kept would be.
     */
    async function openOlderThan(change: () => Promise<unknown>): Promise<Page> {
      const page = await openPage(browser);
      let read = 0;
      await page.route('**/documents/products/e2e-stale-page', async (route) => {
        read += 1;
        await change();
        await route.continue();
      });
      await page.goto(`${baseUrl}/productdetail/e2e-stale-page`);
      await expect.poll(() => read, { timeout: 15_000 }).toBe(1);
      return page;
    }
    try {
      const page = await openOlderThan(() =>
        ref.update({ title: 'Stale Page Handbook, Second Edition', priceInUsd: 9 }),
      );
      await page
        .getByRole('heading', { level: 1, name: 'STALE PAGE HANDBOOK, SECOND EDITION' })
        .waitFor({ timeout: 15_000 });
      await page.getByText('$9', { exact: true }).waitFor();
      expect(await page.getByText('$7', { exact: true }).count()).toBe(0);
      await page.context().close();

      const deleted = await openOlderThan(() => ref.delete());
      await deleted.getByRole('heading', { name: 'Product not found' }).waitFor({ timeout: 15_000 });
      expect(await deleted.getByRole('button', { name: 'Buy Now' }).count()).toBe(0);
      await deleted.context().close();
    } finally {
      await ref.delete();
    }
  });

  it('a product page shows its cover, title and price before the app runs, then hydrates and sells', async () => {
    const page = await openPage(browser);
    const errors = collectErrors(page);
    const release = await holdAppEntry(page);
    await page.goto(`${baseUrl}/productdetail/demo-react-bootcamp`, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: 'REACT WEB DEVELOPMENT BOOTCAMP' }).waitFor();
    expect(await page.getByText('$49', { exact: true }).isVisible()).toBe(true);
    const cover = page.getByRole('img', { name: 'Cover of React Web Development Bootcamp' });
    await expect.poll(() => cover.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    // /start.js adds the app's entry (held back here) once the browser reports the first paint, which
    // a busy machine may report after the cover has loaded: one entry, added once.
    await expect.poll(() => page.evaluate(() => document.querySelectorAll('script[type="module"]').length)).toBe(1);

    // Tapped before the app runs: nothing yet, and the tap is not lost.
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog').count()).toBe(0);
    release();
    // Hydrated, the app presses it again: the payment dialog opens.
    await page.getByRole('dialog', { name: 'Complete Payment' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('REACT WEB DEVELOPMENT BOOTCAMP');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('leaves the page where the shopper scrolled while the app loaded, so a tap on the footer lands', async () => {
    const page = await openPage(browser, 'NG', phoneViewport);
    const errors = collectErrors(page);
    const release = await holdAppEntry(page);
    await page.goto(baseUrl, { waitUntil: 'commit' });
    // The shopper reads down to the footer while the app is still held back.
    const library = page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Your library' });
    await library.scrollIntoViewIfNeeded();
    const inView = () =>
      library.evaluate((link) => {
        const box = link.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      });
    expect(await inView()).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    release();
    await expect
      .poll(
        () => page.evaluate((ready) => (window as unknown as Record<string, unknown>)[ready] === true, appReadyName),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    // Started, the app has not moved the page back to its top: the footer is still under the finger.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    expect(await inView()).toBe(true);
    expect(errors).toEqual([]);
    // (Signed out, the library's own read is answered 401, which the browser logs: not counted.)
    await library.click();
    await page.getByRole('heading', { level: 1, name: 'Your library' }).waitFor();
    await page.context().close();
  });

  it('a saved naira choice applies after hydration', async () => {
    const page = await openPage(browser);
    const errors = collectErrors(page);
    await page.goto(`${baseUrl}/allproducts`);
    // A tap before the app runs counts too: it flips once the app has started.
    await page.getByRole('switch', { name: 'Currency: NGN' }).click();
    await expect.poll(() => page.getByRole('switch').getAttribute('aria-checked'), { timeout: 15_000 }).toBe('true');
    // Saved (redux-persist writes on a timer after the change): what the reload restores.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('persist:root'))).toContain('NGN');
    await page.reload();
    await expect.poll(() => page.getByRole('switch').getAttribute('aria-checked'), { timeout: 15_000 }).toBe('true');
    expect(await page.getByRole('list', { name: 'Products' }).innerText()).toContain('₦');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a search typed before the script runs still finds the products', async () => {
    const page = await openPage(browser);
    const errors = collectErrors(page);
    // The store's scripts are held back while the shopper types: the prerendered box is all there is.
    const release = await holdAppEntry(page);
    // Not 'domcontentloaded': that waits for the module scripts being held.
    await page.goto(baseUrl, { waitUntil: 'commit' });
    const box = page.getByRole('searchbox', { name: 'Search products' }).first();
    await box.fill('  mAsTeR ');
    release();
    // Hydrated (the early query's products are in the grid), the typed term is still what is searched.
    await expect
      .poll(() => page.getByRole('list', { name: 'Products' }).getByRole('heading').count(), {
        timeout: 15_000,
      })
      .toBe(6);
    expect(await box.inputValue()).toBe('  mAsTeR ');
    await box.press('Enter');
    await page.waitForURL(`${baseUrl}/searchresults`);
    await page.getByRole('heading', { name: 'Search Result: Found (2) Products' }).waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a search submitted before the script runs opens the results for its term', async () => {
    const page = await openPage(browser);
    await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
    await page.goto(baseUrl, { waitUntil: 'domcontentloaded' });
    const box = page.getByRole('searchbox', { name: 'Search products' }).first();
    await box.fill('Master');
    // The results page may run its script again.
    await page.unroute(/\/assets\/index-[^/]+\.js$/);
    await box.press('Enter');
    await page.waitForURL(`${baseUrl}/searchresults?q=Master`);
    await page.getByRole('heading', { name: 'Search Result: Found (2) Products' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('searchbox', { name: 'Search products' }).inputValue()).toBe('master');
    await page.context().close();
  });
});
