// POST /api/webhooks/demo (docs/payments.md, 'Demo payments'): the local cloud's demo bank confirms a
// demo transfer here, signed as Paystack signs its events (HMAC SHA-512 of the raw body), so the
// offline flow meets the same webhook shape and the same fulfilment. Mounted only with
// DEMO_PAYMENTS=1, which a deployed function refuses.
import { createHmac } from 'node:crypto';
import express, { Router, type RequestHandler } from 'express';
import { maxBodyBytes } from '../lib/httpSecurity';
import type { OrderService } from '../orders/orderService';
import { isRecord, PaymentNotVerifiedError } from '../payments/providerErrors';
import { isValidPaystackSignature } from './paystackSignature';
import { jsonOf, rawBodyOf } from './webhookBody';

/** The demo bank's signing key, derived from the access-link secret (the local cloud always sets one). */
export function demoWebhookKey(accessLinkSecret: string): string {
  return createHmac('sha256', accessLinkSecret).update('demo-webhook-key').digest('hex');
}

export function createDemoWebhookRouter({
  key,
  service,
  logError,
}: {
  key: string;
  service: Pick<OrderService, 'confirmDemoTransfer'>;
  logError: (message: string, error: unknown) => void;
}): Router {
  const receive: RequestHandler = async (req, res) => {
    const raw = rawBodyOf(req);
    if (!raw || !isValidPaystackSignature(raw, req.get('x-paystack-signature'), key)) {
      res.status(401).json({ message: 'Invalid signature.' });
      return;
    }
    const event = jsonOf(raw);
    if (!isRecord(event) || event.event !== 'charge.success' || !isRecord(event.data)) {
      res.status(200).json({ received: true });
      return;
    }
    const reference = typeof event.data.reference === 'string' ? event.data.reference : '';
    try {
      await service.confirmDemoTransfer(reference);
      res.status(200).json({ received: true });
    } catch (error) {
      logError(`Demo webhook: transfer ${reference} not confirmed`, error);
      if (error instanceof PaymentNotVerifiedError) res.status(200).json({ received: true });
      else res.status(500).json({ message: 'The event could not be applied.' });
    }
  };
  const router = Router();
  router.post('/', express.raw({ type: () => true, limit: maxBodyBytes }), receive);
  return router;
}
