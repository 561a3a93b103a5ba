import { describe, expect, it } from 'vitest';
import { providerEventDocId, readPaypalEvent, readPaystackEvent } from '../../../../server/refunds/providerEvents';

describe('readPaystackEvent', () => {
  it('reads a refund event: sale by reference, refund by id, amount in kobo (a numeric string too)', () => {
    const event = readPaystackEvent({
      event: 'refund.processed',
      data: { id: 1234, transaction_reference: 'T100', amount: '250000', currency: 'NGN', status: 'processed' },
    });
    expect(event).toEqual({
      provider: 'paystack',
      eventId: 'refund.processed_1234',
      type: 'refund.processed',
      locate: { transactionId: 'paystack_T100' },
      change: {
        kind: 'refund',
        refundId: 'paystack-1234',
        amount: 250000,
        currency: 'NGN',
        result: 'processed',
        reason: 'Refunded in the Paystack dashboard',
        named: true,
      },
    });
  });

  it('keys a refund event without its id by the payment, the amount and the status', () => {
    const read = (type: string, data: Record<string, unknown>) =>
      readPaystackEvent({
        event: type,
        data: { transaction_reference: 'T100', currency: 'NGN', ...data },
      });
    const processed = read('refund.processed', { amount: 100000, status: 'processed', refund_reference: 'RRN1' });
    expect(processed).toMatchObject({
      eventId: 'refund.processed_T100_100000_processed',
      change: { refundId: 'paystack-T100-100000', amount: 100000, named: false },
    });
    // The same event again is the same event (a numeric string amount too); another amount is another.
    expect(read('refund.processed', { amount: '100000', status: 'processed', refund_reference: 'RRN1' })?.eventId).toBe(
      'refund.processed_T100_100000_processed',
    );
    expect(read('refund.processed', { amount: 200000, status: 'processed' })?.eventId).toBe(
      'refund.processed_T100_200000_processed',
    );
    // Its pending event (no refund reference yet) is another event of the same refund.
    expect(read('refund.pending', { amount: 100000, status: 'pending' })).toMatchObject({
      eventId: 'refund.pending_T100_100000_pending',
      change: { refundId: 'paystack-T100-100000', named: false },
    });
  });

  it('keys a dispute event without its id by what it says', () => {
    const resolve = (resolution: string, refund_amount: number) =>
      readPaystackEvent({
        event: 'charge.dispute.resolve',
        data: { transaction: { reference: 'T8' }, status: 'resolved', resolution, refund_amount, currency: 'NGN' },
      })?.eventId;
    expect(resolve('merchant-accepted', 750000)).toBe('charge.dispute.resolve_T8_resolved_merchant-accepted_750000');
    expect(resolve('merchant-accepted', 750000)).toBe(resolve('merchant-accepted', 750000));
    expect(resolve('declined', 750000)).not.toBe(resolve('merchant-accepted', 750000));
  });

  it('reads dispute events: open with its deadline, resolved as won or lost from the resolution', () => {
    const data = {
      id: 55,
      refund_amount: 750000,
      currency: 'NGN',
      due_at: '2026-12-01T10:00:00Z',
      category: 'chargeback',
      transaction: { reference: 'T7' },
    };
    expect(readPaystackEvent({ event: 'charge.dispute.create', data })?.change).toEqual({
      kind: 'dispute',
      disputeId: '55',
      status: 'open',
      amount: 750000,
      currency: 'NGN',
      deadline: '2026-12-01T10:00:00.000Z',
      reason: 'chargeback',
      reminder: false,
    });
    const resolve = (resolution: string) =>
      readPaystackEvent({ event: 'charge.dispute.resolve', data: { ...data, resolution } })?.change;
    expect(resolve('declined')).toMatchObject({ kind: 'dispute', status: 'won' });
    expect(resolve('merchant-accepted')).toMatchObject({ kind: 'dispute', status: 'lost' });
    expect(resolve('something-new')).toEqual({
      kind: 'ignored',
      reason: "Paystack resolved the dispute as 'something-new'.",
    });
    // Each reminder is its own event; the same reminder again is not.
    const remind = (due: string) =>
      readPaystackEvent({ event: 'charge.dispute.remind', data: { ...data, due_at: due } })?.eventId;
    expect(remind('2026-12-02')).not.toBe(remind('2026-12-03'));
    expect(remind('2026-12-02')).toBe(remind('2026-12-02'));
  });

  it('leaves other events alone', () => {
    expect(readPaystackEvent({ event: 'charge.success', data: { reference: 'T1' } })).toBeNull();
    expect(readPaystackEvent({ event: 'refund.processed' })).toBeNull();
    expect(readPaystackEvent('nonsense')).toBeNull();
  });
});

