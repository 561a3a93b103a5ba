// POST /api/webhooks/paystack (docs/payments.md): Paystack's own report of a charge, so a buyer who closes
// the tab right after paying still gets the product. Mounted before express.json: the signature is
// over the raw bytes, and a re-serialised body would not match.
import express, { Router, type RequestHandler } from 'express';
import { maxBodyBytes } from '../lib/httpSecurity';
import { PaymentNotVerifiedError, ProviderUnavailableError, isRecord } from '../payments/providerErrors';
import { readPaystackTransaction } from '../payments/paystackClient';
import { ReferenceConflictError } from '../orders/fulfilment';
import { ProductNotFoundError, type OrderService } from '../orders/orderService';
import { PaymentIssueRecordedError } from '../payments/paymentIssues';
import { readPaystackSubscriptionEvent } from '../memberships/paystackSubscriptionEvents';
import type { PaystackSubscriptions } from '../memberships/paystackSubscriptions';
import { readPaystackEvent } from '../refunds/providerEvents';
import type { RefundService } from '../refunds/refundService';
import { isValidPaystackSignature } from './paystackSignature';
import { jsonOf, rawBodyOf } from './webhookBody';

export function createPaystackWebhookRouter({
  secretKey,
  service,
  refunds,
  subscriptions,
  logError,
  arrived,
}: {
  secretKey: string | undefined;
  service: OrderService;
  /** Applies refund.* and charge.dispute.* events (server/refunds/refundService.ts). */
  refunds?: RefundService;
  /** Applies the subscription events of plans (server/memberships/paystackSubscriptions.ts). */
  subscriptions?: Pick<PaystackSubscriptions, 'apply'> | null;
  logError: (message: string, error: unknown) => void;
  /** Told of every signed event, for Store health's 'Paystack webhook' check (server/health/). */
  arrived?: (eventType: string) => Promise<void>;
}): Router {
  const receive: RequestHandler = async (req, res) => {
    if (!secretKey) {
      res.status(503).json({ message: 'Card payments are not configured.' });
      return;
    }
    const raw = rawBodyOf(req);
    if (!raw || !isValidPaystackSignature(raw, req.get('x-paystack-signature'), secretKey)) {
      res.status(401).json({ message: 'Invalid signature.' });
      return;
    }
    const event = jsonOf(raw);
    if (event === undefined) {
      res.status(400).json({ message: 'The request body is not valid JSON.' });
      return;
    }
    await arrived?.(isRecord(event) && typeof event.event === 'string' ? event.event : 'unknown');
    const refundOrDispute = refunds ? readPaystackEvent(event) : null;
    if (refunds && refundOrDispute) {
      try {
        const outcome = await refunds.applyEvent(refundOrDispute);
        if (outcome === 'unknownSale') {
          logError(`Paystack webhook: ${refundOrDispute.type} is for an unknown sale`, null);
        }
        res.status(200).json({ received: true, outcome });
      } catch (error) {
        // Any answer but 200 makes Paystack send the event again later.
        logError(`Paystack webhook: ${refundOrDispute.type} failed`, error);
        res.status(500).json({ message: 'The event could not be applied.' });
      }
      return;
    }
    const subscriptionEvent = subscriptions ? readPaystackSubscriptionEvent(event) : null;
    if (subscriptions && subscriptionEvent) {
      try {
        const outcome = await subscriptions.apply(subscriptionEvent);
        if (outcome === 'notYet') {
          // The plan it belongs to is not recorded yet: Paystack sends it again later.
          res.status(500).json({ message: 'The event cannot be applied yet. Please send it again.' });
        } else {
          res.status(200).json({ received: true, outcome });
        }
      } catch (error) {
        logError(`Paystack webhook: ${subscriptionEvent.type} failed`, error);
        res.status(500).json({ message: 'The event could not be applied.' });
      }
      return;
    }
    // Paystack sends many kinds of events; only a successful charge releases a product.
    if (!isRecord(event) || event.event !== 'charge.success' || !isRecord(event.data)) {
      res.status(200).json({ received: true });
      return;
    }
    const charge = readPaystackTransaction(event.data);
    try {
      const answer = await service.fulfilPaystackCharge(charge);
      if (!answer) logError(`Paystack webhook: charge without a reference`, null);
      res.status(200).json({ received: true });
    } catch (error) {
      if (error instanceof PaymentIssueRecordedError && error.retryable) {
        // Recorded for the seller because saving failed: sent again, it may be recorded as the sale.
        logError(`Paystack webhook: charge ${charge.reference} not recorded yet; Paystack will send it again`, null);
        res.status(500).json({ message: 'The charge could not be recorded yet. Please send it again.' });
      } else if (error instanceof PaymentIssueRecordedError) {
        // Paid but not fulfillable: recorded for the seller under Needs attention, who was e-mailed.
        res.status(200).json({ received: true });
      } else if (
        error instanceof PaymentNotVerifiedError ||
        error instanceof ReferenceConflictError ||
        error instanceof ProductNotFoundError
      ) {
        // Retrying cannot change these: acknowledge, and leave the trace for the seller.
        logError(`Paystack webhook: charge ${charge.reference} not fulfilled: ${error.message}`, null);
        res.status(200).json({ received: true });
      } else if (error instanceof ProviderUnavailableError) {
        // Any answer but 200 makes Paystack send the event again later.
        logError(`Paystack webhook: charge ${charge.reference} not verified yet (${error.detail})`, null);
        res.status(502).json({ message: error.message });
      } else {
        logError(`Paystack webhook: charge ${charge.reference} failed`, error);
        res.status(500).json({ message: 'Failed to save transaction or send emails.' });
      }
    }
  };

  const router = Router();
  // The API's one body limit: a body streamed without Content-Length meets it here.
  router.post('/', express.raw({ type: () => true, limit: maxBodyBytes }), receive);
  return router;
}
