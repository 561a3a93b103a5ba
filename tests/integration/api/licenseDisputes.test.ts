// License keys follow their sale through a dispute's end (docs/licenses.md, 'Keys follow the sale';
// docs/payments.md, 'Refunds and disputes'): a Paystack dispute won re-enables the key, one lost is a
// full refund and leaves it disabled, and a key the seller disabled in Sales stays disabled whatever
// the dispute's end. Through HTTP on our API with the Firestore emulator, real admin ID tokens from the
// Auth emulator and real SMTP into the mail catcher; only Paystack's REST API is faked (msw).
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildCustomer,
  db,
  mailsMatching,
  paidCharge,
  postJson,
  seedProduct,
  signPaystack,
  toAddress,
} from '../../support/purchaseHarness';
import { useLicenseApi } from '../../support/licenseHarness';

const { paystack, api, call, adminPost } = useLicenseApi();

/** A ₦7,500 product issuing generated keys (3 machines), bought through Paystack. */
async function paystackKeyedSale() {
  const product = await seedProduct({ title: 'Invoice Toolkit' });
  await db.doc(`productDeliverables/${product.id}`).update({
    licenseKeys: { on: true, activationLimit: 3, source: 'generated' },
  });
  const customer = buildCustomer();
  const charge = await paidCharge(api().url, product, customer);
  paystack.charges.set(charge.reference, charge);
  const order = { provider: 'paystack', reference: charge.reference, productId: product.id, currency: 'NGN', customer };
  const sold = await postJson(`${api().url}/api/orders`, order);
  expect(sold.status).toBe(200);
  const { transactionId } = (await sold.json()) as { transactionId: string };
  const key = String((await db.doc(`transactions/${transactionId}`).get()).get('licenseKey'));
  expect(key).toMatch(/^[0-9A-F]{8}-[0-9A-F]{8}-[0-9A-F]{8}-[0-9A-F]{8}$/);
  return {
    reference: charge.reference,
    transactionId,
    customer,
    base: { license_key: key, product_id: product.id },
    // Paystack's dispute ids are numbers; one of its own per test, so no event is a replay of another's.
    disputeId: randomInt(100_000_000, 999_999_999),
  };
}

type Sale = Awaited<ReturnType<typeof paystackKeyedSale>>;

/** Paystack's charge.dispute.* webhook for the sale's ₦7,500 charge, signed, and the API's answer. */
async function disputeEvent(
  sale: Sale,
  type: 'charge.dispute.create' | 'charge.dispute.resolve',
  resolution: 'declined' | 'merchant-accepted' | null = null,
) {
  const event = JSON.stringify({
    event: type,
    data: {
      id: sale.disputeId,
      refund_amount: 750000,
      currency: 'NGN',
      status: type === 'charge.dispute.resolve' ? 'resolved' : 'awaiting-merchant-feedback',
      resolution,
      domain: 'test',
      category: 'chargeback',
      note: null,
      due_at: '2026-12-01T10:00:00.000Z',
      transaction: { id: 4099260516, reference: sale.reference, amount: 750000, currency: 'NGN' },
    },
  });
  const hook = await fetch(`${api().url}/api/webhooks/paystack`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystack(event) },
    body: event,
  });
  expect(hook.status).toBe(200);
  return (await hook.json()) as { outcome?: string };
}

const disabled = {
  valid: false,
  license: { status: 'disabled', activation_limit: 3 },
  message: 'This license key is disabled.',
};

async function expectDisabled(sale: Sale) {
  expect((await call('validate', sale.base)).body).toMatchObject(disabled);
  const refused = await call('activate', { ...sale.base, instance_name: 'New laptop' });
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ activated: false, license: { status: 'disabled' } });
}

