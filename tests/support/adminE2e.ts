// Admin steps shared by the e2e files: the seeded demo admin signs in through /adminlogin.
import type { Page } from 'playwright-core';
import { demoAdmin } from '../../local/seed/seed';

/** Signs the demo admin in on `store` and acknowledges 'Logged in successfully'. */
export async function signInAsDemoAdmin(page: Page, store: string): Promise<void> {
  await page.goto(`${store}/adminlogin`);
  await page.getByLabel('Email').fill(demoAdmin.email);
  await page.getByLabel('Password').fill(demoAdmin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.locator('.swal2-popup');
  await dialog.getByRole('heading', { name: 'Logged in successfully' }).waitFor({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'hidden' });
}
