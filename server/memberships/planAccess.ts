// Access follows the plan (docs/memberships.md, 'Access'): what a sale of a membership or an
// instalment plan bought (files, the course, its license key, the library) is open as its plan is.
// The readers of a sale ask here with the sale as stored; a sale of no plan is left to its own switches.
import type { DocumentData, DocumentReference, DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { lagosLongDate } from '../../domain/lagosDates';
import {
  accessEndsAt,
  type MembershipAccess,
  type MembershipKind,
  membershipAccess,
  membershipFromData,
} from '../../domain/membership';
import { planEndedText } from '../../domain/memberRows';
import { membershipRef } from './membershipPeriods';
import { transferRefusal } from './transferRenewals';

/** How a read is made: `ref.get()`, or a transaction's `t.get(ref)` where the caller is in one. */
export type PlanRead = (ref: DocumentReference) => Promise<DocumentSnapshot>;

export interface PlanStanding {
  kind: MembershipKind;
  access: MembershipAccess;
  /** When access ends as the plan stands (ISO); null for a completed plan, which keeps it for good. */
  endsAt: string | null;
}

/** The plan a stored sale is a payment of; null for a sale of no plan. */
export function planIdOf(sale: DocumentData | undefined): string | null {
  const id: unknown = sale?.membershipId;
  return typeof id === 'string' && id !== '' ? id : null;
}

/**
 * Where the plan of a stored sale stands at `at`; null for a sale of no plan. A plan that cannot be
 * found is closed (since the epoch), so a broken link between them never opens anything.
 */
export async function planStanding(
  read: PlanRead,
  db: Firestore,
  sale: DocumentData | undefined,
  at: Date,
): Promise<PlanStanding | null> {
  const id = planIdOf(sale);
  if (!id) return null;
  const snapshot = await read(membershipRef(db, id));
  const plan = membershipFromData(id, snapshot.data());
  if (!snapshot.exists)
    return { kind: plan.kind, access: { open: false, endedAt: plan.paidThrough }, endsAt: plan.paidThrough };
  return { kind: plan.kind, access: membershipAccess(plan, at), endsAt: accessEndsAt(plan) };
}

/** 'Your membership ended on 27 December 2026.', as the access page and the library say it. */
export function planEndedMessage(kind: MembershipKind, endedAt: string): string {
  return planEndedText(kind, endedAt);
}

/** "This license key's membership ended on 27 December 2026.", as the license API says it. */
export function planKeyEndedMessage(kind: MembershipKind, endedAt: string): string {
  const plan = kind === 'instalments' ? 'instalment plan' : 'membership';
  return `This license key's ${plan} ended on ${lagosLongDate(endedAt)}.`;
}

/** Why a sale's plan keeps its access closed at `at`, in the buyer's words; null while it is open. */
export async function planEndReason(db: Firestore, sale: DocumentData | undefined, at: Date): Promise<string | null> {
  return (await planEnd(db, sale, at))?.reason ?? null;
}

export interface PlanEnd {
  /** 'Your membership ended on 27 December 2026.' */
  reason: string;
  /** The plan whose transfer link reopens it when paid; null when it cannot be paid so (PayPal, missing). */
  renewablePlanId: string | null;
}

/** Why a sale's plan keeps its access closed at `at`, and whether its transfer link may reopen it. */
export async function planEnd(db: Firestore, sale: DocumentData | undefined, at: Date): Promise<PlanEnd | null> {
  const id = planIdOf(sale);
  if (!id) return null;
  const snapshot = await membershipRef(db, id).get();
  const plan = membershipFromData(id, snapshot.data());
  if (!snapshot.exists) return { reason: planEndedMessage(plan.kind, plan.paidThrough), renewablePlanId: null };
  const access = membershipAccess(plan, at);
  if (access.open) return null;
  return {
    reason: planEndedMessage(plan.kind, access.endedAt),
    renewablePlanId: transferRefusal(plan) === null ? id : null,
  };
}

/**
 * Of these stored sales' plans, the ids of those whose access is over at `at` (a missing plan counts as
 * over): one read for all, as the library lists an address's purchases.
 */
export async function closedPlansOf(db: Firestore, sales: readonly DocumentData[], at: Date): Promise<Set<string>> {
  const ids = [...new Set(sales.map(planIdOf).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Set();
  const snapshots = await db.getAll(...ids.map((id) => membershipRef(db, id)));
  return new Set(
    snapshots
      .filter(
        (snapshot) => !snapshot.exists || !membershipAccess(membershipFromData(snapshot.id, snapshot.data()), at).open,
      )
      .map((snapshot) => snapshot.id),
  );
}
