// The seller's product page in Chromium against the production build and the local cloud (docs/admin.md,
// 'The product page'): Manage Products' Edit opens /admindashboard/products/{id}; its sections are tabs
// reached by keyboard, on a 360 px phone with nothing wider than the screen, and pass Lighthouse's
// accessibility rules; unsaved changes are named by the prompt before leaving (a link in the app, and the
// browser's own when the tab closes); a lesson takes its video while it is being created, and one Save
// stores both.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAdminFirestore } from '../../server/lib/firestoreAdmin';
import { answerDialog, productSection, seedE2eCourse, signInAsDemoAdmin } from '../support/adminE2e';
import { accessibilityViolations } from '../support/axeE2e';
import { uniqueTag } from '../support/checkoutE2e';
import { connectE2eBrowser, openPage } from '../support/e2ePage';

const { baseUrl, firestoreHost, projectId } = inject('e2e');
const db = createAdminFirestore({ projectId, emulatorHost: firestoreHost });
const tag = uniqueTag();
const title = `Phone Filmmaking ${tag}`;
const productId = `e2e-page-${tag}`;
const video = readFileSync(resolve(import.meta.dirname, '../../local/seed/media/demo-lesson.mp4'));
let browser: Browser;
let seeded: { remove: () => Promise<void> };

beforeAll(async () => {
  browser = await connectE2eBrowser();
  seeded = await seedE2eCourse(db, {
    productId,
    title,
    description: 'Film, light and cut short videos with the phone in your pocket.',
    priceInNgn: 9000,
    priceInUsd: 11,
    url: 'https://drive.example.com/phone-filmmaking',
  });
});
afterAll(async () => {
  await browser.close();
  await seeded.remove();
  await db.terminate();
});

async function openProductPage(viewport?: { width: number; height: number }): Promise<Page> {
  const admin = await openPage(browser, 'US', viewport);
  await signInAsDemoAdmin(admin, baseUrl);
  await admin.goto(`${baseUrl}/admindashboard/products/${productId}`);
  await admin.getByRole('tablist', { name: 'Product sections' }).waitFor({ timeout: 20_000 });
  return admin;
}

