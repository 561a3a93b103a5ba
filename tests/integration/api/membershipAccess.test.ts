// Access follows the plan (docs/memberships.md, 'Access') against the local cloud: the access page and
// the public license API of a membership's sale, through its grace, its end and its reopening by a
// transfer renewal, with the API's clock injected. Only Paystack itself is faked (msw).
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { libraryGet, libraryPost, signIn } from '../../support/libraryHarness';
import { membershipsFor, seedPricedProduct, testClock } from '../../support/membershipHarness';
import type { Memberships } from '../../../server/memberships/memberships';

const paystack = createFakePaystack();
useMsw(setupServer(...paystack.handlers));
// The fake Paystack's charges are paid at 09:00:05 UTC on 22 November 2026.
const clock = testClock('2026-11-22T09:00:00.000Z');
let api: PurchaseApi;
let memberships: Memberships;

beforeAll(async () => {
  api = await startPurchaseApi(
    { LICENSE_RATE_LIMIT: '1000', LICENSE_KEY_RATE_LIMIT: '1000', SIGNIN_RATE_LIMIT: '1000' },
    { now: clock.now },
  );
  ({ memberships } = membershipsFor(api.url, clock.now));
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

interface LicenseAnswerBody {
  valid?: boolean;
  activated?: boolean;
  message?: string;
  license?: { status: string; expires_at: string | null };
}

async function license(path: 'validate' | 'activate', body: Record<string, string>) {
  const response = await postJson(`${api.url}/api/licenses/${path}`, body);
  return { status: response.status, body: (await response.json()) as LicenseAnswerBody };
}

/** A monthly membership with license keys, bought through POST /api/orders: its sale, link and key. */
async function aMembershipWithKey() {
  const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInNgn: 5000 });
  await db
    .doc(`productDeliverables/${product.id}`)
    .set({ licenseKeys: { on: true, activationLimit: null, source: 'generated' } }, { merge: true });
  clock.set('2026-11-22T09:00:00.000Z');
  const customer = buildCustomer();
  const charge = await paidCharge(api.url, product, customer, { amount: 500000 });
  paystack.charges.set(charge.reference, charge);
  const response = await postJson(`${api.url}/api/orders`, {
    provider: 'paystack',
    reference: charge.reference,
    productId: product.id,
    currency: 'NGN',
    customer,
  });
  expect(response.status).toBe(200);
  const { transactionId, accessUrl } = (await response.json()) as { transactionId: string; accessUrl: string };
  const keys = await db.collection('licenseKeys').where('transactionId', '==', transactionId).get();
  const key = String(keys.docs[0]?.get('key'));
  return { product, customer, transactionId, accessUrl, key };
}

describe('access follows the plan', () => {
  it('keeps the page and the key open in the grace, closes both with the end date after it, and reopens them when paid by transfer', async () => {
    const { product, transactionId, accessUrl, key } = await aMembershipWithKey();
    const keyBody = { license_key: key, product_id: product.id };

    clock.set('2026-12-01T12:00:00.000Z');
    expect((await fetch(accessUrl)).status).toBe(200);
    expect(await license('validate', keyBody)).toMatchObject({
      status: 200,
      body: { valid: true, license: { status: 'active', expires_at: '2026-12-27T09:00:05.000Z' } },
    });

    clock.set('2026-12-22T09:30:00.000Z');
    expect(await memberships.fail(transactionId)).toMatchObject({ kind: 'changed' });
    clock.set('2026-12-27T09:29:59.000Z');
    expect((await fetch(accessUrl)).status).toBe(200);
    expect((await license('validate', keyBody)).body).toMatchObject({ valid: true });

    clock.set('2026-12-27T09:30:00.000Z');
    const ended = await fetch(accessUrl);
    expect(ended.status).toBe(410);
    expect(await ended.text()).toContain('Your membership ended on 27 December 2026.');
    expect(await license('validate', keyBody)).toEqual({
      status: 200,
      body: {
        valid: false,
        message: "This license key's membership ended on 27 December 2026.",
        license: {
          status: 'disabled',
          activation_limit: null,
          activation_usage: 0,
          product_id: product.id,
          expires_at: '2026-12-27T09:30:00.000Z',
        },
      },
    });
    const refused = await license('activate', { ...keyBody, instance_name: 'Studio laptop' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      activated: false,
      message: "This license key's membership ended on 27 December 2026.",
    });

    clock.set('2027-01-03T11:00:00.000Z');
    const renewal = {
      membershipId: transactionId,
      provider: 'paystack' as const,
      reference: `R${uniqueTag()}`,
      amountMinor: 500000,
      currency: 'NGN' as const,
      paidAt: '2027-01-03T11:00:00.000Z',
    };
    expect(await memberships.renew(renewal)).toMatchObject({ kind: 'sale' });
    expect((await fetch(accessUrl)).status).toBe(200);
    expect(await license('validate', keyBody)).toMatchObject({
      status: 200,
      body: { valid: true, license: { status: 'active', expires_at: '2027-02-08T11:00:00.000Z' } },
    });
    // The renewal issued no second key: the plan keeps the key of its first sale.
    const renewalKeys = await db
      .collection('licenseKeys')
      .where('transactionId', '==', `paystack_${renewal.reference}`)
      .get();
    expect(renewalKeys.size).toBe(0);
  });

  it("lists the plan's sales as ended in the library once the plan is, opens none, and opens them again when it is paid", async () => {
    const { customer, transactionId } = await aMembershipWithKey();
    clock.set('2026-12-22T09:30:00.000Z');
    expect(await memberships.fail(transactionId)).toMatchObject({ kind: 'changed' });

    clock.set('2026-12-28T10:00:00.000Z');
    const cookie = await signIn(api.url, customer.email);
    const listed = async () =>
      (
        (await (await libraryGet(api.url, '/purchases', cookie)).json()) as {
          purchases: { id: string; state: string }[];
        }
      ).purchases;
    expect((await listed()).map((purchase) => [purchase.id, purchase.state])).toEqual([[transactionId, 'accessEnded']]);
    const refused = await libraryPost(api.url, `/purchases/${transactionId}/open`, cookie);
    expect(refused.status).toBe(410);
    expect(await refused.json()).toEqual({ message: 'Access to this purchase has ended.' });

    const reference = `R${uniqueTag()}`;
    const paidAt = '2026-12-28T10:00:00.000Z';
    const paid = {
      membershipId: transactionId,
      provider: 'paystack' as const,
      reference,
      amountMinor: 500000,
      currency: 'NGN' as const,
      paidAt,
    };
    expect(await memberships.renew(paid)).toMatchObject({ kind: 'sale' });
    expect(new Set((await listed()).map((purchase) => `${purchase.id} ${purchase.state}`))).toEqual(
      new Set([`${transactionId} active`, `paystack_${reference} active`]),
    );
    expect((await libraryPost(api.url, `/purchases/${transactionId}/open`, cookie)).status).toBe(200);
  });
});
