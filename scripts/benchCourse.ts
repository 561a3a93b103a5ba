// The course player in `npm run bench` (docs/performance.md, 'The course player'): a demo purchase of
// the seeded demo course made over HTTP as a paying browser makes it, the purchase e-mail confirmed on
// the bench's browser (the `__session` cookie Lighthouse then sends), and the time from pressing play
// on the lesson with the video to its first frame, at Lighthouse's own DevTools equivalent of the
// mobile profile (150 ms RTT, 1.6 Mbps, 4x CPU).
import type { Browser } from 'playwright-core';
import { demoCourseProductId } from '../local/seed/demoCourse';

/** The seeded demo course (local/seed/demoCourse.ts): its first lesson carries the video. */
export const benchCourseProductId = demoCourseProductId;

export interface CourseSession {
  token: string;
  /** The `__session` cookie the confirmed device keeps. */
  cookie: { name: string; value: string };
}

async function postJson(url: string, body: unknown, origin: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(body),
  });
}

async function expectOk(response: Response, what: string, status = 200): Promise<unknown> {
  if (response.status !== status) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * A demo purchase of the demo course (or of `productId`) through the store's API (the payment dialog's
 * two calls), then the purchase e-mail confirmed as a new device does on the player: the access token
 * and the cookie.
 */
export async function buyDemoCourse(storeUrl: string, productId = benchCourseProductId): Promise<CourseSession> {
  const tag = Date.now().toString(36);
  const customer = {
    name: 'Ada Bench',
    email: `ada.bench.${tag}@example.com`,
    confirmEmail: `ada.bench.${tag}@example.com`,
    phone: '+234 803 123 4567',
  };
  const checkout = (await expectOk(
    await postJson(`${storeUrl}/api/checkouts`, { productId, currency: 'NGN', customer, provider: 'demo' }, storeUrl),
    'checkout',
    201,
  )) as { reference: string };
  const order = (await expectOk(
    await postJson(
      `${storeUrl}/api/orders`,
      { provider: 'demo', reference: checkout.reference, productId, currency: 'NGN', customer },
      storeUrl,
    ),
    'demo order',
  )) as { accessUrl: string };
  const token = order.accessUrl.slice(order.accessUrl.lastIndexOf('/') + 1);
  const confirmed = await postJson(`${storeUrl}/api/learn/${token}/confirm`, { email: customer.email }, storeUrl);
  await expectOk(confirmed, 'device confirmation');
  const pair = (confirmed.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const at = pair.indexOf('=');
  if (at < 1) throw new Error('The device confirmation set no cookie');
  return { token, cookie: { name: pair.slice(0, at), value: pair.slice(at + 1) } };
}

/**
 * Lighthouse's mobileSlow4G profile as it applies it through DevTools (its 'devtools' throttling):
 * 150 ms RTT x 3.75 per request, 1.6 Mbps x 0.9 down, 750 kbps x 0.9 up, 4x CPU. Throughputs in bytes
 * per second, as the protocol takes them.
 */
export const phoneNetwork = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: Math.floor((1.6 * 1024 * 0.9 * 1024) / 8),
  uploadThroughput: Math.floor((750 * 0.9 * 1024) / 8),
};
const cpuSlowdown = 4;

export interface FirstFrame {
  /** From the press of play to the first frame presented while playing (requestVideoFrameCallback). */
  pressToFrameMs: number;
  /** From the navigation to the video's first frame being available (`loadeddata`), press or not. */
  openToDataMs: number | null;
  /** The video's readyState when play was pressed (0: nothing yet, 1: metadata only, 2 or more: a frame). */
  readyStateAtPress: number;
  /** From the video element appearing (its URL set, so loading starts) to the press. */
  appearToPressMs: number | null;
}

declare global {
  interface Window {
    __firstVideoData?: number;
    __videoAppeared?: number;
  }
}

/**
 * One cold run: a fresh phone context (390 px, 1.75 DPR, touch) with the confirmed device's cookie,
 * throttled as above, opens the player, presses play as soon as the video element is there (muted,
 * as a phone's autoplay rule allows, so no permission is in the way) and times the first presented
 * frame.
 */
async function firstFrameRun(browser: Browser, url: string, session: CourseSession): Promise<FirstFrame> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addCookies([{ ...session.cookie, url: new URL(url).origin }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', phoneNetwork);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    // `loadeddata` does not bubble: caught on the way down, for whichever video gets a frame first.
    await page.addInitScript(() => {
      document.addEventListener(
        'loadeddata',
        () => {
          window.__firstVideoData ??= performance.now();
        },
        true,
      );
      new MutationObserver(() => {
        if (!window.__videoAppeared && document.querySelector('video')) window.__videoAppeared = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const video = page.locator('video[aria-label^="Video: "]');
    // Pressed as soon as the player shows the video, as an eager buyer does: waiting for the page to
    // settle would let `preload` fetch the whole short demo video first and time nothing.
    await video.waitFor({ timeout: 60_000 });
    const pressed = await video.evaluate(
      (element) =>
        new Promise<{ pressToFrameMs: number; readyStateAtPress: number; appearToPressMs: number | null }>(
          (resolve, reject) => {
            const media = element as HTMLVideoElement;
            const readyStateAtPress = media.readyState;
            const appearToPressMs = window.__videoAppeared ? performance.now() - window.__videoAppeared : null;
            const timer = setTimeout(() => reject(new Error('No video frame within 30 s of play')), 30_000);
            media.muted = true;
            const started = performance.now();
            media.requestVideoFrameCallback((now) => {
              clearTimeout(timer);
              media.pause();
              resolve({ pressToFrameMs: Math.max(0, now - started), readyStateAtPress, appearToPressMs });
            });
            media.play().catch((error: unknown) => {
              clearTimeout(timer);
              reject(error instanceof Error ? error : new Error(String(error)));
            });
          },
        ),
    );
    const openToDataMs = await page.evaluate(() => window.__firstVideoData ?? null);
    return { ...pressed, openToDataMs };
  } finally {
    await context.close();
  }
}

/** `runs` cold runs of the first-frame timing on the player at `url`. */
export async function measureFirstFrame(
  browser: Browser,
  url: string,
  session: CourseSession,
  runs: number,
): Promise<FirstFrame[]> {
  const results: FirstFrame[] = [];
  for (let i = 0; i < runs; i += 1) results.push(await firstFrameRun(browser, url, session));
  return results;
}
