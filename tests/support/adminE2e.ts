// Admin steps shared by the e2e files: the seeded demo admin signs in through /adminlogin, what a
// file posted is taken out again, and the links of the account e-mails in the local inbox.
import { FieldPath, FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Locator, Page } from 'playwright-core';
import type { CaughtMail } from '../../local/mail/mailCatcher';
import { demoAdmin } from '../../local/seed/seed';
import { catalogShardId } from '../../domain/catalogIndex';

/** Signs the demo admin in on `store` and waits for the dashboard it opens. */
export async function signInAsDemoAdmin(page: Page, store: string): Promise<void> {
  await page.goto(`${store}/adminlogin`);
  await page.getByLabel('Email').fill(demoAdmin.email);
  await page.getByLabel('Password').fill(demoAdmin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/admindashboard', { timeout: 20_000 });
}

/**
 * One section of a product's page in the dashboard (docs/admin.md, 'The product page'), opened by its
 * tab, which Manage Products' Edit leads to.
 */
export async function productSection(page: Page, name: string): Promise<Locator> {
  await page.getByRole('tab', { name }).click({ timeout: 20_000 });
  return page.getByRole('tabpanel', { name });
}

/**
 * Takes products an e2e file posted (by exact title) out of the shared catalog again, with their
 * outlines, deliverables and catalog index entries: other e2e files count the seeded catalog.
 */
export async function removeProductsTitled(db: Firestore, title: string): Promise<void> {
  for (const product of (await db.collection('products').where('title', '==', title).get()).docs) {
    const batch = db.batch();
    (await db.collection('outlines').where('productId', '==', product.id).get()).docs.forEach((outline) =>
      batch.delete(outline.ref),
    );
    batch.delete(db.doc(`productDeliverables/${product.id}`));
    batch.delete(product.ref);
    batch.update(
      db.doc(`catalogIndex/${catalogShardId(product.id)}`),
      new FieldPath('entries', product.id),
      FieldValue.delete(),
    );
    await batch.commit();
  }
}

/**
 * The link of the newest mail to `email` whose subject starts with `subject`, read from the local
 * inbox at `mailUrl` once `count` such mails have arrived: what the person opens from their inbox.
 */
export async function mailedLinkTo(mailUrl: string, email: string, subject: string, count = 1): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const mails = ((await (await fetch(`${mailUrl}/api/messages`)).json()) as CaughtMail[]).filter(
      (mail) => mail.to.includes(email.toLowerCase()) && mail.subject.startsWith(subject),
    );
    const link = mails.length >= count ? /^(http\S+oobCode=\S+)$/m.exec(mails.at(-1)?.text ?? '')?.[1] : undefined;
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`No mail '${subject}' (${count}) to ${email}`);
}

/**
 * Waits for the sweetalert2 dialog titled `heading` and presses `button` in it. `thenClosed: false`
 * when another message follows at once (sweetalert2 reuses its popup for it).
 */
export async function answerDialog(page: Page, heading: string, button = 'OK', thenClosed = true): Promise<void> {
  const dialog = page.locator('.swal2-popup');
  await dialog.getByRole('heading', { name: heading }).waitFor({ timeout: 20_000 });
  await dialog.getByRole('button', { name: button }).click();
  if (thenClosed) await dialog.waitFor({ state: 'hidden' });
  else await dialog.getByRole('heading', { name: heading }).waitFor({ state: 'detached', timeout: 20_000 });
}

/**
 * A course product of the e2e file's own, with its delivery link; `remove` takes it out again with its
 * course. Dated in 2020, so it never counts among the newest products other e2e files look for.
 */
export async function seedE2eCourse(
  db: Firestore,
  course: {
    productId: string;
    title: string;
    description: string;
    priceInNgn: number;
    priceInUsd: number;
    url: string;
  },
): Promise<{ remove: () => Promise<void> }> {
  const { productId, url, ...fields } = course;
  await db.doc(`products/${productId}`).set({
    ...fields,
    categoryId: 2,
    coverImageUrl: String((await db.doc('products/demo-excel-mastery').get()).get('coverImageUrl')),
    author: 'Digital Store Content Team',
    createdAt: Timestamp.fromMillis(Date.UTC(2020, 0, 1)),
  });
  await db.doc(`productDeliverables/${productId}`).set({ url });
  return {
    remove: async () => {
      const batch = db.batch();
      batch.delete(db.doc(`products/${productId}`));
      batch.delete(db.doc(`productDeliverables/${productId}`));
      batch.delete(db.doc(`courseContent/${productId}`));
      await batch.commit();
    },
  };
}
