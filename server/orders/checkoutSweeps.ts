// The checkout sweeps (docs/payments.md, 'Checkout reminders', 'A missed webhook'): before a checkout is
// reminded or expires, Paystack is asked about it (Verify Transaction by its reference) and a paid one
// is fulfilled, so a store whose webhook was misconfigured or down still records every sale and never
// reminds a buyer who paid. Pending payments waited for long enough end here too.
import type { Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import { expireOverdue, type ExpiryOutcome } from '../checkouts/checkoutExpiry';
import type { Checkout, CheckoutStore } from '../checkouts/checkouts';
import { overduePending } from '../checkouts/pendingPayments';
import { createReminderSweep, type ReminderOutcome } from '../checkouts/reminders';
import type { ServerConfig } from '../config';
import type { OrderService } from './orderService';

export interface CheckoutSweepDeps {
  db: Firestore;
  mailer: Pick<Transporter, 'sendMail'>;
  config: ServerConfig;
  now: () => Date;
  logError: (message: string, error: unknown) => void;
  service: Pick<OrderService, 'checkPaystackCheckout' | 'endPending' | 'markTransferPending'>;
  checkouts: Pick<CheckoutStore, 'byId'>;
}

/** Only Paystack checkouts still waiting for money are asked about; the others need no question. */
function asksPaystack(checkout: Pick<Checkout, 'provider' | 'status'>): boolean {
  return checkout.provider === 'paystack' && (checkout.status === 'open' || checkout.status === 'pending');
}

export function createCheckoutSweeps(deps: CheckoutSweepDeps): {
  reminders: () => Promise<ReminderOutcome>;
  expiry: () => Promise<ExpiryOutcome>;
} {
  const { db, now, service, logError } = deps;

  const reminders = createReminderSweep({
    db,
    mailer: deps.mailer,
    config: deps.config,
    now,
    logError,
    beforeReminding: async (checkoutId, stored) => {
      if (!stored || !asksPaystack(stored)) return 'remind';
      const checkout = await deps.checkouts.byId(checkoutId);
      if (!checkout) return 'remind';
      const found = await service.checkPaystackCheckout(checkout);
      if (found === 'unknown') return 'later';
      // Paid, recorded for the seller, or a transfer under way: never reminded.
      return found === 'unpaid' ? 'remind' : 'paid';
    },
  });

  // The expiry asks Paystack first, through the same service.
  const expireCheckouts = () =>
    expireOverdue({
      db,
      now,
      logError,
      beforeExpiring: async (checkout) => {
        if (!asksPaystack(checkout)) return true;
        // Paid (now fulfilled) or unknown: not expired by this run. An issue or no payment: expired.
        // A transfer under way: the checkout waits for it instead (and its buyer gets the waiting page).
        const found = await service.checkPaystackCheckout(checkout);
        if (found === 'waiting') await service.markTransferPending(checkout);
        return found === 'unpaid' || found === 'issue';
      },
    });

  const expiry = async (): Promise<ExpiryOutcome> => {
    const outcome = await expireCheckouts();
    // Payments on their way, waited for long enough: asked once more, then ended.
    for (const checkout of await overduePending(db, now())) {
      try {
        // Paid now, or Paystack unreachable: not ended by this run. Ended, a later payment is still
        // fulfilled by the webhook under the late-payment rule (checkouts/latePayments.ts).
        const found = await service.checkPaystackCheckout(checkout);
        if (found === 'paid' || found === 'unknown') continue;
        if (await service.endPending(checkout.id)) outcome.expired += 1;
      } catch (error) {
        logError(`Pending checkout ${checkout.id} could not be ended`, error);
      }
    }
    return outcome;
  };

  return { reminders, expiry };
}
