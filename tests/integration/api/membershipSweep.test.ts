// The memberships sweep against the local cloud (docs/memberships.md, 'The sweep'): dunning on day 0 and
// day 3 of a failed renewal, the end after the grace told to the buyer and the seller, a transfer
// member's links 7 days and 1 day before the period ends, a quarterly renewal's reminder; each once
// however often the sweep runs. Real SMTP into the mail catcher; only Paystack is faked (msw).
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaughtMail } from '../../../local/mail/mailCatcher';
import { useMsw } from '../../support/msw';
import {
  createFakePaystack,
  mailsMatching,
  mailsNow,
  removeSeededProducts,
  sellerEmail,
  startPurchaseApi,
  toAddress,
  type PurchaseApi,
  type SeededProduct,
} from '../../support/purchaseHarness';
import { seedPricedProduct, testClock } from '../../support/membershipHarness';
import {
  createFakePaystackSubscriptions,
  firstPaymentOf,
  invoiceData,
  paystackWiringFor,
  sendPaystackEvent,
} from '../../support/paystackSubscriptionFakes';

const paystack = createFakePaystack();
const subscriptions = createFakePaystackSubscriptions();
useMsw(setupServer(...paystack.handlers, ...subscriptions.handlers));
const clock = testClock('2026-11-22T09:00:00.000Z');
let api: PurchaseApi;
let wiring: ReturnType<typeof paystackWiringFor>;

beforeAll(async () => {
  api = await startPurchaseApi({}, { now: clock.now });
  wiring = paystackWiringFor(api.url, clock.now);
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

const member = (product: SeededProduct, amountKobo: number, byCard: boolean) =>
  firstPaymentOf(
    { apiUrl: api.url, wiring, paystack, setClock: (iso: string) => clock.set(iso) },
    product,
    amountKobo,
    byCard,
  );

/** One run of the sweep at `iso`, for this product's plans alone (the database is shared). */
async function sweepAt(iso: string, product: SeededProduct) {
  clock.set(iso);
  return wiring.membershipSweep.runOnce((productId) => productId === product.id);
}

const titled = (to: string, subject: string) => (mail: CaughtMail) =>
  toAddress(to)(mail) && mail.subject.startsWith(subject);

describe('a card renewal that failed', () => {
  it('is e-mailed at once and on day 3, then ends after the grace: the buyer and the seller are told, once each', async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInNgn: 5000 });
    const plan = await member(product, 500000, true);
    const email = plan.customer.email;
    clock.set('2026-12-22T00:10:00.000Z');
    const failed = invoiceData(plan.code, email, { reference: '', amount: 500000, status: 'failed' });
    expect((await sendPaystackEvent(api.url, 'invoice.payment_failed', failed)).status).toBe(200);

    expect(await sweepAt('2026-12-22T01:00:00.000Z', product)).toEqual({ ended: 0, sent: 1, failed: 0 });
    expect(await sweepAt('2026-12-22T02:00:00.000Z', product)).toEqual({ ended: 0, sent: 0, failed: 0 });
    const [first] = await mailsMatching(titled(email, 'Your payment did not go through'));
    expect(first?.text).toContain(
      `Your payment of ₦5,000 for ${product.title} did not go through. You keep access until 27 December 2026.`,
    );
    expect(first?.text).toContain(`Update your card: https://paystack.com/manage/subscriptions/${plan.code}`);
    expect(first?.text).toContain(`Pay ₦5,000 by transfer: ${api.url}/api/memberships/${plan.id}/pay/`);

    expect(await sweepAt('2026-12-24T23:00:00.000Z', product)).toEqual({ ended: 0, sent: 0, failed: 0 });
    expect(await sweepAt('2026-12-25T00:10:00.000Z', product)).toEqual({ ended: 0, sent: 1, failed: 0 });
    const again = await mailsMatching(titled(email, 'Your access ends soon'));
    expect(again).toHaveLength(1);
    expect(again[0]?.text).toContain(
      `Your payment for ${product.title} has still not gone through. Your access ends on 27 December 2026 unless this month is paid.`,
    );

    expect(await sweepAt('2026-12-27T09:00:05.000Z', product)).toEqual({ ended: 1, sent: 2, failed: 0 });
    expect(await sweepAt('2026-12-28T09:00:00.000Z', product)).toEqual({ ended: 0, sent: 0, failed: 0 });
    expect(await wiring.memberships.get(plan.id)).toMatchObject({
      status: 'ended',
      endedAt: '2026-12-27T09:00:05.000Z',
    });
    const ended = await mailsMatching(titled(email, `Your membership of ${product.title} ended`));
    expect(ended).toHaveLength(1);
    expect(ended[0]?.text).toContain(
      `Your membership of ${product.title} ended on 27 December 2026, as its payment did not come. Pay ₦5,000 to open it again for another month.`,
    );
    const seller = await mailsMatching(titled(sellerEmail, `A membership of ${product.title} ended unpaid`));
    expect(seller).toHaveLength(1);
    expect(seller[0]?.text).toContain(`(${email}) ended on 27 December 2026: its renewal was not paid.`);
    expect(await mailsMatching(toAddress(email), 4)).toHaveLength(4);
  });
});

