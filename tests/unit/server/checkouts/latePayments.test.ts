import { describe, expect, it } from 'vitest';
import { paystackPaymentTime } from '../../../../server/checkouts/latePayments';

describe('paystackPaymentTime', () => {
  const times = { createdAt: '2026-11-22T09:50:00.000Z', paidAt: '2026-11-22T12:10:00.000Z' };

  it.each(['bank_transfer', 'ussd', 'bank', 'qr'])(
    'judges a %s payment when the buyer started it (Paystack’s created_at)',
    (channel) => {
      expect(paystackPaymentTime({ channel, ...times })).toBe('2026-11-22T09:50:00.000Z');
    },
  );

  it('judges a card payment when Paystack recorded it paid', () => {
    expect(paystackPaymentTime({ channel: 'card', ...times })).toBe('2026-11-22T12:10:00.000Z');
  });

  it('falls back to paid_at when Paystack gave no created_at', () => {
    expect(paystackPaymentTime({ channel: 'bank_transfer', createdAt: null, paidAt: times.paidAt })).toBe(
      '2026-11-22T12:10:00.000Z',
    );
  });
});
