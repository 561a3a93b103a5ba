import { describe, expect, it } from 'vitest';
import { startMembership, type Membership } from '../../../domain/membership';
import { membersLost, monthlyRecurringMinor, noticesDue } from '../../../domain/membershipNotices';

const at = (iso: string) => new Date(iso);

function plan(overrides: Partial<Membership> = {}): Membership {
  const started = startMembership({
    id: 'm1',
    productId: 'signals',
    kind: 'membership',
    interval: 'monthly',
    instalmentCount: null,
    currency: 'NGN',
    amountMinor: 500000,
    customer: { name: 'Ada Obi', email: 'ada@example.com' },
    emailKey: 'key-ada',
    renewal: 'card',
    firstTransactionId: 'paystack_ref1',
    paidAt: at('2026-01-10T09:00:00.000Z'),
  });
  return { ...started, ...overrides };
}

describe('the dunning e-mails a plan is owed', () => {
  const failed = plan({
    status: 'pastDue',
    graceEndsAt: '2026-02-15T09:00:00.000Z',
    dunning: { failedAt: '2026-02-10T09:00:00.000Z', sent: [] },
  });

  it('owes the failed-renewal e-mail at once, and the day-3 one from day 3', () => {
    expect(noticesDue(failed, at('2026-02-10T09:05:00.000Z'))).toEqual([
      { kind: 'renewalFailed', marks: ['failed:2026-02-10T09:00:00.000Z'] },
    ]);
    const firstSent = { ...failed, dunning: { ...failed.dunning, sent: ['failed:2026-02-10T09:00:00.000Z'] } };
    expect(noticesDue(firstSent, at('2026-02-13T08:59:59.000Z'))).toEqual([]);
    expect(noticesDue(firstSent, at('2026-02-13T09:00:00.000Z'))).toEqual([
      { kind: 'renewalFailedAgain', marks: ['day3:2026-02-10T09:00:00.000Z'] },
    ]);
    const bothSent = {
      ...failed,
      dunning: { ...failed.dunning, sent: ['failed:2026-02-10T09:00:00.000Z', 'day3:2026-02-10T09:00:00.000Z'] },
    };
    expect(noticesDue(bothSent, at('2026-02-14T09:00:00.000Z'))).toEqual([]);
  });

  it('reminds a transfer member 7 days and 1 day before the period ends, once each', () => {
    const transfer = plan({ renewal: 'transfer' });
    expect(noticesDue(transfer, at('2026-02-03T08:59:59.000Z'))).toEqual([]);
    expect(noticesDue(transfer, at('2026-02-03T09:00:00.000Z'))).toEqual([
      { kind: 'transferDue', marks: ['transfer7:2026-02-10T09:00:00.000Z'] },
    ]);
    const weekSent = { ...transfer, dunning: { failedAt: null, sent: ['transfer7:2026-02-10T09:00:00.000Z'] } };
    expect(noticesDue(weekSent, at('2026-02-05T09:00:00.000Z'))).toEqual([]);
    expect(noticesDue(weekSent, at('2026-02-09T09:00:00.000Z'))).toEqual([
      { kind: 'transferDue', marks: ['transfer7:2026-02-10T09:00:00.000Z', 'transfer1:2026-02-10T09:00:00.000Z'] },
    ]);
  });

  it('sends only the nearer transfer reminder when the sweep comes late, and marks both', () => {
    const transfer = plan({ renewal: 'transfer' });
    expect(noticesDue(transfer, at('2026-02-09T20:00:00.000Z'))).toEqual([
      { kind: 'transferDue', marks: ['transfer7:2026-02-10T09:00:00.000Z', 'transfer1:2026-02-10T09:00:00.000Z'] },
    ]);
  });

  it('reminds a quarterly or yearly card member 7 days before, never a monthly one', () => {
    const yearly = plan({ interval: 'yearly', paidThrough: '2027-01-10T09:00:00.000Z' });
    expect(noticesDue(yearly, at('2027-01-03T09:00:00.000Z'))).toEqual([
      { kind: 'renewalSoon', marks: ['renewal7:2027-01-10T09:00:00.000Z'] },
    ]);
    expect(noticesDue(plan(), at('2026-02-03T09:00:00.000Z'))).toEqual([]);
  });

  it('owes nothing to a cancelled or ended plan', () => {
    expect(noticesDue(plan({ status: 'cancelled', renewal: 'transfer' }), at('2026-02-09T09:00:00.000Z'))).toEqual([]);
    expect(noticesDue(plan({ status: 'ended' }), at('2026-02-09T09:00:00.000Z'))).toEqual([]);
  });
});

describe("the seller's figures", () => {
  it('adds monthly recurring revenue per currency, never across them, a quarter a third and a year a twelfth', () => {
    const figures = monthlyRecurringMinor([
      plan({ amountMinor: 500000 }),
      plan({ amountMinor: 1500000, interval: 'quarterly', status: 'pastDue' }),
      plan({ amountMinor: 6000000, interval: 'yearly' }),
      plan({ amountMinor: 999, currency: 'USD' }),
      plan({ amountMinor: 500000, status: 'cancelled' }),
      plan({ amountMinor: 500000, status: 'ended' }),
      plan({ amountMinor: 5000000, kind: 'instalments', instalments: { total: 3, paid: 1 } }),
    ]);
    expect(figures).toEqual({ NGN: 1500000, USD: 999 });
  });

  it('counts the plans that ended in the last 30 days', () => {
    const now = at('2026-03-31T12:00:00.000Z');
    expect(
      membersLost(
        [
          plan({ status: 'ended', endedAt: '2026-03-30T12:00:00.000Z' }),
          plan({ status: 'ended', endedAt: '2026-03-01T12:00:01.000Z' }),
          plan({ status: 'ended', endedAt: '2026-03-01T12:00:00.000Z' }),
          plan({ status: 'active' }),
        ],
        now,
      ),
    ).toBe(2);
  });
});
