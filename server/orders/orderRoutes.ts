// The purchase endpoints (contract 'Checkout API'): thin handlers; the schemas validate, the order
// service verifies and fulfils, and every failure is a JSON {message} the payment dialog can show.
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { OrderAnswer } from '../../domain/apiContracts';
import { CheckoutRefusedError } from '../checkouts/checkouts';
import { DiscountCodeRefusedError } from '../checkouts/discountCodes';
import { PaymentIssueRecordedError } from '../payments/paymentIssues';
import { PaymentNotVerifiedError, ProviderUnavailableError } from '../payments/providerErrors';
import { answerHttpErrors, failure, handle, HttpError, jsonError, validate } from '../lib/httpErrors';
import { ReferenceConflictError } from './fulfilment';
import {
  checkoutBodySchema,
  checkoutIdSchema,
  orderBodySchema,
  paypalCreateBodySchema,
  paypalOrderBodySchema,
  paypalOrderIdSchema,
  pendingBodySchema,
  quoteBodySchema,
} from './orderSchema';
import {
  PaymentMethodUnavailableError,
  PaymentPendingError,
  ProductNotFoundError,
  type OrderService,
} from './orderService';
import { isWaitTokenShaped } from '../checkouts/pendingPayments';

export const orderFailure = 'Failed to save transaction or send emails.';

/**
 * What the service throws, as the contract's answer (docs/payments.md): each refusal with its status
 * and words; anything unexpected is logged under `context`, never shown.
 */
export function orderErrorAnswer(error: unknown, context: string): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof PaymentIssueRecordedError) {
    // Paid but not fulfilled automatically: not a refusal, the seller takes it from here.
    return new HttpError(202, { json: { paymentIssue: true, message: error.message } });
  }
  // Under way but not yet confirmed (a transfer, a PayPal review): the buyer waits on its page.
  if (error instanceof PaymentPendingError) return new HttpError(202, { json: { ...error.answer } });
  // The code's reason in the buyer's words ('This code has expired.').
  if (error instanceof DiscountCodeRefusedError) return jsonError(400, error.message);
  if (error instanceof CheckoutRefusedError) return jsonError(error.status, error.message);
  if (error instanceof PaymentNotVerifiedError) return jsonError(402, error.message);
  if (error instanceof ProductNotFoundError) return jsonError(404, error.message);
  if (error instanceof ReferenceConflictError) return jsonError(409, error.message);
  if (error instanceof PaymentMethodUnavailableError) return jsonError(error.status, error.message);
  if (error instanceof ProviderUnavailableError) {
    return new HttpError(
      502,
      { json: { message: error.message } },
      { message: `${context}: ${error.provider} unreachable (${error.detail})`, error: null },
    );
  }
  return failure(`${context} failed`, error, 500, orderFailure);
}

type OrderIdParams = { id: string };

/** The waiting page's link names its checkout; anything else is not one (404, nothing read). */
const notWaiting = () => jsonError(404, 'This payment link is not valid.');

/** 400 for a PayPal order id that cannot be one, before the body is read. */
const paypalOrderId: RequestHandler<OrderIdParams> = (req, _res, next) => {
  next(
    paypalOrderIdSchema.safeParse(req.params.id).success
      ? undefined
      : jsonError(400, 'The PayPal order id is not valid.'),
  );
};

/** 400 for a PayPal subscription id that cannot be one, before the body is read. */
const paypalSubscriptionId: RequestHandler<OrderIdParams> = (req, _res, next) => {
  next(
    paypalOrderIdSchema.safeParse(req.params.id).success
      ? undefined
      : jsonError(400, 'The PayPal subscription id is not valid.'),
  );
};

