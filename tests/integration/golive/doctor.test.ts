// `npm run doctor` against the Google stand-in and the local cloud's API, Auth emulator and
// Firestore: every check good, then each one broken in turn with its fix (docs/deploy.md).
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdminFirestore } from '../../../server/lib/firestoreAdmin';
import { adminAuth } from '../../../scripts/golive/firebaseAdmin';
import { requiredApis } from '../../../scripts/golive/storeNeeds';
import type { GoogleState } from '../../support/googleApis/state';
import { cloud, doctor, liveWorld, msw } from '../../support/goliveHarness';
import { useMsw } from '../../support/msw';

const P = 'demo-digital-store';
const storeUrl = cloud.apiUrl.replace(/\/+$/, '');

useMsw(msw);
beforeAll(async () => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = new URL(cloud.authUrl).host;
  // The doctor signs in as one of the store's admins.
  const email = `doctor-admin+${Date.now().toString(36)}@adabooks.test`;
  const user = await adminAuth({}, P).createUser({ email, password: 'Doctor-pass-1', displayName: 'Doctor Admin' });
  await createAdminFirestore({ projectId: P, emulatorHost: cloud.firestoreHost })
    .doc(`admins/${user.uid}`)
    .set({ uid: user.uid, name: 'Doctor Admin', email, phone: '', createdAt: Timestamp.now() });
});

const allGood = [
  `Store doctor: ${P} (${storeUrl})`,
  '[good] Blaze plan: Billing is enabled.',
  '[good] Google APIs: All 17 APIs the store needs are enabled.',
  `[good] Default bucket: ${P}.firebasestorage.app exists.`,
  `[good] Bucket CORS: Uploads are allowed from ${storeUrl}, https://${P}.web.app, https://${P}.firebaseapp.com.`,
  '[good] Firestore rules: The deployed rules are firestore.rules.',
  '[good] Storage rules: The deployed rules are storage.rules.',
];

