// POST /api/webhooks/paypal (docs/payments.md, 'Refunds and disputes', 'Payments that complete later'):
// PayPal's refund, reversal and dispute events, and the end of a capture PayPal held for review
// (PAYMENT.CAPTURE.COMPLETED fulfils it once, PAYMENT.CAPTURE.DENIED ends it). PayPal signs with a certificate chain; we ask PayPal's verify-webhook-signature API
// (with our webhook id) rather than checking certificates ourselves, and anything but SUCCESS is 401
// with nothing changed. Mounted before express.json: the event goes back to PayPal as received.
import express, { Router, type RequestHandler } from 'express';
import { maxBodyBytes } from '../lib/httpSecurity';
import type { PaypalClient } from '../payments/paypalClient';
import { isRecord, PaymentNotVerifiedError, ProviderUnavailableError } from '../payments/providerErrors';
import { PaymentIssueRecordedError } from '../payments/paymentIssues';
import { CheckoutRefusedError } from '../checkouts/checkouts';
import { ReferenceConflictError } from '../orders/fulfilment';
import type { OrderService } from '../orders/orderService';
import { readPaypalEvent } from '../refunds/providerEvents';
import type { RefundService } from '../refunds/refundService';
import { jsonOf, rawBodyOf } from './webhookBody';
import { readPaypalSubscriptionEvent, type PaypalSubscriptions } from '../memberships/paypalSubscriptions';

export function createPaypalWebhookRouter({
  paypal,
  webhookId,
  refunds,
  service,
  subscriptions,
  logError,
  arrived,
}: {
  /** Memberships' and instalment plans' subscription events (docs/memberships.md, 'PayPal events'). */
  subscriptions?: Pick<PaypalSubscriptions, 'apply'> | null;
  paypal: PaypalClient | null;
  webhookId: string | undefined;
  refunds: RefundService;
  /** Completes or ends a capture PayPal held (server/orders/pendingOrders.ts). */
  service?: Pick<OrderService, 'completePaypalCapture' | 'denyPaypalCapture'>;
  logError: (message: string, error: unknown) => void;
  /** Told of every verified event, for Store health (server/health/). */
  arrived?: (eventType: string) => Promise<void>;
}): Router {
  const receive: RequestHandler = async (req, res) => {
    if (!paypal || !webhookId) {
      res.status(503).json({ message: 'PayPal webhooks are not configured.' });
      return;
    }
    const raw = rawBodyOf(req);
    const event = jsonOf(raw);
    const header = (name: string) => req.get(name) ?? '';
    const headers = {
      authAlgo: header('paypal-auth-algo'),
      certUrl: header('paypal-cert-url'),
      transmissionId: header('paypal-transmission-id'),
      transmissionSig: header('paypal-transmission-sig'),
      transmissionTime: header('paypal-transmission-time'),
    };
    if (!raw || event === undefined || Object.values(headers).some((value) => !value)) {
      res.status(401).json({ message: 'Invalid signature.' });
      return;
    }
    try {
      const verified = await paypal.verifyWebhook({ headers, webhookId, rawEvent: raw.toString('utf8') });
      if (!verified) {
        res.status(401).json({ message: 'Invalid signature.' });
        return;
      }
    } catch (error) {
      // PayPal sends the event again when we do not answer 2xx.
      const detail = error instanceof ProviderUnavailableError ? error.detail : String(error);
      logError(`PayPal webhook: signature could not be verified now (${detail})`, null);
      res.status(502).json({ message: 'Could not verify the event. Please send it again.' });
      return;
    }
    await arrived?.(isRecord(event) && typeof event.event_type === 'string' ? event.event_type : 'unknown');
    const subscriptionEvent = subscriptions ? readPaypalSubscriptionEvent(event) : null;
    if (subscriptions && subscriptionEvent) {
      try {
        const outcome = await subscriptions.apply(subscriptionEvent);
        // Not yet (the subscription not charged yet): PayPal sends the event again on a non-2xx answer.
        if (outcome === 'notYet') res.status(500).json({ message: 'Not ready yet. Please send it again.' });
        else res.status(200).json({ received: true, outcome });
      } catch (error) {
        logError(`PayPal webhook: ${subscriptionEvent.type} event failed`, error);
        res.status(500).json({ message: 'The event could not be applied. Please send it again.' });
      }
      return;
    }
    const held = service ? heldCapture(event) : null;
    if (service && held) {
      try {
        if (held.type === 'PAYMENT.CAPTURE.COMPLETED') await service.completePaypalCapture(held.orderId);
        else await service.denyPaypalCapture(held.orderId);
        res.status(200).json({ received: true });
      } catch (error) {
        // PayPal sends the event again when we do not answer 2xx; a refusal that cannot change is kept.
        if (error instanceof PaymentIssueRecordedError && !error.retryable) {
          // Paid but not fulfillable: recorded for the seller under Needs attention, who was e-mailed.
          res.status(200).json({ received: true });
          return;
        }
        logError(`PayPal webhook: ${held.type} for order ${held.orderId} failed`, error);
        const final =
          error instanceof PaymentNotVerifiedError ||
          error instanceof ReferenceConflictError ||
          error instanceof CheckoutRefusedError;
        if (final) res.status(200).json({ received: true });
        else res.status(500).json({ message: 'The event could not be applied. Please send it again.' });
      }
      return;
    }
    const change = readPaypalEvent(event);
    if (!change) {
      res.status(200).json({ received: true });
      return;
    }
    try {
      const outcome = await refunds.applyEvent(change);
      if (outcome === 'unknownSale')
        logError(`PayPal webhook: ${change.type} ${change.eventId} is for an unknown sale`, null);
      res.status(200).json({ received: true, outcome });
    } catch (error) {
      logError(`PayPal webhook: ${change.type} ${change.eventId} failed`, error);
      res.status(500).json({ message: 'The event could not be applied. Please send it again.' });
    }
  };

  const router = Router();
  router.post('/', express.raw({ type: () => true, limit: maxBodyBytes }), receive);
  return router;
}

/** PAYMENT.CAPTURE.COMPLETED or .DENIED with the order it belongs to; null for any other event. */
function heldCapture(
  event: unknown,
): { type: 'PAYMENT.CAPTURE.COMPLETED' | 'PAYMENT.CAPTURE.DENIED'; orderId: string } | null {
  if (!isRecord(event) || !isRecord(event.resource)) return null;
  const type = event.event_type;
  if (type !== 'PAYMENT.CAPTURE.COMPLETED' && type !== 'PAYMENT.CAPTURE.DENIED') return null;
  const supplementary = isRecord(event.resource.supplementary_data) ? event.resource.supplementary_data : {};
  const related = isRecord(supplementary.related_ids) ? supplementary.related_ids : {};
  return typeof related.order_id === 'string' && related.order_id ? { type, orderId: related.order_id } : null;
}
