// Load fault test (docs/payments.md): 50 order calls at once across 10 payment references (5 racing calls
// per reference, demo payments, the local cloud's Firestore emulator and SMTP): exactly 10 transactions,
// 10 access grants and one e-mail per buyer, and every racing call gets the same answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCustomer,
  grantsFor,
  openCheckout,
  mailsMatching,
  postJson,
  removeSeededProducts,
  seedProduct,
  startPurchaseApi,
  toAddress,
  transactionsFor,
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

describe('50 concurrent order calls across 10 references', () => {
  it('record exactly 10 transactions and send each buyer exactly one e-mail', async () => {
    const product = await seedProduct();
    // Each buyer pressed Pay once: ten demo checkouts, then five racing order calls per reference.
    const buyers = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const customer = buildCustomer();
        const { reference } = await openCheckout(api.url, product, customer, { provider: 'demo' });
        return { customer, reference };
      }),
    );
    const calls = Array.from({ length: 50 }, (_, i) => {
      const buyer = buyers[i % 10];
      if (!buyer) throw new Error('ten buyers expected');
      const { customer, reference } = buyer;
      return postJson(`${api.url}/api/orders`, {
        provider: 'demo',
        reference,
        productId: product.id,
        currency: 'NGN',
        customer,
      });
    });
    const responses = await Promise.all(calls);
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
    const answers = (await Promise.all(responses.map((response) => response.json()))) as Array<{
      transactionId: string;
    }>;
    for (let b = 0; b < 10; b += 1) {
      const mine = answers.filter((_, i) => i % 10 === b).map((answer) => JSON.stringify(answer));
      expect(new Set(mine).size, `answers for buyer ${b}`).toBe(1);
    }

    const perReference = await Promise.all(buyers.map(({ reference }) => transactionsFor(reference)));
    expect(perReference.map((list) => list.length)).toEqual(Array(10).fill(1));
    const grants = await Promise.all(perReference.map((list) => grantsFor(list[0]?.id ?? '')));
    expect(grants.map((list) => list.length)).toEqual(Array(10).fill(1));
    const mails = await Promise.all(buyers.map(({ customer }) => mailsMatching(toAddress(customer.email))));
    expect(mails.map((list) => list.length)).toEqual(Array(10).fill(1));
  }, 60_000);
});
