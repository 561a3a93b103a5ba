// What the review tests share (tests/integration/api/reviews*.test.ts): the e-mails tests' own-project
// store (mailingHarness: the demo admin's ID token, sales written as the API writes them), an API on
// the clock the test moves, with the product page shell, and the buyer's calls by library session or
// access link.
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { expect } from 'vitest';
import { freePort } from '../../local/ports';
import { createAdminAuth } from '../../server/admin/adminAuth';
import { createApp } from '../../server/app';
import { createMailer } from '../../server/mailer';
import { createAccessLinks, hashToken } from '../../server/orders/accessLinks';
import { mailingHarness, storeUrl } from './mailingHarness';
import { cloud, paystackSecret } from './purchaseHarness';
import { buildSaleRecord } from './records';

const auth = createAdminAuth({
  projectId: 'demo-digital-store',
  emulatorHost: cloud.apiEnv.FIREBASE_AUTH_EMULATOR_HOST,
});

/** The product page shell as Hosting serves it (the API fills the product's meta into it). */
export const pageShell = readFileSync(resolve(import.meta.dirname, '../../index.html'), 'utf8').replace(
  '<div id="root"></div>',
  '<div id="root" data-route="/productdetail/*"><p>Loading...</p></div>',
);

export interface ReviewApi {
  url: string;
  logged: string[];
  clock: { now: Date };
  close(): Promise<void>;
}

export function reviewHarness(projectId: string) {
  const harness = mailingHarness(projectId);
  const { db, mailingConfig } = harness;
  // Paystack's key signs its webhook (a dispute's events); no test here calls Paystack itself.
  const config = mailingConfig({
    ACCESS_LINK_SECRET: 'review-tests-access-link-secret-0123456789',
    PAYSTACK_SECRET_KEY: paystackSecret,
  });
  const links = createAccessLinks({ secret: config.ACCESS_LINK_SECRET, publicStoreUrl: storeUrl });

  async function startReviewApi(start: Date): Promise<ReviewApi> {
    const port = await freePort();
    const logged: string[] = [];
    const clock = { now: start };
    const app = createApp({
      config,
      db,
      mailer: createMailer(config),
      auth,
      now: () => clock.now,
      pageTemplate: () => Promise.resolve(pageShell),
      logError: (message) => logged.push(message),
    });
    const server = await new Promise<Server>((resolve, reject) => {
      const s = app.listen(port, '127.0.0.1', () => resolve(s));
      s.once('error', reject);
    });
    return {
      url: `http://127.0.0.1:${port}`,
      logged,
      clock,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  /** A product as the admin writes it. */
  async function seedProduct(id: string, title: string): Promise<void> {
    await db.doc(`products/${id}`).set({
      title,
      description: `${title}, explained step by step.`,
      priceInNgn: 7500,
      priceInUsd: 9,
      categoryId: 1,
      coverImageUrl: 'https://res.cloudinary.com/demo/image/upload/v1/covers/book.png',
      author: 'Ada',
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
  }

  /** A sale as the API records it, with the access link's grant fulfilment writes: its id and token. */
  async function seedSale(sale: {
    id: string;
    productId: string;
    email: string;
    name: string;
    at: Date;
  }): Promise<{ id: string; token: string }> {
    const reference = sale.id.slice(sale.id.indexOf('_') + 1);
    await db.doc(`transactions/${sale.id}`).set(
      buildSaleRecord(
        {
          reference,
          at: sale.at,
          productId: sale.productId,
          productName: 'Excel Mastery',
          customerEmail: sale.email,
        },
        { customerName: sale.name },
      ),
    );
    const token = links.tokenFor(sale.id);
    await db.doc(`accessGrants/${hashToken(token)}`).set({
      transactionId: sale.id,
      productId: sale.productId,
      createdAt: sale.at,
      uses: 0,
      devices: [],
    });
    return { id: sale.id, token };
  }

  return { ...harness, reviewConfig: config, startReviewApi, seedProduct, seedSale };
}

export async function putReview(
  api: Pick<ReviewApi, 'url'>,
  path: string,
  body: unknown,
  cookie = '',
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${api.url}/api/reviews${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

export async function getJson(url: string, headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const res = await fetch(url, { headers });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}