describe('the product page', () => {
  it('moves between its sections by keyboard on a 360 px phone, nothing wider than the screen, and passes the accessibility checks', async () => {
    const admin = await openProductPage({ width: 360, height: 740 });
    expect(await admin.getByRole('heading', { level: 2, name: title }).isVisible()).toBe(true);
    const details = admin.getByRole('tab', { name: 'Details' });
    await details.focus();
    await admin.keyboard.press('ArrowRight');
    const pricing = admin.getByRole('tab', { name: 'Pricing' });
    expect(await pricing.evaluate((tab) => tab === document.activeElement)).toBe(true);
    await admin.getByRole('tabpanel', { name: 'Pricing' }).getByRole('radio', { name: 'One payment' }).waitFor();
    await admin.keyboard.press('ArrowRight');
    const files = admin.getByRole('tab', { name: 'Files and delivery' });
    expect(await files.evaluate((tab) => tab === document.activeElement)).toBe(true);
    expect(await files.getAttribute('aria-selected')).toBe('true');
    await admin.getByRole('tabpanel', { name: 'Files and delivery' }).getByText('No files yet.').waitFor();
    await admin.keyboard.press('End');
    const emails = admin.getByRole('tabpanel', { name: 'E-mails after purchase' });
    await emails.getByText('No e-mails after purchase yet.').waitFor({ timeout: 20_000 });
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await accessibilityViolations(admin)).toEqual([]);
    await admin.keyboard.press('ArrowLeft');
    const course = admin.getByRole('tabpanel', { name: 'Course' });
    await course.getByText('No sections yet. Add one to start the course.').waitFor({ timeout: 20_000 });
    // Tab leaves the tab list for the shown panel.
    await admin.keyboard.press('Tab');
    expect(await course.evaluate((panel) => panel === document.activeElement)).toBe(true);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await accessibilityViolations(admin)).toEqual([]);
    await admin.keyboard.press('Shift+Tab');
    await admin.keyboard.press('Home');
    await admin.getByRole('tabpanel', { name: 'Details' }).getByLabel('Title').waitFor({ timeout: 20_000 });
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await accessibilityViolations(admin)).toEqual([]);
    await admin.context().close();
  }, 120_000);

  it('names the sections with unsaved changes before leaving, and keeps them when the seller stays', async () => {
    const admin = await openProductPage();
    const details = await productSection(admin, 'Details');
    const price = details.getByLabel('Price in NGN');
    await expect.poll(() => price.inputValue(), { timeout: 20_000 }).toBe('9000');
    await price.fill('9500');
    const files = await productSection(admin, 'Files and delivery');
    await files.getByLabel('Downloads per file (empty: no limit)').fill('4');
    await productSection(admin, 'Course');
    await admin.getByText('Not saved yet: Details, Files and delivery.').waitFor();

    await admin.getByRole('link', { name: 'Back to Manage Products' }).click();
    const prompt = admin.locator('.swal2-popup');
    await prompt.getByRole('heading', { name: 'Leave this page?' }).waitFor({ timeout: 20_000 });
    expect(await prompt.innerText()).toContain(
      "'Details' and 'Files and delivery' have changes that are not saved. Leave and lose them?",
    );
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    await prompt.waitFor({ state: 'hidden' });
    expect(admin.url()).toBe(`${baseUrl}/admindashboard/products/${productId}`);
    expect(await (await productSection(admin, 'Details')).getByLabel('Price in NGN').inputValue()).toBe('9500');

    // Closing the tab asks through the browser's own dialog. The seller leaves, so the tab is closed before
    // its context is: a context closed under an open beforeunload dialog once took the whole browser down.
    const asked = new Promise<string>((resolveType) =>
      admin.once('dialog', (dialog) => {
        resolveType(dialog.type());
        void dialog.accept();
      }),
    );
    const closed = new Promise<void>((resolveClosed) => admin.once('close', () => resolveClosed()));
    await admin.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    await closed;
    await admin.context().close();
    expect((await db.doc(`products/${productId}`).get()).get('priceInNgn')).toBe(9000);
  }, 120_000);

  it("asks before the browser's Back leaves unsaved changes; once they are saved, Back leaves at once", async () => {
    const admin = await openProductPage();
    const price = (await productSection(admin, 'Details')).getByLabel('Price in NGN');
    await expect.poll(() => price.inputValue(), { timeout: 20_000 }).toBe('9000');
    await price.fill('9600');
    await admin.getByText('Not saved yet: Details.').waitFor();

    await admin.goBack();
    const prompt = admin.locator('.swal2-popup');
    await prompt.getByRole('heading', { name: 'Leave this page?' }).waitFor({ timeout: 20_000 });
    expect(await prompt.innerText()).toContain("'Details' has changes that are not saved. Leave and lose them?");
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    await prompt.waitFor({ state: 'hidden' });
    expect(admin.url()).toBe(`${baseUrl}/admindashboard/products/${productId}`);
    expect(await price.inputValue()).toBe('9600');

    // Asked again, the seller leaves: Back goes where it would have gone, the dashboard they came from.
    await admin.goBack();
    await prompt.getByRole('heading', { name: 'Leave this page?' }).waitFor({ timeout: 20_000 });
    await prompt.getByRole('button', { name: 'Leave without saving' }).click();
    await admin.waitForURL(`${baseUrl}/admindashboard`, { timeout: 20_000 });
    expect((await db.doc(`products/${productId}`).get()).get('priceInNgn')).toBe(9000);

    // Saved changes leave nothing to protect: one Back goes straight back to the dashboard.
    await admin.goto(`${baseUrl}/admindashboard/products/${productId}`);
    const again = (await productSection(admin, 'Details')).getByLabel('Price in NGN');
    await expect.poll(() => again.inputValue(), { timeout: 20_000 }).toBe('9000');
    await again.fill('9700');
    await admin.getByText('Not saved yet: Details.').waitFor();
    await admin.getByRole('tabpanel', { name: 'Details' }).getByRole('button', { name: 'Save', exact: true }).click();
    await answerDialog(admin, 'Updated!');
    await expect
      .poll(async () => (await db.doc(`products/${productId}`).get()).get('priceInNgn') as unknown)
      .toBe(9700);
    await admin.goBack();
    await admin.waitForURL(`${baseUrl}/admindashboard`, { timeout: 20_000 });
    expect(await prompt.isVisible()).toBe(false);
    await admin.context().close();
  }, 120_000);

  it('creates a lesson with its video in one go: one Save stores both', async () => {
    const admin = await openProductPage();
    const course = await productSection(admin, 'Course');
    await course.getByText('No sections yet. Add one to start the course.').waitFor({ timeout: 20_000 });
    await course.getByRole('button', { name: 'Add a section' }).click();
    await course.getByLabel('Section 1 title').fill('Shooting');
    await course.getByRole('button', { name: 'Add a lesson to Shooting' }).click();
    await course.getByLabel('Lesson title').fill('Hold it steady');
    await course.getByLabel('Video (MP4 or WebM)').setInputFiles({
      name: 'steady.mp4',
      mimeType: 'video/mp4',
      buffer: video,
    });
    await course.getByText(/^Video: 0:12, \d+×\d+$/).waitFor({ timeout: 60_000 });
    await course.getByRole('button', { name: 'Save the course' }).click();
    await course.getByRole('status').filter({ hasText: 'Course saved.' }).waitFor({ timeout: 20_000 });
    expect(await course.getByRole('alert').count()).toBe(0);
    await admin.context().close();

    const stored = (await db.doc(`courseContent/${productId}`).get()).data() as {
      sections: { title: string; lessons: { title: string; video: { durationS: number } | null }[] }[];
    };
    expect(stored.sections.map((section) => section.title)).toEqual(['Shooting']);
    expect(stored.sections[0]?.lessons.map((lesson) => lesson.title)).toEqual(['Hold it steady']);
    expect(Math.round(stored.sections[0]?.lessons[0]?.video?.durationS ?? 0)).toBe(12);
  }, 120_000);
});
