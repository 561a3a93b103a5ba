// What the e-mails-to-buyers tests share (tests/integration/api/mailings*.test.ts): their own API on the
// local cloud, in a Firestore project of their own (an audience is read from every sale of the store),
// the demo admin's ID token from the Auth emulator, sales written as the API writes them, and the
// queue's run with the clock the test gives it.
import type { Server } from 'node:http';
import type { Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import { expect } from 'vitest';
import { demoAdmin, seedDemoAdmin } from '../../local/seed/seed';
import { freePort } from '../../local/ports';
import { createAdminAuth } from '../../server/admin/adminAuth';
import { createApp, createMailingRun } from '../../server/app';
import { parseServerConfig, type ServerConfig } from '../../server/config';
import { createAdminFirestore } from '../../server/lib/firestoreAdmin';
import { createMailer } from '../../server/mailer';
import { signInWithPassword } from './authEmulatorUsers';
import { cloud } from './purchaseHarness';
import { buildSaleRecord } from './records';

const auth = createAdminAuth({
  projectId: 'demo-digital-store',
  emulatorHost: cloud.apiEnv.FIREBASE_AUTH_EMULATOR_HOST,
});

export const storeUrl = 'https://shop.example.com';

export interface MailingApi {
  url: string;
  logged: string[];
  close(): Promise<void>;
}

export interface TestSale {
  email: string;
  productId: string;
  currency?: 'NGN' | 'USD';
  at?: Date;
  refunded?: boolean;
}

let saleCount = 0;

/**
 * The helpers of one test file, on its own Firestore project: two files running side by side never
 * empty each other's store.
 */
export function mailingHarness(projectId: string) {
  const db: Firestore = createAdminFirestore({ projectId, emulatorHost: cloud.firestoreHost });

  /** Empties the project, and puts the demo admin (and its record) back: an ID token for the routes. */
  async function freshStore(): Promise<{ token: string; adminUid: string }> {
    const reset = await fetch(`${cloud.firestoreUrl}/emulator/v1/projects/${projectId}/databases/(default)/documents`, {
      method: 'DELETE',
    });
    expect(reset.status).toBe(200);
    const adminUid = await seedDemoAdmin(db, cloud.authUrl);
    const { idToken } = await signInWithPassword(cloud.authUrl, demoAdmin.email, demoAdmin.password);
    return { token: idToken, adminUid };
  }

  function mailingConfig(env: Record<string, string> = {}): ServerConfig {
    return parseServerConfig({
      ...cloud.apiEnv,
      FIREBASE_PROJECT_ID: projectId,
      PUBLIC_STORE_URL: storeUrl,
      STORE_NAME: 'Ada Stores',
      SELLER_EMAIL: 'seller@adastores.test',
      MAIL_FROM: 'Ada Stores <news@adastores.test>',
      DEMO_PAYMENTS: '0',
      ...env,
    });
  }

  async function startMailingApi(config = mailingConfig()): Promise<MailingApi> {
    const port = await freePort();
    const logged: string[] = [];
    const app = createApp({
      config,
      db,
      mailer: createMailer(config),
      auth,
      logError: (message) => logged.push(message),
    });
    const server = await new Promise<Server>((resolve, reject) => {
      const s = app.listen(port, '127.0.0.1', () => resolve(s));
      s.once('error', reject);
    });
    return {
      url: `http://127.0.0.1:${port}`,
      logged,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  /** The queue's run (what the scheduled function runs), on the clock the test moves. */
  function mailingRun(
    clock: { now: Date },
    { config = mailingConfig(), mailer }: { config?: ServerConfig; mailer?: Pick<Transporter, 'sendMail'> } = {},
  ) {
    const logged: string[] = [];
    const run = createMailingRun({
      config,
      db,
      mailer: mailer ?? createMailer(config),
      now: () => clock.now,
      logError: (message) => logged.push(message),
    });
    return { run, logged };
  }

  /** Sales as the API records them, each its own transaction document; answers their ids. */
  async function seedSales(sales: readonly TestSale[]): Promise<string[]> {
    const writer = db.bulkWriter();
    const ids: string[] = [];
    for (const sale of sales) {
      saleCount += 1;
      const reference = `ref-${saleCount}-${Date.now()}`;
      const id = `paystack_${reference}`;
      ids.push(id);
      const refund = sale.refunded ? { refund: { status: 'refunded', refunded: 7500, full: true } } : {};
      void writer.set(
        db.doc(`transactions/${id}`),
        buildSaleRecord(
          {
            reference,
            at: sale.at ?? new Date('2026-11-10T12:00:00Z'),
            productId: sale.productId,
            customerEmail: sale.email,
            currency: sale.currency ?? 'NGN',
          },
          refund,
        ),
      );
    }
    await writer.close();
    return ids;
  }

  return { db, freshStore, mailingConfig, startMailingApi, mailingRun, seedSales };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

export async function call(
  api: MailingApi,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${api.url}/api/admin/mailings${path}`, {
    method,
    headers: bearer(token),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** A draft made through the API; its id. */
export async function draft(api: MailingApi, token: string, body: Record<string, unknown>): Promise<string> {
  const made = await call(api, token, 'POST', '', body);
  expect(made.status).toBe(201);
  return String(made.json.id);
}
