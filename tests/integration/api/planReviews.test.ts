// One review per plan (docs/reviews.md, 'Memberships and instalments') against the local cloud: a
// membership's renewals are sales of their own, and a review through any of them is the plan's one
// review, kept under the plan's first sale. Only Paystack itself is faked (msw); the clock is injected.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../support/libraryHarness';
import { useMsw } from '../../support/msw';
import {
  buildCustomer,
  createFakePaystack,
  db,
  paidCharge,
  postJson,
  removeSeededProducts,
  startPurchaseApi,
  uniqueTag,
  type PurchaseApi,
} from '../../support/purchaseHarness';
import { membershipsFor, seedPricedProduct, testClock } from '../../support/membershipHarness';
import { putReview } from '../../support/reviewHarness';
import type { Memberships } from '../../../server/memberships/memberships';

const paystack = createFakePaystack();
useMsw(setupServer(...paystack.handlers));
const clock = testClock('2026-11-22T09:00:00.000Z');
let api: PurchaseApi;
let memberships: Memberships;

beforeAll(async () => {
  api = await startPurchaseApi({ SIGNIN_RATE_LIMIT: '1000' }, { now: clock.now });
  ({ memberships } = membershipsFor(api.url, clock.now));
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

describe('reviews of a plan', () => {
  it("keeps one review per plan: a renewal's review edits the first sale's, and the rating counts it once", async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInNgn: 5000 });
    const customer = buildCustomer();
    const charge = await paidCharge(api.url, product, customer, { amount: 500000 });
    paystack.charges.set(charge.reference, charge);
    const paid = await postJson(`${api.url}/api/orders`, {
      provider: 'paystack',
      reference: charge.reference,
      productId: product.id,
      currency: 'NGN',
      customer,
    });
    expect(paid.status).toBe(200);
    const { transactionId: planId } = (await paid.json()) as { transactionId: string };

    clock.set('2026-12-22T09:30:00.000Z');
    const reference = `R${uniqueTag()}`;
    expect(
      await memberships.renew({
        membershipId: planId,
        provider: 'paystack',
        reference,
        amountMinor: 500000,
        currency: 'NGN',
        paidAt: '2026-12-22T09:30:00.000Z',
      }),
    ).toMatchObject({ kind: 'sale' });
    const renewalId = `paystack_${reference}`;

    const cookie = await signIn(api.url, customer.email);
    const first = await putReview(api, `/sales/${planId}`, { rating: 5, title: 'Great group', text: '' }, cookie);
    expect(first.status).toBe(201);

    const throughRenewal = await putReview(
      api,
      `/sales/${renewalId}`,
      { rating: 3, title: 'Quieter this month', text: 'Fewer signals.' },
      cookie,
    );
    expect(throughRenewal.status).toBe(200);
    expect(throughRenewal.json.review).toEqual({
      rating: 3,
      title: 'Quieter this month',
      text: 'Fewer signals.',
      status: 'shown',
    });

    expect((await db.doc(`reviews/${planId}`).get()).data()).toMatchObject({
      productId: product.id,
      rating: 3,
      title: 'Quieter this month',
      status: 'shown',
    });
    expect((await db.doc(`reviews/${renewalId}`).get()).exists).toBe(false);
    expect((await db.doc(`productRatings/${product.id}`).get()).data()).toMatchObject({ count: 1, sum: 3 });

    const fromFirstSale = (await (
      await fetch(`${api.url}/api/reviews/sales/${planId}`, { headers: { cookie } })
    ).json()) as { review: unknown };
    expect(fromFirstSale.review).toEqual({
      rating: 3,
      title: 'Quieter this month',
      text: 'Fewer signals.',
      status: 'shown',
    });
  });
});
