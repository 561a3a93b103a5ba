// The outside attack's lesson text in a real browser (docs/security.md, 'Text the store renders'): a
// course whose opening lesson is that text, bought over HTTP, opened at a phone's width. The early
// paint (/early-learn.js, while the app is held back) and then the player show it as its words: no
// image, no box over the page, no link to the attacker's sign-in page, no script run.
import { Timestamp } from 'firebase-admin/firestore';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buyDemoCourse, type CourseSession } from '../../scripts/benchCourse';
import { createAdminFirestore } from '../../server/lib/firestoreAdmin';
import { uniqueTag } from '../support/checkoutE2e';
import { connectE2eBrowser, holdAppEntry, openPage, phoneViewport } from '../support/e2ePage';
import { attackLesson, attackLessonText } from '../support/xssCorpus';

const { baseUrl, firestoreHost, projectId } = inject('e2e');
const db = createAdminFirestore({ projectId, emulatorHost: firestoreHost });
const productId = `e2e-lesson-text-${uniqueTag()}`;
let browser: Browser;
let session: CourseSession;

beforeAll(async () => {
  browser = await connectE2eBrowser();
  // Dated in 2020, so it never counts among the newest products other e2e files look for. The course
  // is written as the seed writes the demo course; the API saves the same shape.
  await db.doc(`products/${productId}`).set({
    title: 'Lesson Text Course',
    description: 'A course whose notes carry markup.',
    priceInNgn: 5000,
    priceInUsd: 6,
    categoryId: 2,
    coverImageUrl: String((await db.doc('products/demo-excel-mastery').get()).get('coverImageUrl')),
    author: 'Digital Store Content Team',
    createdAt: Timestamp.fromMillis(Date.UTC(2020, 0, 1)),
  });
  await db.doc(`productDeliverables/${productId}`).set({ url: 'https://drive.example.com/lesson-text-course' });
  const lesson = { video: null, attachmentFileIds: [], preview: false, dripDays: null };
  await db.doc(`courseContent/${productId}`).set({
    sections: [
      {
        id: 's1',
        title: 'Notes',
        lessons: [
          { ...lesson, id: 'l1', title: 'Read me', body: attackLesson },
          { ...lesson, id: 'l2', title: 'Then me', body: 'Plain notes.' },
        ],
      },
    ],
    videos: {},
    updatedAt: new Date().toISOString(),
    updatedBy: 'e2e',
  });
  session = await buyDemoCourse(baseUrl, productId);
}, 60_000);
afterAll(async () => {
  await browser.close();
  const batch = db.batch();
  for (const path of [`products/${productId}`, `productDeliverables/${productId}`, `courseContent/${productId}`]) {
    batch.delete(db.doc(path));
  }
  await batch.commit();
});

describe('the attack lesson in the browser', () => {
  it('paints early and then shows in the player as its words, with nothing of the attacker drawn or run', async () => {
    const page = await openPage(browser, 'US', phoneViewport);
    await page.context().addCookies([{ ...session.cookie, url: baseUrl }]);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const release = await holdAppEntry(page);
    await page.goto(`${baseUrl}/learn/${session.token}`, { waitUntil: 'domcontentloaded' });

    const drawn = async () => ({
      text: (await page.locator('.lesson-body').textContent())?.trim(),
      elements: await page.locator('.lesson-body *').evaluateAll((nodes) => nodes.map((node) => node.tagName)),
      images: await page.locator('main img').count(),
      boxes: await page.locator('main div[style]').count(),
      attackerLinks: await page.locator('a[href*="evil.example"]').count(),
    });
    const words = { text: attackLessonText, elements: ['P'], images: 0, boxes: 0, attackerLinks: 0 };
    // The early paint: the app's JavaScript has not run yet (its lesson list is not there).
    await page.getByText(attackLessonText).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('navigation', { name: 'Course content' }).count()).toBe(0);
    expect(await drawn()).toEqual(words);

    release();
    await page.getByRole('navigation', { name: 'Course content' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Mark complete' }).waitFor();
    expect(await drawn()).toEqual(words);
    expect(dialogs).toEqual([]);
    await page.context().close();
  });
});
