// Each value the setup refuses, in words, before it changes anything in the project.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSetup } from '../../../scripts/golive/setup';
import { cloud, msw, newWorld, secretsOf, setup, type World } from '../../support/goliveHarness';
import { useMsw } from '../../support/msw';

// A mail provider that refuses every login, as one does for a wrong password.
const refusingSmtp = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  onAuth: (_auth, _session, callback) => callback(new Error('Invalid username or password')),
});
let refusingPort = 0;

useMsw(msw);
beforeAll(async () => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = new URL(cloud.authUrl).host;
  await new Promise<void>((resolve) => refusingSmtp.listen(0, '127.0.0.1', resolve));
  refusingPort = (refusingSmtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => refusingSmtp.close(resolve));
});

async function refused(change: (world: World) => void) {
  const world = newWorld();
  change(world);
  const run = await setup(world);
  expect(run.code).toBe(1);
  // Nothing was changed in the project.
  expect(world.google.calls).toEqual([]);
  for (const secret of secretsOf(world)) expect(run.output).not.toContain(secret);
  return run.lines.at(-1);
}

describe('npm run setup refuses', () => {
  it('a Paystack secret key Paystack refuses', async () => {
    expect(await refused((w) => (w.env.PAYSTACK_SECRET_KEY = 'sk_test_not_the_right_key'))).toBe(
      'This Paystack secret key was refused.',
    );
  });

  it("a Paystack secret key whose mode is not the public key's", async () => {
    expect(await refused((w) => (w.env.VITE_PAYSTACK_PUBLIC_KEY = 'pk_live_1a2b3c4d5e'))).toBe(
      'The Paystack secret key is a test key (sk_test_) but the public key is a live key (pk_live_): use both keys from the same mode.',
    );
  });

  it('PayPal credentials neither live nor sandbox accepts', async () => {
    expect(await refused((w) => (w.env.PAYPAL_CLIENT_SECRET = 'EWrongPaypalSecret'))).toBe(
      'PayPal refused this client id and secret (neither live nor sandbox accepts them).',
    );
  });

  it('an SMTP login the mail server refuses', async () => {
    expect(
      await refused((w) => {
        w.env.SMTP_PORT = String(refusingPort);
      }),
    ).toBe('The mail server refused the login for orders@adabooks.test: check the SMTP user and password.');
  });

  it('Cloudinary credentials its ping refuses', async () => {
    expect(await refused((w) => (w.env.CLOUDINARY_API_SECRET = 'WrongCloudinarySecret'))).toBe(
      'Cloudinary refused this API key and secret.',
    );
  });

  it('with --no-prompt, missing variables, named in one line', async () => {
    const world = newWorld();
    delete world.env.PAYSTACK_SECRET_KEY;
    delete world.env.SMTP_HOST;
    delete world.env.ADMIN_PASSWORD;
    const run = await setup(world);

    expect(run.code).toBe(1);
    expect(run.lines).toEqual([
      'npm run setup --no-prompt --skip-deploy',
      'Missing: PAYSTACK_SECRET_KEY, SMTP_HOST, ADMIN_PASSWORD (set them in the environment).',
    ]);
    expect(world.providers.calls).toEqual([]);
  });

  it('a project without billing, with the console page that turns it on', async () => {
    const world = newWorld();
    world.google.billingEnabled = false;
    const run = await setup(world);

    expect(run.code).toBe(1);
    expect(run.lines.slice(-2)).toEqual([
      'failed: Blaze plan: The project demo-digital-store is not on the Blaze plan (billing is off): the functions, the bucket and the schedules need it. Upgrade at https://console.firebase.google.com/project/demo-digital-store/usage/details',
      'Nothing after this step was done. Fix the above and run `npm run setup` again: it finishes the rest.',
    ]);
    expect(world.google.calls).toEqual(['GET cloudbilling /v1/projects/demo-digital-store/billingInfo']);
  });
});

describe('npm run setup in the terminal', () => {
  it('checks each group as it is entered and asks a refused one again', async () => {
    const world = newWorld();
    const wrongFirst = new Map([
      ['Paystack secret key (sk_...)', ['sk_test_typo_in_the_key', world.env.PAYSTACK_SECRET_KEY]],
    ]);
    const asked: string[] = [];
    let output = '';
    const code = await runSetup({
      argv: ['--skip-deploy'],
      env: Object.fromEntries(
        Object.entries(world.env).filter(
          ([name]) => !/^[A-Z_]*(KEY|SECRET|PASS|PASSWORD)$/.test(name) || name.endsWith('_URL'),
        ),
      ),
      dir: world.dir,
      write: (text) => {
        output += text;
      },
      ask: (label, { secret, current }) => {
        asked.push(`${label}${secret ? ' (hidden)' : ''}`);
        const answers = wrongFirst.get(label);
        if (answers) return Promise.resolve(answers.shift() ?? '');
        const byLabel: Record<string, string | undefined> = {
          "Web app's API key (Project settings, Your apps)": world.env.VITE_FIREBASE_API_KEY,
          'Paystack public key (pk_...)': world.env.VITE_PAYSTACK_PUBLIC_KEY,
          'PayPal REST app secret': world.env.PAYPAL_CLIENT_SECRET,
          'SMTP password': world.env.SMTP_PASS,
          'Cloudinary API key': world.env.CLOUDINARY_API_KEY,
          'Cloudinary API secret': world.env.CLOUDINARY_API_SECRET,
          "First admin's password (8+ characters)": world.env.ADMIN_PASSWORD,
        };
        return Promise.resolve(byLabel[label] ?? current);
      },
    });

    expect(code).toBe(0);
    const lines = output.trimEnd().split('\n');
    expect(lines.slice(0, 9)).toEqual([
      'npm run setup --skip-deploy',
      '-- Firebase project',
      '-- The store',
      '-- Paystack',
      'This Paystack secret key was refused.',
      '-- Paystack',
      'checked: Paystack: Paystack accepts the secret key, in the same mode as the public key.',
      '-- PayPal',
      'checked: PayPal: PayPal accepts these credentials (sandbox: https://api-m.sandbox.paypal.com).',
    ]);
    expect(asked.filter((label) => label.startsWith('Paystack'))).toEqual([
      'Paystack public key (pk_...)',
      'Paystack secret key (sk_...) (hidden)',
      'Paystack public key (pk_...)',
      'Paystack secret key (sk_...) (hidden)',
    ]);
    expect(output).not.toContain('sk_test_typo_in_the_key');
    for (const secret of secretsOf(world)) expect(output).not.toContain(secret);
  });
});