describe('readPaypalEvent', () => {
  const refund = (type: string, value: string) => ({
    id: 'WH-1',
    event_type: type,
    resource: {
      id: 'RF1',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value },
      links: [
        { rel: 'self', href: 'https://api.paypal.com/v2/payments/refunds/RF1' },
        { rel: 'up', href: 'https://api.paypal.com/v2/payments/captures/CAP9' },
      ],
    },
  });

  it('reads a refund: the capture from its up link, the amount in cents, a reversal without its minus sign', () => {
    expect(readPaypalEvent(refund('PAYMENT.CAPTURE.REFUNDED', '19.99'))).toEqual({
      provider: 'paypal',
      eventId: 'WH-1',
      type: 'PAYMENT.CAPTURE.REFUNDED',
      locate: { captureId: 'CAP9' },
      change: {
        kind: 'refund',
        refundId: 'paypal-RF1',
        amount: 1999,
        currency: 'USD',
        result: 'processed',
        reason: 'Refunded in the PayPal dashboard',
        named: true,
      },
    });
    expect(readPaypalEvent(refund('PAYMENT.CAPTURE.REVERSED', '-9.00'))?.change).toMatchObject({
      amount: 900,
      reason: 'Reversed by PayPal',
    });
  });

  it('reads disputes: seller favour is won, buyer favour is lost with the amount refunded', () => {
    const dispute = (outcome_code: string) =>
      readPaypalEvent({
        id: 'WH-2',
        event_type: 'CUSTOMER.DISPUTE.RESOLVED',
        resource: {
          dispute_id: 'PP-D-1',
          reason: 'UNAUTHORISED',
          disputed_transactions: [{ seller_transaction_id: 'CAP9' }],
          dispute_outcome: { outcome_code, amount_refunded: { currency_code: 'USD', value: '9.00' } },
        },
      });
    expect(dispute('RESOLVED_SELLER_FAVOUR')).toMatchObject({
      locate: { captureId: 'CAP9' },
      change: { kind: 'dispute', status: 'won' },
    });
    expect(dispute('RESOLVED_BUYER_FAVOUR')?.change).toMatchObject({ status: 'lost', amount: 900 });
    expect(dispute('NEW_CODE')?.change).toEqual({
      kind: 'ignored',
      reason: "PayPal resolved the dispute as 'NEW_CODE'.",
    });
  });

  it('leaves other event types and events without an id alone', () => {
    expect(readPaypalEvent({ id: 'WH-3', event_type: 'CHECKOUT.ORDER.APPROVED', resource: {} })).toBeNull();
    expect(readPaypalEvent({ event_type: 'PAYMENT.CAPTURE.REFUNDED', resource: {} })).toBeNull();
  });
});

describe('providerEventDocId', () => {
  it('keeps only characters a document id may hold', () => {
    expect(
      providerEventDocId({ provider: 'paystack', eventId: 'charge.dispute.remind_5_2026-12-01T10:00:00Z/x' }),
    ).toBe('paystack_charge.dispute.remind_5_2026-12-01T10-00-00Z-x');
  });
});
