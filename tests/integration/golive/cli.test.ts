// The npm scripts themselves: `npm run setup` and `npm run doctor` as a seller starts them, in a
// folder with nothing configured.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
// tsx as `npm run` finds it, from a folder of the seller's choosing.
const tsx = pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href;

async function runScript(script: string, args: string[]) {
  const cwd = mkdtempSync(join(tmpdir(), 'golive-cli-'));
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', tsx, join(root, script), ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: cwd },
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '' };
  }
}

describe('the npm scripts', () => {
  it('npm run setup -- --no-prompt names every missing variable in one line and exits 1', async () => {
    const run = await runScript('scripts/setup.ts', ['--no-prompt', '--skip-deploy']);

    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      'npm run setup --no-prompt --skip-deploy\n' +
        'Missing: FIREBASE_PROJECT_ID, VITE_FIREBASE_API_KEY, VITE_FIREBASE_APP_ID, STORE_NAME, SELLER_EMAIL, VITE_CONTACT_PHONE, PUBLIC_STORE_URL, VITE_PAYSTACK_PUBLIC_KEY, PAYSTACK_SECRET_KEY, PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_MERCHANT_ID, SMTP_HOST, SMTP_USER, SMTP_PASS, MAIL_FROM, CLOUDINARY_CLOUD_NAME, CLOUDINARY_API_KEY, CLOUDINARY_API_SECRET, ADMIN_EMAIL, ADMIN_NAME, ADMIN_PASSWORD (set them in the environment).\n',
    );
  });

  it('npm run doctor without a configured store says what is missing and exits 1', async () => {
    const run = await runScript('scripts/doctor.ts', []);

    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      'Missing: FIREBASE_PROJECT_ID, PUBLIC_STORE_URL (run npm run setup first, or set them in the environment).\n',
    );
  });
});
