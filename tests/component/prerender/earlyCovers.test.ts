// /early-query.js on a list page (docs/performance.md): when its answer comes, the first covers go into the
// grid's placeholders as the cards will show them, and `shown` settles once the first is loaded.
import { afterEach, describe, expect, it, vi } from 'vitest';

const endpoint = 'http://127.0.0.1:8080/v1/projects/p/databases/(default)/documents:runQuery';
const cover = (name: string) => `http://127.0.0.1:9199/demo/image/upload/v1/covers/${name}.png`;
const doc = (id: string, coverImageUrl: string) => ({
  document: {
    name: `projects/p/databases/(default)/documents/products/${id}`,
    fields: { title: { stringValue: id }, coverImageUrl: { stringValue: coverImageUrl } },
  },
});

/** The home page's prerendered placeholders (components/ProductList), three of them. */
function placeholders() {
  document.body.innerHTML = [0, 1, 2]
    .map((i) => `<li><div class="aspect-[4/3] w-full animate-pulse bg-slate-100" data-early-cover="${i}"></div></li>`)
    .join('');
  return Array.from(document.querySelectorAll('[data-early-cover]'));
}

/** Runs /early-query.js's module afresh at `pathname`, its query answered with `answer`. */
async function runAt(pathname: string, answer: unknown) {
  window.history.replaceState(null, '', pathname);
  const fetchAnswer = () => Promise.resolve({ ok: true, json: () => Promise.resolve(answer) });
  const fetchStub = vi.spyOn(window, 'fetch').mockImplementation(fetchAnswer as unknown as typeof fetch);
  // The endpoint the build writes into the script (scripts/bootScripts.ts).
  vi.stubGlobal('__EARLY_QUERY_URL__', endpoint);
  try {
    vi.resetModules();
    await import('../../../src/boot/earlyQuery');
  } finally {
    fetchStub.mockRestore();
  }
  return (window as unknown as { __storeEarlyQuery: { answer: Promise<unknown>; shown: Promise<void> } })
    .__storeEarlyQuery;
}

const settled = (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 50))]);

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  delete (window as unknown as Record<string, unknown>).__storeEarlyQuery;
});

describe('the early covers', () => {
  it('fills the placeholders with the answer’s covers, the first eager and high priority, and settles on its load', async () => {
    const slots = placeholders();
    const early = await runAt('/', [doc('a', cover('a')), doc('b', cover('b')), { readTime: '2026-01-01T00:00:00Z' }]);
    await early.answer;
    expect(await settled(early.shown)).toBe(false);

    const [first, second] = slots.map((slot) => slot.querySelector('img'));
    expect(first?.getAttribute('src')).toBe(
      'http://127.0.0.1:9199/demo/image/upload/c_limit,f_auto,q_auto,w_800/v1/covers/a.png',
    );
    expect(first?.getAttribute('srcset')).toBe(
      'http://127.0.0.1:9199/demo/image/upload/c_limit,f_auto,q_auto,w_400/v1/covers/a.png 400w, ' +
        'http://127.0.0.1:9199/demo/image/upload/c_limit,f_auto,q_auto,w_640/v1/covers/a.png 640w, ' +
        'http://127.0.0.1:9199/demo/image/upload/c_limit,f_auto,q_auto,w_800/v1/covers/a.png 800w',
    );
    expect(first?.getAttribute('sizes')).toBe('(min-width: 1024px) 370px, (min-width: 640px) 50vw, 100vw');
    expect(first?.getAttribute('fetchpriority')).toBe('high');
    expect(first?.getAttribute('loading')).toBe('eager');
    expect([first?.getAttribute('width'), first?.getAttribute('height'), first?.alt]).toEqual(['400', '300', '']);
    expect(second?.getAttribute('loading')).toBe('lazy');
    expect(slots[0]?.className).not.toContain('animate-pulse');
    expect(slots[2]?.querySelector('img')).toBeNull();
    expect(slots[2]?.className).toContain('animate-pulse');

    first?.dispatchEvent(new Event('load'));
    expect(await settled(early.shown)).toBe(true);
  });

  it('settles at once when there is nothing to show (an empty or failed answer), and adds no image', async () => {
    const slots = placeholders();
    const empty = await runAt('/allproducts', [{ readTime: '2026-01-01T00:00:00Z' }]);
    expect(await settled(empty.shown)).toBe(true);
    const failed = await runAt('/category/2', { error: { code: 403 } });
    expect(await settled(failed.shown)).toBe(true);
    expect(slots.map((slot) => slot.querySelector('img'))).toEqual([null, null, null]);
  });

  it('leaves a cover the image host cannot resize to the app', async () => {
    const slots = placeholders();
    const early = await runAt('/', [doc('a', 'https://example.com/a.png')]);
    expect(await settled(early.shown)).toBe(true);
    expect(slots[0]?.querySelector('img')).toBeNull();
  });
});
