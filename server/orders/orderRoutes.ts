// The purchase endpoints (contract 'Checkout API'): thin handlers; the schemas validate, the order
// service verifies and fulfils, and every failure is a JSON {message} the payment dialog can show.
import { Router, type RequestHandler, type Response } from 'express';
import { CheckoutRefusedError } from '../checkouts/checkouts';
import { DiscountCodeRefusedError } from '../checkouts/discountCodes';
import { PaymentIssueRecordedError } from '../payments/paymentIssues';
import { PaymentNotVerifiedError, ProviderUnavailableError } from '../payments/providerErrors';
import { ReferenceConflictError } from './fulfilment';
import {
  checkoutBodySchema,
  orderBodySchema,
  parseBody,
  paypalCreateBodySchema,
  paypalOrderBodySchema,
  paypalOrderIdSchema,
  quoteBodySchema,
} from './orderSchema';
import { PaymentMethodUnavailableError, ProductNotFoundError, type OrderService } from './orderService';

export const orderFailure = 'Failed to save transaction or send emails.';

/** Maps what the service throws to the contract's statuses; anything unexpected is logged, never shown. */
export function sendOrderError(
  res: Response,
  error: unknown,
  logError: (message: string, error: unknown) => void,
  context: string,
): void {
  if (error instanceof PaymentIssueRecordedError) {
    // Paid but not fulfilled automatically: not a refusal, the seller takes it from here.
    res.status(202).json({ paymentIssue: true, message: error.message });
  } else if (error instanceof DiscountCodeRefusedError) {
    // The code's reason in the buyer's words ('This code has expired.').
    res.status(400).json({ message: error.message });
  } else if (error instanceof CheckoutRefusedError) {
    res.status(error.status).json({ message: error.message });
  } else if (error instanceof PaymentNotVerifiedError) {
    res.status(402).json({ message: error.message });
  } else if (error instanceof ProductNotFoundError) {
    res.status(404).json({ message: error.message });
  } else if (error instanceof ReferenceConflictError) {
    res.status(409).json({ message: error.message });
  } else if (error instanceof PaymentMethodUnavailableError) {
    res.status(error.status).json({ message: error.message });
  } else if (error instanceof ProviderUnavailableError) {
    logError(`${context}: ${error.provider} unreachable (${error.detail})`, null);
    res.status(502).json({ message: error.message });
  } else {
    logError(`${context} failed`, error);
    res.status(500).json({ message: orderFailure });
  }
}

export function createOrderRouter({
  service,
  logError,
}: {
  service: OrderService;
  logError: (message: string, error: unknown) => void;
}): Router {
  const placeOrder: RequestHandler = async (req, res) => {
    const parsed = parseBody(orderBodySchema, req.body);
    if (!parsed.ok) {
      res.status(400).json({ message: parsed.message });
      return;
    }
    const { provider, reference, productId, currency, customer } = parsed.data;
    try {
      if (provider === 'demo') {
        res.json(await service.payWithDemo({ reference, productId, currency, customer }));
        return;
      }
      if (provider === 'free') {
        res.json(await service.payFree({ reference, productId, customer }));
        return;
      }
      // Paystack charges this store in NGN only; USD goes through PayPal (docs/payments.md).
      if (currency !== 'NGN') {
        res.status(400).json({ message: 'Card payments are in NGN. Please pay in USD with PayPal.' });
        return;
      }
      res.json(await service.payWithPaystack({ reference, productId, customer }));
    } catch (error) {
      sendOrderError(res, error, logError, `Order ${provider}_${reference}`);
    }
  };

  const createCheckout: RequestHandler = async (req, res) => {
    const parsed = parseBody(checkoutBodySchema, req.body);
    if (!parsed.ok) {
      res.status(400).json({ message: parsed.message });
      return;
    }
    try {
      // req.ip is the client as the trusted proxy hops see it (lib/clientAddress.ts).
      res.status(201).json(await service.createCheckout({ ...parsed.data, clientAddress: req.ip ?? null }));
    } catch (error) {
      sendOrderError(res, error, logError, `Checkout for ${parsed.data.productId}`);
    }
  };

  const quote: RequestHandler = async (req, res) => {
    const parsed = parseBody(quoteBodySchema, req.body);
    if (!parsed.ok) {
      res.status(400).json({ message: parsed.message });
      return;
    }
    try {
      res.json(await service.quote(parsed.data));
    } catch (error) {
      sendOrderError(res, error, logError, `Quote for ${parsed.data.productId}`);
    }
  };

  const createPaypalOrder: RequestHandler = async (req, res) => {
    const parsed = parseBody(paypalCreateBodySchema, req.body);
    if (!parsed.ok) {
      res.status(400).json({ message: parsed.message });
      return;
    }
    try {
      res.json(await service.createPaypalOrder({ checkoutId: parsed.data.checkoutId }));
    } catch (error) {
      sendOrderError(res, error, logError, `PayPal order for checkout ${parsed.data.checkoutId}`);
    }
  };

  const capturePaypalOrder: RequestHandler<{ id: string }> = async (req, res) => {
    const orderId = paypalOrderIdSchema.safeParse(req.params.id);
    if (!orderId.success) {
      res.status(400).json({ message: 'The PayPal order id is not valid.' });
      return;
    }
    const parsed = parseBody(paypalOrderBodySchema, req.body);
    if (!parsed.ok) {
      res.status(400).json({ message: parsed.message });
      return;
    }
    try {
      res.json(
        await service.capturePaypalOrder({
          orderId: orderId.data,
          productId: parsed.data.productId,
          customer: parsed.data.customer,
        }),
      );
    } catch (error) {
      sendOrderError(res, error, logError, `PayPal capture ${orderId.data}`);
    }
  };

  const router = Router();
  router.post('/checkouts', createCheckout);
  router.post('/checkouts/quote', quote);
  router.post('/orders', placeOrder);
  router.post('/paypal/orders', createPaypalOrder);
  router.post('/paypal/orders/:id/capture', capturePaypalOrder);
  return router;
}