describe('a member who renews by transfer', () => {
  it('gets the link to pay 7 days and 1 day before the period ends, once each', async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInNgn: 5000 });
    const plan = await member(product, 500000, false);
    expect(await sweepAt('2026-12-15T09:00:04.000Z', product)).toEqual({ ended: 0, sent: 0, failed: 0 });
    expect(await sweepAt('2026-12-15T10:00:00.000Z', product)).toEqual({ ended: 0, sent: 1, failed: 0 });
    expect(await sweepAt('2026-12-16T10:00:00.000Z', product)).toEqual({ ended: 0, sent: 0, failed: 0 });
    expect(await sweepAt('2026-12-21T10:00:00.000Z', product)).toEqual({ ended: 0, sent: 1, failed: 0 });
    expect(await sweepAt('2026-12-21T11:00:00.000Z', product)).toEqual({ ended: 0, sent: 0, failed: 0 });
    const links = await mailsMatching(titled(plan.customer.email, `Pay your next month of ${product.title}`), 2);
    expect(links).toHaveLength(2);
    expect(links[0]?.text).toContain(
      `Your month of ${product.title} ends on 22 December 2026. Pay ₦5,000 for the next one by bank transfer, USSD or card to keep access.`,
    );
    expect(links[1]?.text).toContain(`Pay ₦5,000 by transfer: ${wiring.transfers.linkFor(plan.id)}`);
  });

  it('a cancelled plan ends at its period end without the unpaid e-mails', async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInNgn: 5000 });
    const plan = await member(product, 500000, false);
    clock.set('2026-12-01T10:00:00.000Z');
    expect(await wiring.memberships.cancel(plan.id, 'periodEnd')).toMatchObject({ kind: 'changed' });
    expect(await sweepAt('2026-12-21T10:00:00.000Z', product)).toEqual({ ended: 0, sent: 0, failed: 0 });
    expect(await sweepAt('2026-12-22T09:00:05.000Z', product)).toEqual({ ended: 1, sent: 0, failed: 0 });
    expect(await mailsNow(titled(sellerEmail, `A membership of ${product.title} ended unpaid`))).toEqual([]);
  });
});

describe('a quarterly card membership', () => {
  it('is reminded 7 days before it renews, once', async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'quarterly' }, { priceInNgn: 12000 });
    const plan = await member(product, 1200000, true);
    expect(await sweepAt('2027-02-15T10:00:00.000Z', product)).toEqual({ ended: 0, sent: 1, failed: 0 });
    expect(await sweepAt('2027-02-20T10:00:00.000Z', product)).toEqual({ ended: 0, sent: 0, failed: 0 });
    const soon = await mailsMatching(titled(plan.customer.email, `Your ${product.title} membership renews soon`));
    expect(soon).toHaveLength(1);
    expect(soon[0]?.text).toContain(
      `Your membership of ${product.title} renews on 22 February 2027 for ₦12,000 a quarter.`,
    );
  });
});
