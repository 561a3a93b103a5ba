// The course player paints before the app (docs/performance.md, 'The course player'): /learn/{token}
// is its own page, whose early script asks for the course with the device's cookie and draws the
// opening lesson while the app's entry JavaScript is still held back; the app then renders the player
// over it from that same answer (one request for the course), in the same place, and the player
// works. A device still to confirm gets nothing painted early: the app asks for the e-mail as before.
// The purchase is the seeded demo course, bought over HTTP as the payment dialog does
// (scripts/benchCourse.ts); the browser is the run's system Chromium at a phone's width.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buyDemoCourse, type CourseSession } from '../../scripts/benchCourse';
import { connectE2eBrowser, holdAppEntry, openPage, phoneViewport } from '../support/e2ePage';

const { baseUrl } = inject('e2e');
let browser: Browser;
let session: CourseSession;

beforeAll(async () => {
  browser = await connectE2eBrowser();
  session = await buyDemoCourse(baseUrl);
}, 60_000);
afterAll(async () => {
  await browser.close();
});

/** A phone-width page; with the confirmed device's cookie when `confirmed`. */
async function phonePage(confirmed: boolean): Promise<Page> {
  const page = await openPage(browser, 'US', phoneViewport);
  if (confirmed) await page.context().addCookies([{ ...session.cookie, url: baseUrl }]);
  return page;
}

/** Counts the page's GETs of the course answer (not its lessons or video). */
function countCourseRequests(page: Page, token: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === `/api/learn/${token}`) count += 1;
  });
  return () => count;
}

const openingText = 'A small online store with React and TypeScript, from the first component to a live deploy.';
/** What the player (not the early paint) shows under a video lesson. */
const videoCompletes = 'This lesson completes by itself once you have watched 90% of its video.';

describe('the course player before its JavaScript', () => {
  it("is served its own page, as Hosting's /learn/** rewrite does: the frame, the early script and /start.js", async () => {
    const answer = await fetch(`${baseUrl}/learn/${session.token}`, { headers: { accept: 'text/html' } });
    expect(answer.status).toBe(200);
    const page = await answer.text();
    expect(page).toContain('<div id="root" data-route="/learn/*">');
    expect(page).toContain('<script src="/early-learn.js" async></script>');
    expect(page).toMatch(/<script src="\/start\.js" defer data-entry="\/assets\/index-[\w-]+\.js"><\/script>/);
    expect(page).toContain('<title>Your course | Digital Store</title>');
    expect(page).toContain('<meta name="robots" content="noindex" />');
    // The course itself is never in the HTML: only the device's own request brings it.
    expect(page).not.toContain('React Web Development Bootcamp');
    const script = await fetch(`${baseUrl}/early-learn.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
  });

  it('shows the course title, the opening lesson and its text while the app is held back, then the player takes over in place', async () => {
    const page = await phonePage(true);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const courseRequests = countCourseRequests(page, session.token);
    const release = await holdAppEntry(page);
    await page.goto(`${baseUrl}/learn/${session.token}`, { waitUntil: 'domcontentloaded' });

    const text = page.getByText(openingText);
    await text.waitFor({ timeout: 20_000 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('React Web Development Bootcamp');
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe('Welcome to the bootcamp');
    expect(await page.getByRole('heading', { name: 'What you will build' }).isVisible()).toBe(true);
    expect(await page.locator('.lesson-body strong').allTextContents()).toEqual(['React', 'TypeScript']);
    // The app has not run: its controls are not there yet (the opening lesson has a video, which
    // completes by being watched: the app says so under it).
    expect(await page.getByText(videoCompletes).count()).toBe(0);
    const early = await text.boundingBox();

    release();
    await page.getByText(videoCompletes).waitFor({ timeout: 20_000 });
    await page.getByRole('navigation', { name: 'Course content' }).waitFor();
    await page.locator('video[aria-label="Video: Welcome to the bootcamp"]').waitFor({ timeout: 20_000 });
    const after = await page.getByText(openingText).boundingBox();
    expect(after).toEqual(early);
    expect(await page.title()).toBe('React Web Development Bootcamp | Digital Store');
    // The app used the early answer: the course was asked for once.
    expect(courseRequests()).toBe(1);

    // The player works as before: the next lesson opens.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 2, name: 'Setting up your tools' }).waitFor();
    const command = page.getByText('npm create vite@latest my-store -- --template react-ts');
    await command.waitFor({ timeout: 20_000 });
    expect(await command.isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("requests the app's entry only once the browser has painted the opening lesson", async () => {
    const page = await phonePage(true);
    await page.addInitScript(() => {
      const paints: Array<{ at: number; text: string }> = [];
      (window as unknown as { __paints: typeof paints }).__paints = paints;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const element = (entry as PerformanceEntry & { element?: Element | null }).element;
          paints.push({ at: entry.startTime, text: element?.textContent ?? '' });
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(`${baseUrl}/learn/${session.token}`, { waitUntil: 'load' });
    await page.getByText(videoCompletes).waitFor({ timeout: 20_000 });
    const { paints, entryRequestedAt } = await page.evaluate(() => ({
      paints: (window as unknown as { __paints: Array<{ at: number; text: string }> }).__paints,
      entryRequestedAt: performance
        .getEntriesByType('resource')
        .find((resource) => /\/assets\/index-[^/]+\.js$/.test(resource.name))?.startTime,
    }));
    const lesson = paints.find((paint) => paint.text === openingText);
    expect(lesson).toBeTruthy();
    expect(entryRequestedAt).toBeGreaterThan(lesson?.at ?? Infinity);
    await page.context().close();
  });

  it('paints nothing early for a device still to confirm: the app asks for the purchase e-mail', async () => {
    const page = await phonePage(false);
    const release = await holdAppEntry(page);
    const courseAnswer = page.waitForResponse(
      (response) => new URL(response.url()).pathname === `/api/learn/${session.token}`,
    );
    await page.goto(`${baseUrl}/learn/${session.token}`, { waitUntil: 'domcontentloaded' });
    expect((await courseAnswer).status()).toBe(403);
    // The early script has had its answer and is done with it (its promise on window settled).
    const settled = await page.evaluate(() =>
      (window as unknown as { __storeEarlyQuery: { shown: Promise<void> } }).__storeEarlyQuery.shown.then(() => true),
    );
    expect(settled).toBe(true);
    expect(await page.locator('#main [role="status"]').textContent()).toBe('Loading...');
    expect(await page.getByText(openingText).count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);

    release();
    await page.getByRole('button', { name: 'Confirm and open the course' }).waitFor({ timeout: 20_000 });
    expect(await page.getByText(openingText).count()).toBe(0);
    await page.context().close();
  });
});
