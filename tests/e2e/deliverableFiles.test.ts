// Files end to end in a real Chromium against the production build and the local cloud (docs/files.md):
// the seller uploads a PDF and a ZIP on the product's page (straight to the storage stand-in, with
// progress), a shopper buys with the demo payment, the order e-mail's link opens the download page,
// the new device confirms the purchase e-mail, both files download, and every page of the PDF carries
// the buyer's name.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import type { Browser, Download, Page } from 'playwright-core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demoPdf, demoZip } from '../../local/seed/demoFiles';
import { createAdminFirestore } from '../../server/lib/firestoreAdmin';
import { productSection, signInAsDemoAdmin } from '../support/adminE2e';
import { buildBuyer, fillPaymentForm, mailsTo, paymentComplete, uniqueTag } from '../support/checkoutE2e';
import { connectE2eBrowser, openPage } from '../support/e2ePage';

const { baseUrl, firestoreHost, projectId } = inject('e2e');
const db = createAdminFirestore({ projectId, emulatorHost: firestoreHost });
const tag = uniqueTag();
const title = `Files Course ${tag}`;
const productId = `e2e-files-${tag}`;
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

let browser: Browser;

beforeAll(async () => {
  browser = await connectE2eBrowser();
  // Dated in 2020, so it never counts among the newest products other e2e files look for.
  await db.doc(`products/${productId}`).set({
    title,
    description: 'A course whose files the store hosts.',
    priceInNgn: 7500,
    priceInUsd: 9,
    categoryId: 2,
    // A seeded product's cover, on the local image host the store's CSP allows.
    coverImageUrl: String((await db.doc('products/demo-excel-mastery').get()).get('coverImageUrl')),
    author: 'Digital Store Content Team',
    createdAt: Timestamp.fromMillis(Date.UTC(2020, 0, 1)),
  });
  await db.doc(`productDeliverables/${productId}`).set({ url: 'https://drive.example.com/files-course' });
});
afterAll(async () => {
  await browser.close();
  // Written straight to the database (never to the catalog index): taken out the same way.
  const batch = db.batch();
  batch.delete(db.doc(`products/${productId}`));
  batch.delete(db.doc(`productDeliverables/${productId}`));
  await batch.commit();
});

async function bytesOf(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({
    data: bytes.slice(),
    standardFontDataUrl,
    isEvalSupported: false,
    disableFontFace: true,
  }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(
      content.items
        .filter((item): item is TextItem => 'str' in item)
        .map((item) => item.str)
        .join(' ')
        .normalize('NFC'),
    );
  }
  await pdf.destroy();
  return pages;
}

async function download(page: Page, fileName: string): Promise<Download> {
  const [started] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download ${fileName}` }).click(),
  ]);
  return started;
}

describe('deliverable files', () => {
  it('the seller uploads a PDF and a ZIP; a buyer gets both through the e-mailed link, the PDF with their name', async () => {
    const pdf = Buffer.from(await demoPdf('Files Course Workbook', ['Start', 'Practice', 'Review']));
    const zip = demoZip([{ name: 'sheet.csv', text: 'a,b\n1,2\n' }]);

    // The seller, on the product's page that Manage Products' Edit opens.
    const admin = await openPage(browser);
    await signInAsDemoAdmin(admin, baseUrl);
    await admin.goto(`${baseUrl}/admindashboard?panel=manage`);
    await admin.getByRole('heading', { name: 'Manage Products' }).waitFor({ timeout: 20_000 });
    await admin.getByLabel('Category').selectOption({ label: '🎓 Courses' });
    await admin.getByRole('button', { name: 'Get Products' }).click();
    const card = admin.getByRole('article', { name: title.toUpperCase() });
    await card.waitFor({ timeout: 20_000 });
    await card.getByRole('button', { name: 'Expand' }).click();
    await card.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = await productSection(admin, 'Files and delivery');
    await dialog.getByText('No files yet.').waitFor({ timeout: 20_000 });
    const progressShown = dialog
      .getByRole('progressbar', { name: 'Upload of Workbook.pdf' })
      .waitFor({ timeout: 20_000 });
    await dialog.getByLabel(/Add files/).setInputFiles([
      { name: 'Workbook.pdf', mimeType: 'application/pdf', buffer: pdf },
      { name: 'Templates.zip', mimeType: 'application/zip', buffer: zip },
    ]);
    await progressShown;
    const attached = dialog.getByRole('list', { name: 'Attached files' });
    await expect.poll(() => attached.getByRole('listitem').count(), { timeout: 30_000 }).toBe(2);
    expect(
      await attached
        .getByLabel('Name shown to buyers')
        .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value).sort()),
    ).toEqual(['Templates.zip', 'Workbook.pdf']);
    await admin.context().close();

    // A shopper in Nigeria buys it with the demo payment.
    const shopper = await openPage(browser, 'NG');
    const buyer = { ...buildBuyer(tag), name: 'Ọlájídé Àdìgún' };
    await shopper.goto(`${baseUrl}/productdetail/${productId}`);
    await shopper.getByRole('heading', { level: 1, name: title.toUpperCase() }).waitFor({ timeout: 20_000 });
    await shopper.getByRole('button', { name: 'Buy Now' }).click();
    const payment = shopper.getByRole('dialog', { name: 'Complete Payment' });
    await fillPaymentForm(payment, buyer);
    await payment.getByRole('button', { name: 'Complete demo payment of ₦7,500' }).click();
    await paymentComplete(shopper, buyer.email);
    await shopper.context().close();

    // The order e-mail's link, opened on another device (a fresh browser context).
    const [mail] = await mailsTo(buyer.email, 1);
    const accessUrl = /https?:\/\/\S+\/api\/access\/[A-Za-z0-9_-]{43}/.exec(mail?.text ?? '')?.[0] ?? '';
    expect(accessUrl).not.toBe('');
    const device = await openPage(browser);
    await device.goto(accessUrl);
    await device.getByLabel('E-mail address used for the purchase').fill(buyer.email);
    await device.getByRole('button', { name: 'Confirm' }).click();
    const files = device.getByRole('list', { name: 'Your files' });
    await files.waitFor();
    expect(await files.innerText()).toContain('PDF');

    const book = await download(device, 'Workbook.pdf');
    expect(book.suggestedFilename()).toBe('Workbook.pdf');
    const pages = await pageTexts(new Uint8Array(await bytesOf(book)));
    expect(pages).toHaveLength(4);
    for (const page of pages) expect(page).toContain(`Licensed to Ọlájídé Àdìgún <${buyer.email}>`);

    const templates = await download(device, 'Templates.zip');
    expect(templates.suggestedFilename()).toBe('Templates.zip');
    expect((await bytesOf(templates)).equals(zip)).toBe(true);
    await device.context().close();
  }, 180_000);
});