export function createOrderRouter({
  service,
  logError,
  trustPayingBrowser,
  startingBrowser,
}: {
  service: OrderService;
  logError: (message: string, error: unknown) => void;
  /**
   * Remembers the paying browser for the purchase (server/downloads/payingBrowser.ts) and answers the
   * cookie to set, if any; its failure costs the buyer only the e-mail confirmation later.
   */
  trustPayingBrowser?: (cookieHeader: string | undefined, answer: OrderAnswer) => Promise<string | null>;
  /**
   * The device of the browser reporting a transfer (server/downloads/payingBrowser.ts), bound to the
   * checkout so that browser is trusted for the purchase when the transfer completes.
   */
  startingBrowser?: (cookieHeader: string | undefined) => { deviceHash: string; setCookie: string | null };
}): Router {
  const orderBody = validate(orderBodySchema);
  const checkoutBody = validate(checkoutBodySchema);
  const quoteBody = validate(quoteBodySchema);
  const paypalCreateBody = validate(paypalCreateBodySchema);
  const paypalOrderBody = validate(paypalOrderBodySchema);
  const pendingBody = validate(pendingBodySchema);

  /** The success answer, with the paying browser trusted for the purchase. */
  const answerPaid = async <P>(req: Request<P>, res: Response, answer: OrderAnswer) => {
    if (trustPayingBrowser) {
      try {
        const setCookie = await trustPayingBrowser(req.get('cookie'), answer);
        if (setCookie) res.append('Set-Cookie', setCookie);
      } catch (error) {
        logError(`Paying browser of ${answer.transactionId} could not be remembered`, error);
      }
    }
    res.json(answer);
  };

  const placeOrder = handle(
    async (req, res) => {
      const { provider, reference, productId, currency, customer } = orderBody.of(req);
      if (provider === 'demo') {
        await answerPaid(req, res, await service.payWithDemo({ reference, productId, currency, customer }));
        return;
      }
      if (provider === 'free') {
        await answerPaid(req, res, await service.payFree({ reference, productId, customer }));
        return;
      }
      // Paystack charges this store in NGN only; USD goes through PayPal (docs/payments.md).
      if (currency !== 'NGN') throw jsonError(400, 'Card payments are in NGN. Please pay in USD with PayPal.');
      await answerPaid(req, res, await service.payWithPaystack({ reference, productId, customer }));
    },
    (error, req) => {
      const { provider, reference } = orderBody.of(req);
      return orderErrorAnswer(error, `Order ${provider}_${reference}`);
    },
  );

  const createCheckout = handle(
    async (req, res) => {
      // req.ip is the client as the trusted proxy hops see it (lib/clientAddress.ts).
      res.status(201).json(await service.createCheckout({ ...checkoutBody.of(req), clientAddress: req.ip ?? null }));
    },
    (error, req) => orderErrorAnswer(error, `Checkout for ${checkoutBody.of(req).productId}`),
  );

  const quote = handle(
    async (req, res) => {
      res.json(await service.quote(quoteBody.of(req)));
    },
    (error, req) => orderErrorAnswer(error, `Quote for ${quoteBody.of(req).productId}`),
  );

  const createPaypalOrder = handle(
    async (req, res) => {
      res.json(await service.createPaypalOrder({ checkoutId: paypalCreateBody.of(req).checkoutId }));
    },
    (error, req) => orderErrorAnswer(error, `PayPal order for checkout ${paypalCreateBody.of(req).checkoutId}`),
  );

  const capturePaypalOrder = handle<OrderIdParams>(
    async (req, res) => {
      const { productId, customer } = paypalOrderBody.of(req);
      await answerPaid(req, res, await service.capturePaypalOrder({ orderId: req.params.id, productId, customer }));
    },
    (error, req) => orderErrorAnswer(error, `PayPal capture ${req.params.id}`),
  );

  const confirmPaypalSubscription = handle<OrderIdParams>(
    async (req, res) => {
      const { productId, customer } = paypalOrderBody.of(req);
      const answer = await service.confirmPaypalSubscription({ subscriptionId: req.params.id, productId, customer });
      await answerPaid(req, res, answer);
    },
    (error, req) => orderErrorAnswer(error, `PayPal subscription ${req.params.id}`),
  );

  const reportPending = handle<OrderIdParams>(
    async (req, res) => {
      if (!checkoutIdSchema.safeParse(req.params.id).success) throw notWaiting();
      const browser = startingBrowser?.(req.get('cookie')) ?? null;
      const answer = await service.reportPending({
        checkoutId: req.params.id,
        ...pendingBody.of(req),
        startedBy: browser?.deviceHash ?? null,
      });
      if (browser?.setCookie) res.append('Set-Cookie', browser.setCookie);
      res.status(202).json(answer);
    },
    (error, req) => orderErrorAnswer(error, `Pending payment of checkout ${req.params.id}`),
  );

  const waitStatus = handle<OrderIdParams>(
    async (req, res) => {
      const token = typeof req.query.t === 'string' ? req.query.t : '';
      if (!checkoutIdSchema.safeParse(req.params.id).success || !isWaitTokenShaped(token)) throw notWaiting();
      const status = await service.waitStatus(req.params.id, token);
      if (!status) throw notWaiting();
      res.set('Cache-Control', 'no-store').set('Referrer-Policy', 'no-referrer').json(status);
    },
    (error, req) => orderErrorAnswer(error, `Status of checkout ${req.params.id}`),
  );

  const router = Router();
  router.get('/checkouts/:id/status', waitStatus);
  router.post('/checkouts/:id/pending', pendingBody, reportPending);
  router.post('/checkouts', checkoutBody, createCheckout);
  router.post('/checkouts/quote', quoteBody, quote);
  router.post('/orders', orderBody, placeOrder);
  router.post('/paypal/orders', paypalCreateBody, createPaypalOrder);
  router.post('/paypal/orders/:id/capture', paypalOrderId, paypalOrderBody, capturePaypalOrder);
  router.post('/paypal/subscriptions/:id/confirm', paypalSubscriptionId, paypalOrderBody, confirmPaypalSubscription);
  router.use(answerHttpErrors(logError));
  return router;
}
