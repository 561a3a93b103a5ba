// Commissions the seller should not pay (docs/affiliates.md, 'Links and attribution' and 'Refunds and
// disputes'), replayed against the local cloud with Paystack's stand-in: a buyer paid through their own
// payout account under another affiliate's name, and a batch payout meeting disputed and revoked sales.
import { describe, expect, it } from 'vitest';
import { buildCustomer, db, postJson, seedProduct, uniqueTag } from '../../support/purchaseHarness';
import {
  application,
  bearer,
  checkoutDoc,
  commissionDoc,
  disputeEvent,
  newAccountNumber,
  startAffiliateApi,
  useAffiliateApi,
} from '../../support/affiliateHarness';

const harness = useAffiliateApi();
const { admin, applyAs, approvedAffiliate, attributedSale, checkout, payWithPaystack, paystackEvent } = harness;

const saleDoc = async (id: string) => (await db.doc(`transactions/${id}`).get()).data() ?? {};
/** The seller revokes or restores a sale's access (the Sales panel's action). */
const access = (id: string, revoked: boolean) =>
  postJson(`${harness.api().url}/api/admin/transactions/${id}/access`, { revoked }, bearer(harness.adminToken()));
/** A batch payout of one affiliate on an API whose clock is past the hold. */
const batchOn = async (url: string, affiliateCode: string) => {
  const response = await postJson(
    `${url}/api/admin/affiliates/commissions/batch`,
    { affiliateCode },
    bearer(harness.adminToken()),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as { count: number; held: number; csv: string; message: string };
};

describe('self-referral by payout account', () => {
  it('earns no commission when the affiliate is paid into the bank account of the buyer’s own earlier application', async () => {
    const accountNumber = newAccountNumber();
    // The buyer applied once with their account (still pending); a second address of theirs, with the
    // same account, is approved and its link is used for the buyer's own purchase.
    const buyer = buildCustomer();
    const own = application(uniqueTag(), { kind: 'bank', bankCode: '058', accountNumber });
    expect((await applyAs({ ...own, email: buyer.email })).answer.status).toBe(201);
    const twin = await approvedAffiliate('bank', 30, { accountNumber });

    const product = await seedProduct({ priceInNgn: 7500 });
    const started = await checkout(product, buyer, { ref: twin.code });
    expect(started.split).toBeUndefined();
    expect(await checkoutDoc(started.checkoutId)).not.toHaveProperty('affiliateCode');
    expect((await payWithPaystack(product, buyer, started.reference, 750_000)).status).toBe(200);
    expect(await commissionDoc(`paystack_${started.reference}`)).toBeNull();
    expect(await saleDoc(`paystack_${started.reference}`)).not.toHaveProperty('affiliateCode');

    // Someone else through the same link earns the affiliate a commission; so does a buyer whose own
    // application named the same number at another bank.
    const stranger = await attributedSale(twin, false);
    expect(await commissionDoc(stranger.transactionId)).toMatchObject({
      affiliateCode: twin.code,
      amountMinor: 225_000,
    });
    const otherBankBuyer = buildCustomer();
    const otherBank = application(uniqueTag(), { kind: 'bank', bankCode: '044', accountNumber });
    expect((await applyAs({ ...otherBank, email: otherBankBuyer.email })).answer.status).toBe(201);
    const sale = await attributedSale(twin, false, otherBankBuyer);
    expect(await commissionDoc(sale.transactionId)).toMatchObject({ affiliateCode: twin.code, amountMinor: 225_000 });
  });

  it('earns no commission when the affiliate’s PayPal address is the buyer’s, or is that of the buyer’s own removed application', async () => {
    const tag = uniqueTag();
    const paypalEmail = `wallet.${tag}@example.com`;
    // An earlier application of the buyer's, removed by the seller, named the PayPal address.
    const buyer = buildCustomer();
    const earlier = await applyAs({
      ...application(uniqueTag(), { kind: 'paypal', paypalEmail }),
      email: buyer.email,
    });
    const { code: earlierCode } = (await earlier.answer.json()) as { code: string };
    expect((await admin(`/${earlierCode}/remove`)).status).toBe(200);
    const affiliate = await approvedAffiliate('paypal', 30, { paypalEmail: paypalEmail.toUpperCase() });

    const product = await seedProduct({ priceInNgn: 7500 });
    const own = await checkout(product, buyer, { ref: affiliate.code });
    expect(await checkoutDoc(own.checkoutId)).not.toHaveProperty('affiliateCode');

    // The buyer pays with the affiliate's PayPal address as their e-mail (plus-tagged).
    const wallet = paypalEmail.replace('@', '+shop@');
    const byWallet = await checkout(
      product,
      { ...buildCustomer(), email: wallet, confirmEmail: wallet },
      {
        ref: affiliate.code,
      },
    );
    expect(await checkoutDoc(byWallet.checkoutId)).not.toHaveProperty('affiliateCode');

    const other = await checkout(product, buildCustomer(), { ref: affiliate.code });
    expect(await checkoutDoc(other.checkoutId)).toMatchObject({
      affiliateCode: affiliate.code,
      commissionMinor: 225_000,
    });
  });
});

describe('commissions of disputed or revoked sales', () => {
  it('holds them out of a batch payout and says how many, then pays a restored one in the next batch', async () => {
    const affiliate = await approvedAffiliate('paypal');
    const plain = await attributedSale(affiliate, false);
    const disputed = await attributedSale(affiliate, false);
    const revoked = await attributedSale(affiliate, false);
    const disputeId = 90_000 + Math.floor(Math.random() * 9_000);
    expect(await paystackEvent(disputeEvent('charge.dispute.create', disputed.reference, disputeId))).toBe('applied');
    expect((await access(revoked.transactionId, true)).status).toBe(200);

    const later = await startAffiliateApi(() => new Date('2026-12-23T00:00:00.000Z'));
    try {
      const batch = () => batchOn(later.url, affiliate.code);
      const first = await batch();
      expect(first).toMatchObject({
        count: 1,
        held: 2,
        message:
          '1 commission marked paid. 2 commissions were held back: their sales are disputed or their access revoked.',
      });
      expect(first.csv).toBe(
        [
          'affiliate,code,pay to,amount,currency,sales',
          `Chioma Nwosu ${affiliate.tag},${affiliate.code},PayPal pp.${affiliate.tag}@example.com,2250.00,NGN,1`,
          '',
        ].join('\n'),
      );
      expect((await commissionDoc(plain.transactionId))?.status).toBe('paid');
      expect((await commissionDoc(disputed.transactionId))?.status).toBe('pending');
      expect((await commissionDoc(revoked.transactionId))?.status).toBe('pending');

      // The seller restores access: the next batch pays it; the disputed one is still held.
      expect((await access(revoked.transactionId, false)).status).toBe(200);
      expect(await batch()).toMatchObject({
        count: 1,
        held: 1,
        message: '1 commission marked paid. 1 commission was held back: its sale is disputed or its access revoked.',
      });
      expect((await commissionDoc(revoked.transactionId))?.status).toBe('paid');
      expect((await commissionDoc(disputed.transactionId))?.status).toBe('pending');
    } finally {
      await later.close();
    }

    // The dispute is lost: the held commission is reversed, never paid.
    expect(await paystackEvent(disputeEvent('charge.dispute.resolve', disputed.reference, disputeId))).toBe('applied');
    expect(await commissionDoc(disputed.transactionId)).toMatchObject({ status: 'reversed', amountMinor: 0 });
  });

  it('makes a commission already paid in a batch owed back when its sale’s dispute is lost', async () => {
    const affiliate = await approvedAffiliate('paypal');
    const sale = await attributedSale(affiliate, false);
    const later = await startAffiliateApi(() => new Date('2026-12-23T00:00:00.000Z'));
    try {
      const paid = await postJson(
        `${later.url}/api/admin/affiliates/commissions/batch`,
        { affiliateCode: affiliate.code },
        bearer(harness.adminToken()),
      );
      expect(await paid.json()).toMatchObject({ count: 1, held: 0, message: '1 commission marked paid.' });
    } finally {
      await later.close();
    }
    const disputeId = 90_000 + Math.floor(Math.random() * 9_000);
    expect(await paystackEvent(disputeEvent('charge.dispute.create', sale.reference, disputeId))).toBe('applied');
    expect((await commissionDoc(sale.transactionId))?.status).toBe('paid');
    expect(await paystackEvent(disputeEvent('charge.dispute.resolve', sale.reference, disputeId))).toBe('applied');
    expect(await commissionDoc(sale.transactionId)).toMatchObject({ status: 'owedBack', amountMinor: 225_000 });
    expect(await saleDoc(sale.transactionId)).toMatchObject({
      affiliateCode: affiliate.code,
      commissionMinor: 225_000,
    });
  });

  it('pays or holds a commission once when the seller revokes its sale while a batch runs', async () => {
    const affiliate = await approvedAffiliate('paypal');
    const sale = await attributedSale(affiliate, false);
    const later = await startAffiliateApi(() => new Date('2026-12-23T00:00:00.000Z'));
    try {
      const [batch, revoked] = await Promise.all([
        batchOn(later.url, affiliate.code),
        access(sale.transactionId, true),
      ]);
      expect(revoked.status).toBe(200);
      const status = (await commissionDoc(sale.transactionId))?.status;
      // Whichever came first, the batch's answer and the ledger agree, and the next batch pays nothing.
      if (status === 'paid') expect(batch).toMatchObject({ count: 1, held: 0 });
      else expect([status, batch.count, batch.held]).toEqual(['pending', 0, 1]);
      expect(await batchOn(later.url, affiliate.code)).toMatchObject({ count: 0, held: status === 'paid' ? 0 : 1 });
    } finally {
      await later.close();
    }
  });
});
