import { describe, expect, it } from 'vitest';
import {
  applyRefundOutcome,
  isRefundAmount,
  refundEndsAccess,
  refundableMinor,
  type RefundOutcome,
} from '../../../domain/refunds';

const at = '2026-11-22T10:00:00.000Z';
const outcome = (overrides: Partial<RefundOutcome>): RefundOutcome => ({
  refundId: 'r1',
  amount: 250000,
  result: 'processed',
  by: 'admin-1',
  reason: 'Paid twice',
  at,
  ...overrides,
});

describe('applyRefundOutcome', () => {
  it('counts a processed refund once, however often it is reported', () => {
    const first = applyRefundOutcome(undefined, 750000, outcome({}));
    expect(first.newlyProcessed).toBe(true);
    expect(first.state).toMatchObject({ status: 'refunded', amount: 2500, refunded: 2500, full: false, at });
    const again = applyRefundOutcome(first.state, 750000, outcome({}));
    expect(again.newlyProcessed).toBe(false);
    expect(again.state.refunded).toBe(2500);
  });

  it('keeps a processed refund processed when its pending or failed report arrives late', () => {
    const done = applyRefundOutcome(undefined, 750000, outcome({})).state;
    expect(applyRefundOutcome(done, 750000, outcome({ result: 'pending' })).state).toEqual(done);
    expect(applyRefundOutcome(done, 750000, outcome({ result: 'failed', failure: 'x' })).state).toEqual(done);
  });

  it('is pending while any refund is, and failed with the reason when the only one failed', () => {
    const pending = applyRefundOutcome(undefined, 750000, outcome({ result: 'pending' }));
    expect(pending.newlyProcessed).toBe(false);
    expect(pending.state).toMatchObject({ status: 'pending', refunded: 0, at: null });
    const failed = applyRefundOutcome(pending.state, 750000, outcome({ result: 'failed', failure: 'Declined' }));
    expect(failed.state).toMatchObject({ status: 'failed', refunded: 0, failure: 'Declined' });
  });

  it('is full when the refunds reach what was paid, and never counts more than was paid', () => {
    const half = applyRefundOutcome(undefined, 999, outcome({ amount: 500 })).state;
    const rest = applyRefundOutcome(half, 999, outcome({ refundId: 'r2', amount: 499 })).state;
    expect(rest).toMatchObject({ refunded: 9.99, full: true });
    const extra = applyRefundOutcome(rest, 999, outcome({ refundId: 'r3', amount: 999 })).state;
    expect(extra).toMatchObject({ refunded: 9.99, full: true });
  });
});

describe('refundableMinor', () => {
  it('counts pending refunds and a claim under way as spent, failed ones not', () => {
    const pending = applyRefundOutcome(undefined, 750000, outcome({ result: 'pending', amount: 100000 })).state;
    const failed = applyRefundOutcome(pending, 750000, outcome({ refundId: 'r2', result: 'failed', amount: 300000 }));
    expect(refundableMinor(failed.state, 750000)).toBe(650000);
    const claimed = { ...failed.state, claim: { amount: 50000, by: 'a', at, requestId: 'x' } };
    expect(refundableMinor(claimed, 750000)).toBe(600000);
    expect(refundableMinor(undefined, 750000)).toBe(750000);
  });
});

describe('refundEndsAccess', () => {
  const partial = applyRefundOutcome(undefined, 750000, outcome({})).state;
  const full = applyRefundOutcome(undefined, 750000, outcome({ amount: 750000 })).state;
  it('ends access on a full refund whatever the setting', () => {
    expect(refundEndsAccess(full, true)).toBe(true);
    expect(refundEndsAccess(full, false)).toBe(true);
  });
  it('keeps access after a partial refund only when the store keeps it', () => {
    expect(refundEndsAccess(partial, true)).toBe(false);
    expect(refundEndsAccess(partial, false)).toBe(true);
  });
});

describe('isRefundAmount', () => {
  it('accepts positive amounts with at most two decimals', () => {
    expect([1, 19.99, 0.01, 2500].map(isRefundAmount)).toEqual([true, true, true, true]);
    expect([0, -1, 1.005, Number.NaN, Number.POSITIVE_INFINITY].map(isRefundAmount)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
