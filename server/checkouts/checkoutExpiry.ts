// The expiry sweep's store side (docs/payments.md, 'Discount codes', 'Payments that complete later'):
// checkouts past their hour become 'expired' and give back the code use each held. What is asked before (Paystack, for a payment the
// webhook never brought) is the caller's: server/orders/checkoutSweeps.ts.
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { readCheckoutRecord } from '../../domain/checkoutRecord';
import { type Checkout } from './checkouts';
import { releaseCodeUse } from './discountCodes';
import type { PendingFields } from './pendingPayments';
import { checkoutsCollection } from '../lib/collections';

/** Overdue checkouts one expiry sweep looks at; the next sweep takes the rest. */
const expiryBatch = 200;

export interface ExpiryOutcome {
  /** Checkouts this sweep marked expired. */
  expired: number;
  /** Of those, the ones whose reserved code use went back to the code. */
  released: number;
}

export interface CheckoutExpiryDeps {
  db: Firestore;
  now: () => Date;
  /** Asked before an overdue checkout expires (the sweep asks Paystack); false leaves it for now. */
  beforeExpiring?: (checkout: Checkout) => Promise<boolean>;
  /** A checkout whose question or expiry failed is logged and left for the next run; the rest go on. */
  logError?: (message: string, error: unknown) => void;
}

/** A Paystack transfer the browser reported: it waits past the hour only while Paystack confirms it. */
function waitsOnPaystack(checkout: Checkout & PendingFields): boolean {
  return checkout.provider === 'paystack' && (checkout.pending?.kind ?? 'transfer') === 'transfer';
}

async function overdue(db: Firestore, status: 'open' | 'pending', at: Date): Promise<Checkout[]> {
  const snapshot = await db
    .collection(checkoutsCollection)
    .where('status', '==', status)
    .where('expiresAt', '<=', Timestamp.fromDate(at))
    .orderBy('expiresAt')
    .limit(expiryBatch)
    .get();
  return snapshot.docs.flatMap((doc) => {
    const record = readCheckoutRecord(doc.data());
    return record ? [{ id: doc.id, ...record }] : [];
  });
}

/**
 * Marks checkouts past their expiry 'expired' and gives back the code use each held, each in its own
 * transaction that reads the status first, so racing sweeps release a use once: open ones, and pending
 * Paystack transfers (the browser's report keeps nothing by itself; `beforeExpiring` asks Paystack,
 * and one still under way there waits). A pending one expires with `endedBy: 'expired'`, which its
 * waiting page shows. PayPal's pending captures (PayPal's own word) and the local demo bank's wait
 * for their lifetime instead (pendingPayments.ts overduePending).
 */
export async function expireOverdue(deps: CheckoutExpiryDeps): Promise<ExpiryOutcome> {
  const { db, now, logError } = deps;
  const [open, pending] = await Promise.all([overdue(db, 'open', now()), overdue(db, 'pending', now())]);
  const outcome: ExpiryOutcome = { expired: 0, released: 0 };
  for (const checkout of [...open, ...pending.filter(waitsOnPaystack)]) {
    try {
      const result = await expireOne(deps, checkout);
      if (result) {
        outcome.expired += 1;
        if (result.released) outcome.released += 1;
      }
    } catch (error) {
      if (!logError) throw error;
      logError(`Checkout ${checkout.id} could not be expired; the next run tries again`, error);
    }
  }
  return outcome;
}

/** One overdue checkout: asked about, then expired with its code's use given back; null when it stays. */
async function expireOne(
  { db, now, beforeExpiring }: CheckoutExpiryDeps,
  checkout: Checkout,
): Promise<{ released: boolean } | null> {
  if (beforeExpiring && !(await beforeExpiring(checkout))) return null;
  const ref = db.collection(checkoutsCollection).doc(checkout.id);
  return db.runTransaction(
    async (t) => {
      const current = readCheckoutRecord((await t.get(ref)).data());
      // Paid meanwhile, or another sweep got here first: nothing to do.
      if (!current || current.status !== checkout.status || current.expiresAt.getTime() > now().getTime()) {
        return null;
      }
      const released = current.discountCode
        ? await releaseCodeUse(t, db, { code: current.discountCode, checkoutId: checkout.id, now: now() })
        : false;
      t.update(ref, { status: 'expired', ...(current.status === 'pending' ? { endedBy: 'expired' } : {}) });
      return { released };
    },
    { maxAttempts: 20 },
  );
}