describe('a license key through a Paystack dispute', () => {
  it('an open dispute disables the key and the dispute won re-enables it, its machine still counted', async () => {
    const sale = await paystackKeyedSale();
    const first = await call('activate', { ...sale.base, instance_name: 'Office laptop' });
    expect(first.status).toBe(200);
    expect((await disputeEvent(sale, 'charge.dispute.create')).outcome).toBe('applied');
    await expectDisabled(sale);

    expect((await disputeEvent(sale, 'charge.dispute.resolve', 'declined')).outcome).toBe('applied');
    expect((await call('validate', sale.base)).body).toEqual({
      valid: true,
      license: {
        status: 'active',
        activation_limit: 3,
        activation_usage: 1,
        product_id: sale.base.product_id,
        expires_at: null,
      },
    });
    expect((await call('activate', { ...sale.base, instance_name: 'Home PC' })).status).toBe(200);
    // The won event delivered again changes nothing.
    expect((await disputeEvent(sale, 'charge.dispute.resolve', 'declined')).outcome).toBe('duplicate');
    expect((await call('validate', sale.base)).body).toMatchObject({ valid: true, license: { status: 'active' } });
  });

  it('a dispute lost is a full refund: the key stays disabled, even when the seller presses Enable', async () => {
    const sale = await paystackKeyedSale();
    expect((await disputeEvent(sale, 'charge.dispute.create')).outcome).toBe('applied');
    await expectDisabled(sale);

    expect((await disputeEvent(sale, 'charge.dispute.resolve', 'merchant-accepted')).outcome).toBe('applied');
    expect((await db.doc(`transactions/${sale.transactionId}`).get()).data()).toMatchObject({
      accessRevoked: true,
      accessChangedBy: 'refund',
      dispute: { status: 'lost' },
      refund: { status: 'refunded', refunded: 7500, full: true, reason: 'Dispute lost' },
    });
    await expectDisabled(sale);
    const mails = await mailsMatching(toAddress(sale.customer.email), 2);
    expect(mails.filter((mail) => mail.subject.startsWith('Refund: Invoice Toolkit — ₦7,500 — '))).toHaveLength(1);

    // The seller's switch cannot bring back a key whose sale was refunded.
    expect((await adminPost(`${sale.transactionId}/license/status`, { disabled: false })).status).toBe(200);
    await expectDisabled(sale);
  });

  it('a key the seller disabled in Sales stays disabled after a dispute won, until the seller enables it', async () => {
    const sale = await paystackKeyedSale();
    expect((await adminPost(`${sale.transactionId}/license/status`, { disabled: true })).status).toBe(200);
    await expectDisabled(sale);
    expect((await disputeEvent(sale, 'charge.dispute.create')).outcome).toBe('applied');
    await expectDisabled(sale);

    expect((await disputeEvent(sale, 'charge.dispute.resolve', 'declined')).outcome).toBe('applied');
    // The dispute's own suspension is lifted (the purchase's access is back) but the seller's Disable stays.
    expect((await db.doc(`transactions/${sale.transactionId}`).get()).data()).toMatchObject({
      accessRevoked: false,
      accessChangedBy: 'dispute-won',
      dispute: { status: 'won' },
    });
    await expectDisabled(sale);
    const stored = (await db.collection('licenseKeys').where('transactionId', '==', sale.transactionId).get()).docs;
    expect(stored.map((doc) => doc.get('status') as string)).toEqual(['disabled']);

    expect((await adminPost(`${sale.transactionId}/license/status`, { disabled: false })).status).toBe(200);
    expect((await call('validate', sale.base)).body).toMatchObject({ valid: true, license: { status: 'active' } });
  });

  it('a key the seller disabled during an open dispute stays disabled after the dispute is won', async () => {
    const sale = await paystackKeyedSale();
    expect((await disputeEvent(sale, 'charge.dispute.create')).outcome).toBe('applied');
    expect((await adminPost(`${sale.transactionId}/license/status`, { disabled: true })).status).toBe(200);
    expect((await disputeEvent(sale, 'charge.dispute.resolve', 'declined')).outcome).toBe('applied');
    await expectDisabled(sale);
  });
});
