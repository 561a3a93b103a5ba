// The library's purchases on the local cloud (docs/library.md): listed newest first for the signed-in
// address only (with a purchase an admin moved to it), each active one opening its download page with
// no e-mail step, states, and the receipt PDF read back by another PDF reader. Demo payments, our
// Firestore emulator and SMTP; nothing of ours faked.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAdmin, seedDemoAdmin } from '../../../local/seed/seed';
import { createAdminAuth } from '../../../server/admin/adminAuth';
import { signInWithPassword } from '../../support/authEmulatorUsers';
import {
  buildCustomer,
  cloud,
  db,
  mailsMatching,
  postJson,
  removeSeededProducts,
  seedDiscountCode,
  seedProduct,
  startPurchaseApi,
  toAddress,
  uniqueTag,
  type Customer,
  type PurchaseApi,
} from '../../support/purchaseHarness';
import { libraryGet, libraryPost, signIn } from '../../support/libraryHarness';

let api: PurchaseApi;
let adminToken: string;
beforeAll(async () => {
  await seedDemoAdmin(db, cloud.authUrl);
  adminToken = (await signInWithPassword(cloud.authUrl, demoAdmin.email, demoAdmin.password)).idToken;
  api = await startPurchaseApi(
    { SIGNIN_RATE_LIMIT: '1000', ADMIN_RATE_LIMIT: '1000' },
    {
      auth: createAdminAuth({
        projectId: 'demo-digital-store',
        emulatorHost: cloud.apiEnv.FIREBASE_AUTH_EMULATOR_HOST,
      }),
    },
  );
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

/** A product with one file, so its download page asks a new device for the purchase e-mail. */
async function productWithFile(title: string) {
  const product = await seedProduct({ title });
  await db.doc(`productDeliverables/${product.id}`).set({
    url: null,
    files: [
      {
        id: 'f1',
        name: 'Guide.pdf',
        size: 2048,
        contentType: 'application/pdf',
        storagePath: `deliverables/${product.id}/f1`,
        order: 0,
      },
    ],
  });
  return product;
}

async function buy(productId: string, customer: Customer, code?: string) {
  const checkout = await postJson(`${api.url}/api/checkouts`, {
    productId,
    currency: 'NGN',
    customer,
    provider: 'demo',
    ...(code ? { code } : {}),
  });
  expect(checkout.status).toBe(201);
  const { reference } = (await checkout.json()) as { reference: string };
  const order = await postJson(`${api.url}/api/orders`, {
    provider: 'demo',
    reference,
    productId,
    currency: 'NGN',
    customer,
  });
  expect(order.status).toBe(200);
  return ((await order.json()) as { transactionId: string }).transactionId;
}

interface Listed {
  id: string;
  title: string;
  state: string;
  amountPaid: number;
  listPrice: number;
  discountCode: string | null;
  discountAmount: number;
  coverImageUrl: string | null;
  currency: string;
  refunded: number;
}

describe('the library of a signed-in address', () => {
  it('lists its purchases newest first, with one an admin moved to it, and nothing of another address', async () => {
    const tag = uniqueTag();
    const ada = buildCustomer(tag);
    const typo = { ...buildCustomer(), name: ada.name };
    const code = await seedDiscountCode('LIB', { percent: 10 });
    const first = await productWithFile(`First Guide ${tag}`);
    const second = await productWithFile(`Second Guide ${tag}`);
    const moved = await productWithFile(`Moved Guide ${tag}`);
    const firstId = await buy(first.id, ada, code);
    const secondId = await buy(second.id, ada);
    const movedId = await buy(moved.id, typo);
    const othersId = await buy(first.id, buildCustomer());
    const corrected = await postJson(
      `${api.url}/api/admin/transactions/${movedId}/resend`,
      { email: ada.email },
      { authorization: `Bearer ${adminToken}` },
    );
    expect(corrected.status).toBe(200);

    const cookie = await signIn(api.url, ada.email);
    const listed = (await (await libraryGet(api.url, '/purchases', cookie)).json()) as {
      email: string;
      purchases: Listed[];
    };
    expect(listed.email).toBe(ada.email);
    // The moved sale was made last, so it is the newest.
    expect(listed.purchases.map((p) => p.title)).toEqual([
      `Moved Guide ${tag}`,
      `Second Guide ${tag}`,
      `First Guide ${tag}`,
    ]);
    expect(listed.purchases[2]).toEqual({
      id: firstId,
      title: `First Guide ${tag}`,
      coverImageUrl: 'https://images.test/cover.png',
      paidAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
      currency: 'NGN',
      amountPaid: 6750,
      listPrice: 7500,
      discountCode: code,
      discountAmount: 750,
      refunded: 0,
      hasLicenseKey: false,
      hasCourse: false,
      state: 'active',
    });

    // Another address's purchase is refused, the same as one that does not exist.
    for (const id of [othersId, 'demo_NOSUCHSALE']) {
      const open = await libraryPost(api.url, `/purchases/${id}/open`, cookie);
      expect(open.status).toBe(404);
      expect(await open.json()).toEqual({ message: 'This purchase is not in your library.' });
      expect((await libraryGet(api.url, `/purchases/${id}/receipt`, cookie)).status).toBe(404);
    }

    // An active purchase opens its download page with no e-mail step on this browser.
    const open = await libraryPost(api.url, `/purchases/${secondId}/open`, cookie);
    expect(open.status).toBe(200);
    const { url } = (await open.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^${api.url}/api/access/[A-Za-z0-9_-]{43}$`));
    const page = await (await fetch(url, { headers: { cookie } })).text();
    expect(page).toContain('Guide.pdf');
    expect(page).not.toContain('Please confirm the e-mail address you used when paying');
    // The download page and the purchase e-mail lead to the library.
    expect(page).toContain(`<a href="${api.url}/library">your library</a>`);
    const [orderMail] = await mailsMatching(
      (mail) => toAddress(ada.email)(mail) && mail.subject.startsWith(`Your purchase: Second Guide ${tag}`),
    );
    expect(orderMail?.text).toContain(`Everything you bought here is in your library: ${api.url}/library`);
    expect(orderMail?.html).toContain(`href="${api.url}/library"`);
    // Signing in confirmed this browser for the address's other purchases too: the e-mailed link of
    // one never opened from the library shows its files, and still does after signing out.
    const [firstMail] = await mailsMatching(
      (mail) => toAddress(ada.email)(mail) && mail.subject.startsWith(`Your purchase: First Guide ${tag}`),
    );
    const firstLink = /https?:\/\/\S+\/api\/access\/[A-Za-z0-9_-]{43}/.exec(firstMail?.text ?? '')?.[0] ?? '';
    expect(await (await fetch(firstLink, { headers: { cookie } })).text()).toContain('Guide.pdf');
    expect((await libraryPost(api.url, '/sign-out', cookie)).status).toBe(200);
    const afterSignOut = await (await fetch(firstLink, { headers: { cookie } })).text();
    expect(afterSignOut).toContain('Guide.pdf');
    expect(afterSignOut).not.toContain('Please confirm the e-mail address you used when paying');
    // Another browser with the same link is still asked.
    expect(await (await fetch(url)).text()).toContain('Please confirm the e-mail address you used when paying');
  });

  it('shows refunded and disputed purchases in their states and opens neither', async () => {
    const customer = buildCustomer();
    const refundedId = await buy((await productWithFile('Refunded Guide')).id, customer);
    const disputedId = await buy((await productWithFile('Disputed Guide')).id, customer);
    await db
      .doc(`transactions/${refundedId}`)
      .update({ accessRevoked: true, accessChangedBy: 'refund', 'refund.refunded': 7500 });
    await db.doc(`transactions/${disputedId}`).update({ accessRevoked: true, accessChangedBy: 'dispute' });
    const cookie = await signIn(api.url, customer.email);
    const { purchases } = (await (await libraryGet(api.url, '/purchases', cookie)).json()) as { purchases: Listed[] };
    expect(purchases.map((p) => [p.title, p.state, p.refunded])).toEqual([
      ['Disputed Guide', 'disputed', 0],
      ['Refunded Guide', 'refunded', 7500],
    ]);
    const refused = await libraryPost(api.url, `/purchases/${refundedId}/open`, cookie);
    expect(refused.status).toBe(410);
    expect(await refused.json()).toEqual({ message: 'Access to this purchase has ended.' });
  });
});

const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: bytes, standardFontDataUrl, isEvalSupported: false, disableFontFace: true })
    .promise;
  const page = await pdf.getPage(1);
  const text = (await page.getTextContent()).items
    .filter((item): item is TextItem => 'str' in item)
    .map((item) => item.str)
    .join('\n');
  await pdf.destroy();
  return text;
}

describe('a payment on its way', () => {
  it('is listed first as awaiting payment, with no Open and no receipt, and only for its own address', async () => {
    const tag = uniqueTag();
    const customer = buildCustomer(tag);
    const boughtId = await buy((await productWithFile(`Bought Guide ${tag}`)).id, customer);
    const waiting = await productWithFile(`Transfer Guide ${tag}`);
    const reportTransfer = async (buyer: Customer) => {
      const created = await postJson(`${api.url}/api/checkouts`, {
        productId: waiting.id,
        currency: 'NGN',
        customer: buyer,
        provider: 'demo',
      });
      expect(created.status).toBe(201);
      const { checkoutId, reference } = (await created.json()) as { checkoutId: string; reference: string };
      const pending = await postJson(`${api.url}/api/checkouts/${checkoutId}/pending`, {
        reference,
        productId: waiting.id,
        customer: buyer,
      });
      expect(pending.status).toBe(202);
      return checkoutId;
    };
    const checkoutId = await reportTransfer(customer);
    await reportTransfer(buildCustomer());

    const cookie = await signIn(api.url, customer.email);
    const { purchases } = (await (await libraryGet(api.url, '/purchases', cookie)).json()) as { purchases: Listed[] };
    expect(purchases.map((p) => [p.id, p.title, p.state, p.amountPaid, p.currency])).toEqual([
      [checkoutId, `Transfer Guide ${tag}`, 'awaiting', 7500, 'NGN'],
      [boughtId, `Bought Guide ${tag}`, 'active', 7500, 'NGN'],
    ]);
    // Not a sale yet: nothing to open and no receipt.
    expect((await libraryPost(api.url, `/purchases/${checkoutId}/open`, cookie)).status).toBe(404);
    expect((await libraryGet(api.url, `/purchases/${checkoutId}/receipt`, cookie)).status).toBe(404);
  });
});

describe('the receipt', () => {
  it('is a PDF made on demand with every field, the refund, the Lagos time, and no access link', async () => {
    const customer = { ...buildCustomer(), name: 'Adébáyọ̀ Ọlọ́fin' };
    const code = await seedDiscountCode('RCPT', { percent: 10 });
    const product = await productWithFile('Receipt Guide');
    const id = await buy(product.id, customer, code);
    await db
      .doc(`transactions/${id}`)
      .update({ paidAt: '2026-11-22T09:00:05.000Z', 'refund.refunded': 1000, 'refund.at': '2026-11-23T15:30:00.000Z' });
    const cookie = await signIn(api.url, customer.email);
    const response = await libraryGet(api.url, `/purchases/${id}/receipt`, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const reference = id.slice('demo_'.length);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="receipt-${reference}.pdf"`);
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    for (const expected of [
      'Receipt — Digital Store',
      'seller@digitalstore.test',
      'Adébáyọ̀ Ọlọ́fin',
      customer.email,
      'Receipt Guide',
      '₦7,500',
      `-₦750 (${code})`,
      '₦6,750',
      'NGN',
      'Demo',
      reference,
      '22 November 2026 at 10:00 (Lagos time)',
      '₦1,000 refunded on 23 November 2026 at 16:30 (Lagos time)',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('/api/access/');
    expect((await libraryGet(api.url, `/purchases/${id}/receipt`, '')).status).toBe(401);
  });
});
