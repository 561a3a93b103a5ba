// /purchases resend and the access links, against the local cloud (demo payments make the
// purchases: no provider is involved here, so nothing is faked at all).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCustomer,
  db,
  grantsFor,
  mailsMatching,
  openCheckout,
  openDeliverable,
  postJson,
  removeSeededProducts,
  seedProduct,
  startPurchaseApi,
  toAddress,
  uniqueTag,
  type Customer,
  type PurchaseApi,
} from '../../support/purchaseHarness';

let api: PurchaseApi;
beforeAll(async () => {
  api = await startPurchaseApi();
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

const sameAnswer = {
  message:
    'If we have purchases for this e-mail address, their access links are on their way to it and should arrive within a minute. If you do not see them, please check your spam folder.',
};

async function buyWithDemo(productId: string, customer: Customer) {
  const { reference } = await openCheckout(api.url, { id: productId }, customer, { provider: 'demo' });
  const response = await postJson(`${api.url}/api/orders`, {
    provider: 'demo',
    reference,
    productId,
    currency: 'NGN',
    customer,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { transactionId: string; emailSent: boolean; accessUrl: string };
}

describe('POST /api/purchases/resend', () => {
  it('mails one e-mail listing every product bought with the address, each with its working access link', async () => {
    const [ebook, course] = [
      await seedProduct({ title: 'Freelance Writing Ebook' }),
      await seedProduct({ title: 'Personal Finance Course' }),
    ];
    const customer = buildCustomer();
    const first = await buyWithDemo(ebook.id, customer);
    // The second purchase typed the address in capitals: it is the same buyer.
    const second = await buyWithDemo(course.id, {
      ...customer,
      email: customer.email.toUpperCase(),
      confirmEmail: customer.email.toUpperCase(),
    });
    expect(await mailsMatching(toAddress(customer.email), 2)).toHaveLength(2);

    const response = await postJson(`${api.url}/api/purchases/resend`, { email: ` ${customer.email.toUpperCase()} ` });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(sameAnswer);
    // Sent while the request ran: the e-mail sweep, only the retry, finds nothing to send.
    expect(await api.sendRequestedLinks(customer.email)).toEqual({ claimed: 0, done: 0 });

    const resent = await mailsMatching(
      (mail) => toAddress(customer.email)(mail) && mail.subject.startsWith('Your purchases'),
    );
    expect(resent).toHaveLength(1);
    const [mail] = resent;
    expect(mail?.subject).toBe('Your purchases on Digital Store');
    for (const expected of ['Freelance Writing Ebook', 'Personal Finance Course', first.accessUrl, second.accessUrl]) {
      expect(mail?.text).toContain(expected);
      expect(mail?.html).toContain(expected);
    }

    for (const [answer, product] of [
      [first, ebook],
      [second, course],
    ] as const) {
      const opened = await openDeliverable(answer.accessUrl);
      expect(opened.status).toBe(303);
      expect(opened.headers.get('location')).toBe(product.deliverableUrl);
    }
  });

  it('gives the same answer for an address without purchases, and sends nothing', async () => {
    const address = `nobody.${uniqueTag()}@example.com`;
    const response = await postJson(`${api.url}/api/purchases/resend`, { email: address });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(sameAnswer);
    expect(await api.sendRequestedLinks(address)).toEqual({ claimed: 0, done: 0 });
    expect(await mailsMatching(toAddress(address), 0)).toEqual([]);
  });

  it('answers 400 for an address that is not one', async () => {
    const response = await postJson(`${api.url}/api/purchases/resend`, { email: 'not-an-address' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Please enter a valid email address.' });
  });

  it('is rate limited by its own limit (RESEND_RATE_LIMIT)', async () => {
    const limited = await startPurchaseApi({ RESEND_RATE_LIMIT: '2' });
    try {
      const address = `limit.${uniqueTag()}@example.com`;
      const send = () => postJson(`${limited.url}/api/purchases/resend`, { email: address });
      expect((await send()).status).toBe(200);
      expect((await send()).status).toBe(200);
      const refused = await send();
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({
        message: 'Too many requests for your purchase links. Please try again later.',
      });
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/access/{token}', () => {
  it('answers an unknown token with a 404 page that says how to get the link again', async () => {
    const response = await fetch(`${api.url}/api/access/${'A'.repeat(43)}`, { redirect: 'manual' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const page = await response.text();
    expect(page).toContain('This link is not valid');
    expect(page).toContain(`href="${api.url}/purchases"`);

    const malformed = await fetch(`${api.url}/api/access/%3Cscript%3E`, { redirect: 'manual' });
    expect(malformed.status).toBe(404);
    expect(await malformed.text()).not.toContain('<script>');
  });

  it('answers a revoked purchase with a page saying access has ended, and opens again once restored', async () => {
    const product = await seedProduct();
    const customer = buildCustomer();
    const answer = await buyWithDemo(product.id, customer);
    await db.doc(`transactions/${answer.transactionId}`).update({ accessRevoked: true });

    const revoked = await fetch(answer.accessUrl, { redirect: 'manual' });
    expect(revoked.status).toBe(410);
    expect(await revoked.text()).toContain('Your access to this product has ended');
    const pressed = await openDeliverable(answer.accessUrl);
    expect(pressed.status).toBe(410);
    expect(pressed.headers.get('location')).toBeNull();
    expect((await grantsFor(answer.transactionId))[0]?.uses).toBe(0);

    await db.doc(`transactions/${answer.transactionId}`).update({ accessRevoked: false });
    const restored = await openDeliverable(answer.accessUrl);
    expect(restored.status).toBe(303);
  });

  it('sends the buyer to the deliverable as the seller has it now, counting each press but not the page', async () => {
    const product = await seedProduct();
    const answer = await buyWithDemo(product.id, buildCustomer());
    await db.doc(`productDeliverables/${product.id}`).set({ url: 'https://drive.example.com/moved' });
    // Mail scanners open links: the page alone counts nothing.
    expect((await fetch(answer.accessUrl, { redirect: 'manual' })).status).toBe(200);
    for (let use = 0; use < 2; use += 1) {
      const opened = await openDeliverable(answer.accessUrl);
      expect(opened.headers.get('location')).toBe('https://drive.example.com/moved');
    }
    expect((await grantsFor(answer.transactionId))[0]?.uses).toBe(2);
    // The same count on the transaction, where the Sales panel (admins, who cannot read grants) shows it.
    expect((await db.doc(`transactions/${answer.transactionId}`).get()).get('accessUses')).toBe(2);
  });
});