describe('npm run doctor', () => {
  it('says every check of a live project is good, and runs the API checks through its admin route', async () => {
    const run = await doctor(liveWorld(requiredApis));

    expect(run.lines.slice(0, 7)).toEqual(allGood);
    const lines = run.lines.slice(7, -1);
    // The cloud is shared: another file may have made an e-mail fail this week (the line then has its fix).
    const failedMails = lines.findIndex((l) => / Failed e-mails: /.test(l));
    expect(lines.slice(0, failedMails)).toEqual([
      expect.stringMatching(/^\[good\] Firestore indexes: All \d+ indexes are READY\.$/),
      `[good] Hosting and this build: Released on 2026-11-27T10:00:00.000Z; ${storeUrl} serves this build (0.1.0).`,
      '[good] Secrets: All 6 secrets have an enabled version.',
      '[good] Functions: api, retryEmails, sendReminders, expireCheckouts, sendMailings, checkStoreHealth are ACTIVE.',
      '[good] Data safety: Point-in-time recovery is on; backups are scheduled (the last backup is from 2026-11-27T02:00:00.000Z).',
      // The API's own checks, from its admin route: the local cloud's API signs with its Storage stand-in,
      // has no Paystack or PayPal keys, and mails through the catcher.
      '[good] Signed download links: Signed a download link in the bucket demo-digital-store.firebasestorage.app and read the file back through it.',
      "[not applicable] Paystack keys: Paystack is not set up (no PAYSTACK_SECRET_KEY). The local cloud's demo payment stands in for it.",
      "[not applicable] Paystack webhook: Paystack is not set up (no PAYSTACK_SECRET_KEY). The local cloud's demo payment stands in for it.",
      '[not applicable] PayPal webhook: PayPal is not set up (no PAYPAL_CLIENT_ID).',
      expect.stringMatching(
        /^\[good\] Mail server: The mail server at 127\.0\.0\.1:\d+ answers \(no login needed\)\.$/,
      ),
      "[not applicable] SPF record: The sender's domain (digitalstore.test) is a test domain: the local mail catcher delivers nowhere.",
      "[not applicable] DMARC record: The sender's domain (digitalstore.test) is a test domain: the local mail catcher delivers nowhere.",
      "[not applicable] DKIM record: The sender's domain (digitalstore.test) is a test domain: the local mail catcher delivers nowhere.",
    ]);
    const mailLines = lines.slice(failedMails);
    expect(mailLines).toEqual(
      mailLines[0]?.startsWith('[good]')
        ? ['[good] Failed e-mails: No e-mail failed in the last 7 days.']
        : [
            expect.stringMatching(/^\[recommended\] Failed e-mails: \d+ e-mails? failed in the last 7 days\. /),
            "    fix: Check the mail server above and your mail provider's sending log. Purchase e-mails are sent again every 15 minutes; Sales > Resend sends one now.",
          ],
    );
    const summary = run.lines.at(-1) ?? '';
    expect([
      '14 good, 0 recommended, 0 critical, 6 not applicable.',
      '13 good, 1 recommended, 0 critical, 6 not applicable.',
    ]).toContain(summary);
    expect(run.code).toBe(0);
  });

  const broken: Array<[string, (s: GoogleState) => void, string, string]> = [
    [
      'billing off',
      (s) => (s.billingEnabled = false),
      '[CRITICAL] Blaze plan: Billing is off: functions, the bucket and the schedules stop.',
      `https://console.firebase.google.com/project/${P}/usage/details`,
    ],
    [
      'an API disabled',
      (s) => s.enabled.delete('iamcredentials.googleapis.com'),
      '[CRITICAL] Google APIs: Disabled: iamcredentials.googleapis.com.',
      `gcloud services enable iamcredentials.googleapis.com --project ${P}`,
    ],
    [
      'the bucket missing',
      (s) => s.buckets.clear(),
      `[CRITICAL] Default bucket: The bucket ${P}.firebasestorage.app does not exist: no file can be uploaded or downloaded.`,
      'npm run setup',
    ],
    [
      'the CORS wrong',
      (s) => s.buckets.set(`${P}.firebasestorage.app`, [{ origin: [`https://${P}.web.app`], method: ['GET'] }]),
      `[CRITICAL] Bucket CORS: The bucket's CORS does not let ${storeUrl}, https://${P}.web.app, https://${P}.firebaseapp.com upload: sellers cannot add files.`,
      'npm run setup',
    ],
    [
      'the Firestore rules drifted',
      (s) =>
        s.releases.set(
          'cloud.firestore',
          "rules_version = '2';\nservice cloud.firestore { match /{d=**} { allow read; } }",
        ),
      '[CRITICAL] Firestore rules: The deployed rules differ from firestore.rules (changed in the console, or not deployed since).',
      `npx firebase deploy --only firestore:rules --project ${P}`,
    ],
    [
      'an index still CREATING',
      (s) => {
        const first = s.indexes[0];
        if (first) first.state = 'CREATING';
      },
      '[recommended] Firestore indexes: Still building: transactions (affiliateCode, createdAt). Queries that need them fail until they are READY.',
      'Wait a few minutes, then run npm run doctor again',
    ],
    [
      'a secret missing',
      (s) => s.secrets.delete('PAYPAL_CLIENT_SECRET'),
      '[CRITICAL] Secrets: No enabled version: PAYPAL_CLIENT_SECRET. The function cannot start without them.',
      'npm run setup',
    ],
    [
      'a function not ACTIVE',
      (s) => s.functions.set('api', 'FAILED'),
      '[CRITICAL] Functions: Not active: api (FAILED).',
      `npx firebase deploy --only functions --project ${P}`,
    ],
    [
      'neither PITR nor scheduled backups',
      (s) => {
        s.pitr = false;
        s.backupSchedules = 0;
      },
      '[CRITICAL] Data safety: Neither point-in-time recovery nor scheduled backups are on: a mistake or a bad import cannot be undone.',
      `gcloud firestore databases update --database='(default)' --enable-pitr --project ${P}`,
    ],
    [
      'nothing released on Hosting',
      (s) => (s.hostingRelease = null),
      '[CRITICAL] Hosting and this build: Nothing is released on Hosting: the store is not online.',
      'npm run setup',
    ],
  ];

  it.each(broken)('with %s, says so with the fix and still runs every check', async (_name, breakIt, line, fix) => {
    const world = liveWorld(requiredApis);
    breakIt(world.google);
    const run = await doctor(world);

    const at = run.lines.indexOf(line);
    expect(at).toBeGreaterThan(0);
    expect(run.lines[at + 1]).toBe(`    fix: ${fix}`);
    // One line per check (11 Google-side checks and the API's 9), whatever failed.
    expect(run.lines.filter((l) => /^\[(good|recommended|CRITICAL|not applicable)\] /.test(l))).toHaveLength(20);
    expect(run.code).toBe(line.startsWith('[CRITICAL]') ? 1 : 0);
  });

  it('says which checks could not run when an API they need is disabled', async () => {
    const world = liveWorld(requiredApis);
    world.google.enabled.delete('secretmanager.googleapis.com');
    const run = await doctor(world);

    expect(run.lines).toContain(
      '[CRITICAL] Secrets: secretmanager.googleapis.com is disabled, so this could not be checked.',
    );
    expect(run.lines).toContain('[CRITICAL] Google APIs: Disabled: secretmanager.googleapis.com.');
    expect(run.code).toBe(1);
  });

  it('--json prints { checks } with id, title, status, detail and fix', async () => {
    const world = liveWorld(requiredApis);
    world.google.billingEnabled = false;
    const run = await doctor(world, ['--json']);
    const parsed = JSON.parse(run.output) as { checks: Array<Record<string, string>> };

    expect(Object.keys(parsed)).toEqual(['checks']);
    expect(parsed.checks.map((c) => c.id)).toEqual([
      'billing',
      'apis',
      'bucket',
      'bucket-cors',
      'firestore-rules',
      'storage-rules',
      'indexes',
      'hosting',
      'secrets',
      'functions',
      'backups',
      'signing',
      'paystack-key-mode',
      'paystack-webhook',
      'paypal-webhook',
      'smtp',
      'mail-spf',
      'mail-dmarc',
      'mail-dkim',
      'mail-failures',
    ]);
    expect(parsed.checks[0]).toEqual({
      id: 'billing',
      title: 'Blaze plan',
      status: 'critical',
      detail: 'Billing is off: functions, the bucket and the schedules stop.',
      fix: `https://console.firebase.google.com/project/${P}/usage/details`,
    });
    expect(parsed.checks[1]).toEqual({
      id: 'apis',
      title: 'Google APIs',
      status: 'good',
      detail: 'All 17 APIs the store needs are enabled.',
      fix: '',
    });
    expect(run.code).toBe(1);
  });

  it('--local checks the local cloud and says which checks do not apply to it', async () => {
    const world = liveWorld(requiredApis);
    const run = await doctor(
      {
        ...world,
        env: {
          API_PORT: new URL(cloud.apiUrl).port,
          AUTH_PORT: new URL(cloud.authUrl).port,
          FIRESTORE_PORT: cloud.firestoreHost.split(':')[1] ?? '',
        },
      },
      ['--local'],
    );

    expect(run.lines[0]).toBe(`Store doctor: ${P} (${storeUrl}), the local cloud`);
    expect(run.lines[1]).toBe(
      '[not applicable] Blaze plan: The local cloud has no such part: this check is for the deployed store.',
    );
    // The 11 Google-side checks, and the API's checks for Paystack, PayPal and the test domain's records.
    expect(run.lines.filter((l) => l.startsWith('[not applicable] '))).toHaveLength(17);
    expect(world.google.calls).toEqual([]);
    // Signing and the mail server are good; another file on the shared cloud may have made a mail fail.
    expect([
      '3 good, 0 recommended, 0 critical, 17 not applicable.',
      '2 good, 1 recommended, 0 critical, 17 not applicable.',
    ]).toContain(run.lines.at(-1));
    expect(run.code).toBe(0);
  });

  it('passes over an admin record whose account is gone, and signs in as an admin who can', async () => {
    // Record ids sort before the Auth emulator's uids: this one is looked at first.
    const db = createAdminFirestore({ projectId: P, emulatorHost: cloud.firestoreHost });
    const uid = `00000000-doctor-disabled-${Date.now().toString(36)}`;
    await adminAuth({}, P).createUser({
      uid,
      email: `${uid}@adabooks.test`,
      password: 'Doctor-pass-1',
      disabled: true,
    });
    const gone = db.doc(`admins/${uid}`);
    await gone.set({ uid, name: 'Disabled Admin', email: `${uid}@adabooks.test` });
    try {
      const run = await doctor(liveWorld(requiredApis));
      expect(run.lines.some((l) => l.includes('Could not sign in as an admin'))).toBe(false);
      expect(run.lines).toContain(
        '[good] Signed download links: Signed a download link in the bucket demo-digital-store.firebasestorage.app and read the file back through it.',
      );
    } finally {
      await gone.delete();
      await adminAuth({}, P).deleteUser(uid);
    }
  });

  it('prints no token', async () => {
    const world = liveWorld(requiredApis);
    const run = await doctor(world);
    expect(run.output).not.toContain(world.env.GOOGLE_OAUTH_ACCESS_TOKEN);
  });
});
