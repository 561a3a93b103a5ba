// Refunds and disputes (docs/payments.md, 'Refunds and disputes'). An admin's refund is claimed inside a
// Firestore transaction before the provider is called, so two admins pressing Refund at once make one
// provider call and the other sees the first one's state. The providers' own events are applied once
// each (providerEvents/{provider}_{eventId}, written in the same transaction as the sale), and a
// refund counts once by its provider id whichever of our call and its events arrives first.
import type { Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import type { ServerConfig } from '../config';
import { followSaleChange } from './refundContext';
import { createRefundMail } from '../mail/refundMails';
import type { PaypalClient } from '../payments/paypalClient';
import type { PaystackClient } from '../payments/paystackClient';
import type { PaymentIssues } from '../payments/paymentIssues';
import { applyEvent } from './eventApplication';
import type { ProviderEvent } from './providerEvents';
import type { EventOutcome } from './refundContext';
import { requestRefund, type RefundRequestOutcome } from './refundRequest';

// Where these moved when the service was split into the seller's action, the providers' events and
// disputes; callers keep importing them from here.
export { namesAnotherDispute } from './disputes';
export { unknownSaleIssue } from './eventApplication';
export { type EventOutcome, type RefundableRecord } from './refundContext';
export type { RefundRequestOutcome } from './refundRequest';

export interface RefundService {
  /** `amount` in the sale's currency, major units; undefined refunds everything left. */
  requestRefund(
    transactionId: string,
    input: { amount?: number; reason: string },
    adminUid: string,
  ): Promise<RefundRequestOutcome>;
  /** Applies one provider event once; the outcome is also what providerEvents records. */
  applyEvent(event: ProviderEvent): Promise<EventOutcome>;
}

export interface RefundServiceDeps {
  db: Firestore;
  mailer: Pick<Transporter, 'sendMail'>;
  config: Pick<ServerConfig, 'MAIL_FROM' | 'SELLER_EMAIL' | 'STORE_NAME'>;
  paystack: PaystackClient | null;
  paypal: PaypalClient | null;
  logError: (message: string, error: unknown) => void;
  now: () => Date;
  /** A claim this old belongs to a request that died before the provider answered; it may be taken over. */
  staleClaimMs?: number;
  /** Where an event for a sale the store does not know is listed for the seller ('Needs attention'). */
  issues?: Pick<PaymentIssues, 'notifySeller'>;
  /** Brings a sale's affiliate commission in line after a refund or dispute change (docs/affiliates.md). */
  afterSaleChanged?: (transactionId: string) => Promise<void>;
}

export function createRefundService({
  db,
  mailer,
  config,
  paystack,
  paypal,
  logError,
  now,
  staleClaimMs = 10 * 60_000,
  issues,
  afterSaleChanged,
}: RefundServiceDeps): RefundService {
  const ctx = {
    db,
    mails: createRefundMail({ mailer, config }),
    paystack,
    paypal,
    logError,
    now,
    staleClaimMs,
    issues,
    ...(afterSaleChanged ? { afterSaleChanged } : {}),
  };
  return {
    requestRefund: async (transactionId, input, adminUid) => {
      const outcome = await requestRefund(ctx, transactionId, input, adminUid);
      if (outcome.kind === 'done') await followSaleChange(ctx, transactionId);
      return outcome;
    },
    applyEvent: (event) => applyEvent(ctx, event),
  };
}
