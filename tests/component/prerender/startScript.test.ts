// /start.js and the build's use of it (docs/performance.md): the app's entry module is requested only after
// the prerendered page has had its first frame, exactly once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startAfterPaint } from '../../../src/prerender/startScript';

const built = `<head>
    <title>Digital Store</title>
    <script type="module" crossorigin src="/assets/index-Cu57Riyj.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-CAPzHnKM.css">
  </head>`;

describe('startAfterPaint', () => {
  it("replaces the head's entry module with /start.js naming it", () => {
    expect(startAfterPaint(built)).toBe(`<head>
    <title>Digital Store</title>
    <script src="/start.js" defer data-entry="/assets/index-Cu57Riyj.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-CAPzHnKM.css">
  </head>`);
  });

  it('leaves a page without an entry module as it is', () => {
    expect(startAfterPaint('<head><title>x</title></head>')).toBe('<head><title>x</title></head>');
  });
});

/** Runs /start.js's module afresh, as the page runs the script, with `entry` as its data-entry. */
async function runScript(entry: string | null) {
  const script = document.createElement('script');
  if (entry) script.setAttribute('data-entry', entry);
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  try {
    vi.resetModules();
    await import('../../../src/boot/start');
  } finally {
    Object.defineProperty(document, 'currentScript', { value: null, configurable: true });
  }
}

const entryScripts = () =>
  Array.from(document.head.querySelectorAll('script')).map((s) => [
    s.type,
    s.getAttribute('src'),
    s.getAttribute('crossorigin'),
  ]);

describe('/start.js', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.head.replaceChildren();
  });

  it('adds the entry module after the next animation frame, not before, and only once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    await runScript('/assets/index-Cu57Riyj.js');
    vi.advanceTimersByTime(500);
    expect(entryScripts()).toEqual([]);
    // The frame that paints the page: the entry is added by a task after it.
    for (const frame of frames.splice(0)) frame(500);
    expect(entryScripts()).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(entryScripts()).toEqual([['module', '/assets/index-Cu57Riyj.js', '']]);
    vi.advanceTimersByTime(2000);
    expect(entryScripts()).toHaveLength(1);
  });

  it('where the browser reports paints, adds the entry after the first contentful paint, not a frame', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const paints = { report: (names: string[]): void => void names };
    class FakePaintObserver {
      static supportedEntryTypes = ['paint'];
      constructor(callback: (list: { getEntriesByName: (name: string) => unknown[] }, observer: unknown) => void) {
        paints.report = (names) =>
          callback({ getEntriesByName: (name: string) => names.filter((n) => n === name) }, this);
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
    await runScript('/assets/index-Cu57Riyj.js');
    for (const frame of frames.splice(0)) frame(16);
    vi.advanceTimersByTime(0);
    expect(entryScripts()).toEqual([]);
    paints.report(['first-paint']);
    vi.advanceTimersByTime(0);
    expect(entryScripts()).toEqual([]);
    paints.report(['first-contentful-paint']);
    vi.advanceTimersByTime(0);
    expect(entryScripts()).toEqual([['module', '/assets/index-Cu57Riyj.js', '']]);
  });

  it('adds it after a second when no frame comes (a tab opened in the background)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    vi.stubGlobal('requestAnimationFrame', () => 0);
    await runScript('/assets/index-Cu57Riyj.js');
    vi.advanceTimersByTime(999);
    expect(entryScripts()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(entryScripts()).toEqual([['module', '/assets/index-Cu57Riyj.js', '']]);
  });

  it("on a list page waits for the early script's first cover, then a frame, before adding the entry", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    let coverShown: () => void = () => {};
    const shown = new Promise<void>((resolve) => {
      coverShown = resolve;
    });
    vi.stubGlobal('__storeEarlyQuery', { path: '/', answer: Promise.resolve([]), shown });
    await runScript('/assets/index-Cu57Riyj.js');
    vi.advanceTimersByTime(1500);
    for (const frame of frames.splice(0)) frame(1500);
    expect(entryScripts()).toEqual([]);
    coverShown();
    await shown;
    await Promise.resolve();
    for (const frame of frames.splice(0)) frame(1600);
    vi.advanceTimersByTime(0);
    expect(entryScripts()).toEqual([['module', '/assets/index-Cu57Riyj.js', '']]);
  });

  it('waits for the async early script when it has not run yet, then for its first cover', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const earlyScript = document.createElement('script');
    earlyScript.setAttribute('src', '/early-query.js');
    document.head.append(earlyScript);
    await runScript('/assets/index-Cu57Riyj.js');
    for (const frame of frames.splice(0)) frame(100);
    vi.advanceTimersByTime(100);
    expect(entryScripts().filter(([type]) => type === 'module')).toEqual([]);
    // The early script runs: its query and first cover.
    let coverShown: () => void = () => {};
    const shown = new Promise<void>((resolve) => {
      coverShown = resolve;
    });
    vi.stubGlobal('__storeEarlyQuery', { path: '/', answer: Promise.resolve([]), shown });
    earlyScript.dispatchEvent(new Event('load'));
    for (const frame of frames.splice(0)) frame(200);
    vi.advanceTimersByTime(100);
    expect(entryScripts().filter(([type]) => type === 'module')).toEqual([]);
    coverShown();
    await shown;
    await Promise.resolve();
    for (const frame of frames.splice(0)) frame(300);
    vi.advanceTimersByTime(0);
    expect(entryScripts().filter(([type]) => type === 'module')).toEqual([['module', '/assets/index-Cu57Riyj.js', '']]);
  });

  it("on the course player's page waits for /early-learn.js's opening lesson, then a frame, before adding the entry", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const earlyScript = document.createElement('script');
    earlyScript.setAttribute('src', '/early-learn.js');
    document.head.append(earlyScript);
    await runScript('/assets/index-Cu57Riyj.js');
    for (const frame of frames.splice(0)) frame(100);
    vi.advanceTimersByTime(100);
    expect(entryScripts().filter(([type]) => type === 'module')).toEqual([]);
    // The early script runs: the course answer, then the lesson painted from it.
    let lessonShown: () => void = () => {};
    const shown = new Promise<void>((resolve) => {
      lessonShown = resolve;
    });
    vi.stubGlobal('__storeEarlyQuery', { path: '/learn/tok-123', answer: new Promise(() => {}), shown });
    earlyScript.dispatchEvent(new Event('load'));
    for (const frame of frames.splice(0)) frame(200);
    vi.advanceTimersByTime(2000);
    expect(entryScripts().filter(([type]) => type === 'module')).toEqual([]);
    lessonShown();
    await shown;
    await Promise.resolve();
    for (const frame of frames.splice(0)) frame(300);
    vi.advanceTimersByTime(0);
    expect(entryScripts().filter(([type]) => type === 'module')).toEqual([['module', '/assets/index-Cu57Riyj.js', '']]);
  });

  it('adds the entry after 2.5 s when the first cover never shows', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    vi.stubGlobal('requestAnimationFrame', () => 0);
    vi.stubGlobal('__storeEarlyQuery', { path: '/', answer: new Promise(() => {}), shown: new Promise(() => {}) });
    await runScript('/assets/index-Cu57Riyj.js');
    vi.advanceTimersByTime(2499);
    expect(entryScripts()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(entryScripts()).toEqual([['module', '/assets/index-Cu57Riyj.js', '']]);
  });

  it('adds nothing when the page names no entry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    await runScript(null);
    vi.advanceTimersByTime(2000);
    expect(entryScripts()).toEqual([]);
  });
});
