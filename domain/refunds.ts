// Refunds and disputes of one sale (docs/payments.md, 'Refunds and disputes'): the shapes stored on
// the transaction, shared by the API that writes them and the Sales panel that shows them, and the
// pure rules that turn a provider's answer or event into the next state. Amounts inside `entries`
// are minor units (kobo, cents), so no floating-point sum decides whether a sale is fully refunded.

/** What the Sales panel shows: a claim or a provider refund under way, money returned, or refused. */
export type RefundStatus = 'pending' | 'refunded' | 'failed';
export const refundStatuses: readonly RefundStatus[] = ['pending', 'refunded', 'failed'];

export type DisputeStatus = 'open' | 'won' | 'lost';
export const disputeStatuses: readonly DisputeStatus[] = ['open', 'won', 'lost'];

/** One refund at the provider, keyed by the provider's refund id (or ours for demo and lost disputes). */
export interface RefundEntry {
  /** Minor units. */
  amount: number;
  status: 'pending' | 'processed' | 'failed';
}

/** An admin's refund between the claim and the provider's answer; blocks a second one meanwhile. */
export interface RefundClaim {
  /** Minor units. */
  amount: number;
  by: string;
  at: string;
  requestId: string;
}

export interface RefundState {
  status: RefundStatus;
  /** The latest refund's amount, major units. */
  amount: number;
  /** Everything refunded so far, major units (summed by the Sales totals). */
  refunded: number;
  /** Refunded in full: nothing is left to refund. */
  full: boolean;
  /** When the latest refund completed, ISO; null while none has. */
  at: string | null;
  /** Who asked: an admin's uid, or the provider when the refund came from its dashboard or a dispute. */
  by: string;
  /** The admin's name as their admin record had it, for Sales; '' for the providers. */
  byName: string;
  /** The provider's id of the latest refund. */
  providerRef: string;
  /** The seller's reason (or the provider's, for refunds made outside the store). */
  reason: string;
  /** The provider's refusal of the latest refund, in words; null when it was not refused. */
  failure: string | null;
  claim: RefundClaim | null;
  entries: Record<string, RefundEntry>;
}

/**
 * A refund as the Sales panel shows it: the stored state without the claim, the provider's entries
 * and ids; `by` is the admin's name when the API knew it, else the uid or the provider.
 */
export type SaleRefund = Pick<
  RefundState,
  'status' | 'amount' | 'refunded' | 'full' | 'at' | 'by' | 'reason' | 'failure'
>;

export interface DisputeState {
  id: string;
  status: DisputeStatus;
  /** The provider's deadline for the seller's answer, ISO; null when it gave none. */
  deadline: string | null;
  /** When the dispute was opened or last changed, ISO. */
  at: string;
  reason: string;
}

export const emptyRefund: RefundState = {
  status: 'refunded',
  amount: 0,
  refunded: 0,
  full: false,
  at: null,
  by: '',
  byName: '',
  providerRef: '',
  reason: '',
  failure: null,
  claim: null,
  entries: {},
};

/** Minor units refunded so far: processed entries only, never more than was paid. */
export function refundedMinor(state: RefundState | null | undefined, paidMinor: number): number {
  const entries = Object.values(state?.entries ?? {});
  const sum = entries.filter((e) => e.status === 'processed').reduce((total, e) => total + e.amount, 0);
  return Math.min(sum, paidMinor);
}

/** What is left to refund, minor units, counting refunds still pending at the provider as spent. */
export function refundableMinor(state: RefundState | null | undefined, paidMinor: number): number {
  const entries = Object.values(state?.entries ?? {});
  const spent = entries.filter((e) => e.status !== 'failed').reduce((total, e) => total + e.amount, 0);
  return Math.max(paidMinor - spent - (state?.claim?.amount ?? 0), 0);
}

function statusOf(state: Omit<RefundState, 'status'>, paidMinor: number): RefundStatus {
  if (state.claim || Object.values(state.entries).some((e) => e.status === 'pending')) return 'pending';
  if (refundedMinor({ ...state, status: 'refunded' }, paidMinor) > 0) return 'refunded';
  return state.failure ? 'failed' : 'refunded';
}

/** Recomputes status, refunded and full from the entries and the claim. */
export function settle(state: Omit<RefundState, 'status' | 'refunded' | 'full'>, paidMinor: number): RefundState {
  const refunded = refundedMinor({ ...state, status: 'refunded', refunded: 0, full: false }, paidMinor);
  const base = { ...state, refunded: refunded / 100, full: paidMinor > 0 && refunded >= paidMinor };
  return { ...base, status: statusOf(base, paidMinor) };
}

export interface RefundOutcome {
  refundId: string;
  /** Minor units. */
  amount: number;
  result: 'pending' | 'processed' | 'failed';
  failure?: string;
  by: string;
  byName?: string;
  reason: string;
  at: string;
}

/**
 * Applies one provider answer or event about one refund. A refund already processed stays processed
 * whatever arrives after it (a late 'pending' or a replayed 'failed'), so events count once in any
 * order. `newlyProcessed` is true only for the call that counted the money.
 */
export function applyRefundOutcome(
  current: RefundState | null | undefined,
  paidMinor: number,
  outcome: RefundOutcome,
): { state: RefundState; newlyProcessed: boolean } {
  const previous = current ?? emptyRefund;
  const existing = previous.entries[outcome.refundId];
  if (existing?.status === 'processed') return { state: previous, newlyProcessed: false };
  const entries = { ...previous.entries, [outcome.refundId]: { amount: outcome.amount, status: outcome.result } };
  const state = settle(
    {
      amount: outcome.amount / 100,
      at: outcome.result === 'processed' ? outcome.at : previous.at,
      by: outcome.by || previous.by,
      byName: outcome.by ? (outcome.byName ?? '') : previous.byName,
      providerRef: outcome.refundId,
      reason: outcome.reason || previous.reason,
      failure: outcome.result === 'failed' ? (outcome.failure ?? 'The refund failed.') : null,
      claim: previous.claim,
      entries,
    },
    paidMinor,
  );
  return { state, newlyProcessed: outcome.result === 'processed' };
}

/** True when the sale's access should end: a full refund, or any refund when the store says so. */
export function refundEndsAccess(state: RefundState, keepAccessOnPartialRefund: boolean): boolean {
  return state.full || (state.refunded > 0 && !keepAccessOnPartialRefund);
}

/** The refund statement of the refund body: a positive amount with at most two decimals. */
export function isRefundAmount(value: number): boolean {
  return Number.isFinite(value) && value > 0 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

export const refundReasonMaxLength = 500;
