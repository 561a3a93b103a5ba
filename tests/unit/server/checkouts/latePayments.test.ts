import { describe, expect, it } from 'vitest';
import { paystackPaymentTime } from '../../../../server/checkouts/latePayments';

describe('paystackPaymentTime', () => {
  const times = { createdAt: '2026-11-22T09:50:00.000Z', paidAt: '2026-11-22T12:10:00.000Z' };
  const awaited = { awaited: true };
  const unseen = { awaited: false };

  it.each(['bank_transfer', 'ussd', 'bank', 'qr'])(
    'judges a %s payment Paystack confirmed under way when the buyer started it (Paystack’s created_at)',
    (channel) => {
      expect(paystackPaymentTime({ channel, ...times }, awaited)).toBe('2026-11-22T09:50:00.000Z');
    },
  );

  it('judges a card payment when Paystack recorded it paid', () => {
    expect(paystackPaymentTime({ channel: 'card', ...times }, awaited)).toBe('2026-11-22T12:10:00.000Z');
    expect(paystackPaymentTime({ channel: 'card', ...times }, unseen)).toBe('2026-11-22T12:10:00.000Z');
  });

  it('falls back to paid_at when Paystack gave no created_at', () => {
    expect(paystackPaymentTime({ channel: 'bank_transfer', createdAt: null, paidAt: times.paidAt }, awaited)).toBe(
      '2026-11-22T12:10:00.000Z',
    );
  });

  it('judges a transfer nobody saw under way by its start only when it landed within 30 minutes of it', () => {
    expect(paystackPaymentTime({ channel: 'bank_transfer', ...times }, unseen)).toBe('2026-11-22T12:10:00.000Z');
    const inWindow = { createdAt: '2026-11-22T09:50:00.000Z', paidAt: '2026-11-22T10:20:00.000Z' };
    expect(paystackPaymentTime({ channel: 'bank_transfer', ...inWindow }, unseen)).toBe('2026-11-22T09:50:00.000Z');
    const justAfter = { createdAt: '2026-11-22T09:50:00.000Z', paidAt: '2026-11-22T10:20:00.001Z' };
    expect(paystackPaymentTime({ channel: 'ussd', ...justAfter }, unseen)).toBe('2026-11-22T10:20:00.001Z');
    const noPaidAt = { createdAt: '2026-11-22T09:50:00.000Z', paidAt: null };
    expect(paystackPaymentTime({ channel: 'bank_transfer', ...noPaidAt }, unseen)).toBeNull();
  });
});
