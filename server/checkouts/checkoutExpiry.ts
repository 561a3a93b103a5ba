// The expiry sweep's store side (docs/payments.md, 'Discount codes'): checkouts past their hour become
// 'expired' and give back the code use each held. What is asked before (Paystack, for a payment the
// webhook never brought) is the caller's: server/orders/checkoutSweeps.ts.
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { checkoutsCollection, type Checkout, type CheckoutRecord } from './checkouts';
import { releaseCodeUse } from './discountCodes';

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
}

/**
 * Marks open checkouts past their expiry 'expired' and gives back the code use each held, each in its
 * own transaction that reads the status first, so racing sweeps release a use once.
 */
export async function expireOverdue({ db, now, beforeExpiring }: CheckoutExpiryDeps): Promise<ExpiryOutcome> {
  const overdue = await db
    .collection(checkoutsCollection)
    .where('status', '==', 'open')
    .where('expiresAt', '<=', Timestamp.fromDate(now()))
    .orderBy('expiresAt')
    .limit(expiryBatch)
    .get();
  const outcome: ExpiryOutcome = { expired: 0, released: 0 };
  for (const doc of overdue.docs) {
    const checkout = { id: doc.id, ...(doc.data() as CheckoutRecord) };
    if (beforeExpiring && !(await beforeExpiring(checkout))) continue;
    const result = await db.runTransaction(
      async (t) => {
        const current = (await t.get(doc.ref)).data() as CheckoutRecord | undefined;
        // Paid meanwhile, or another sweep got here first: nothing to do.
        if (!current || current.status !== 'open' || current.expiresAt.toMillis() > now().getTime()) {
          return null;
        }
        const released = current.discountCode
          ? await releaseCodeUse(t, db, { code: current.discountCode, checkoutId: doc.id, now: now() })
          : false;
        t.update(doc.ref, { status: 'expired' });
        return { released };
      },
      { maxAttempts: 20 },
    );
    if (result) {
      outcome.expired += 1;
      if (result.released) outcome.released += 1;
    }
  }
  return outcome;
}
