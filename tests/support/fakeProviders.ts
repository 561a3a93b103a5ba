// A loopback stand-in for Paystack's and PayPal's REST APIs, for the e2e cloud. The API under test
// runs in the e2e global setup process while the tests run in workers, so the fake lives behind its
// own port: the API reaches it through its configured base URLs (PAYSTACK_BASE_URL, PAYPAL_BASE_URL),
// and the tests tell it what happened in the browser (a charge the popup made, an order the buyer
// approved) through its /__test routes. Only what the API reads is answered, in the providers' shapes.
import type { Server } from 'node:http';
import express, { type Request } from 'express';
import { closeServer } from '../../local/http';
import { paypalUnknownWebhook, paypalWebhookAnswer, type FakePaypalWebhook } from './paypalWebhooks';

export const fakeProviderKeys = {
  paystackSecret: 'sk_test_e2e_fake_paystack_secret',
  paypalClientId: 'e2e-paypal-client-id',
  paypalClientSecret: 'e2e-paypal-client-secret',
  /** The store's PayPal account (PAYPAL_MERCHANT_ID): the payee of every order the API creates. */
  paypalMerchantId: 'E2ESTOREMERCHANT',
  /** PAYPAL_WEBHOOK_ID: the store's webhook subscription at PayPal (none until a test makes it). */
  paypalWebhookId: 'WH-E2E-6KX75322V9049184R',
} as const;

/** A charge as Paystack records it after its popup took the money. */
export interface FakePaystackCharge {
  reference: string;
  amount: number;
  currency: string;
  email: string;
  /** Paystack stores what the popup sent: here a JSON string, as the inline script sends it. */
  metadata: string;
  status?: string;
}

interface FakePaypalOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  body: {
    purchase_units: Array<{ description: string; custom_id: string; amount: { currency_code: string; value: string } }>;
  };
}

export interface FakeProviders {
  url: string;
  paystackBaseUrl: string;
  paypalBaseUrl: string;
  close(): Promise<void>;
}

const paypalToken = 'A21-e2e-fake-token';

export async function startFakeProviders(): Promise<FakeProviders> {
  const charges = new Map<string, FakePaystackCharge>();
  const orders = new Map<string, FakePaypalOrder>();
  const webhooks = new Map<string, FakePaypalWebhook>();
  let sequence = 0;
  const app = express();
  app.use(express.json());
  // Known once the server listens; the webhook answer's links name it.
  let url = '';

  // --- Paystack -------------------------------------------------------------------------------
  app.get('/paystack/transaction/verify/:reference', (req, res) => {
    if (req.get('authorization') !== `Bearer ${fakeProviderKeys.paystackSecret}`) {
      res.status(401).json({ status: false, message: 'Invalid key' });
      return;
    }
    const charge = charges.get(req.params.reference);
    if (!charge) {
      res.status(404).json({ status: false, message: 'Transaction reference not found' });
      return;
    }
    res.json({
      status: true,
      message: 'Verification successful',
      data: {
        id: 4099260516,
        reference: charge.reference,
        status: charge.status ?? 'success',
        amount: charge.amount,
        currency: charge.currency,
        paid_at: new Date().toISOString(),
        channel: 'card',
        metadata: charge.metadata,
        customer: { email: charge.email, first_name: null, last_name: null, phone: null },
      },
    });
  });
  // Banks, account resolution and subaccounts, for the affiliate program (docs/affiliates.md).
  const paystackAuthorized = (req: Request) => req.get('authorization') === `Bearer ${fakeProviderKeys.paystackSecret}`;
  app.get('/paystack/bank', (req, res) => {
    if (!paystackAuthorized(req)) {
      res.status(401).json({ status: false, message: 'Invalid key' });
      return;
    }
    res.json({
      status: true,
      message: 'Banks retrieved',
      data: [
        { id: 1, name: 'Access Bank', code: '044', active: true },
        { id: 2, name: 'Guaranty Trust Bank', code: '058', active: true },
      ],
    });
  });
  app.get('/paystack/bank/resolve', (req, res) => {
    const number = typeof req.query.account_number === 'string' ? req.query.account_number : '';
    if (!paystackAuthorized(req) || /^0+$/.test(number)) {
      res.status(422).json({ status: false, message: 'Could not resolve account name' });
      return;
    }
    res.json({
      status: true,
      message: 'Account number resolved',
      data: { account_number: number, account_name: `DEMO HOLDER ${number.slice(-4)}` },
    });
  });
  app.post('/paystack/subaccount', (req, res) => {
    if (!paystackAuthorized(req)) {
      res.status(401).json({ status: false, message: 'Invalid key' });
      return;
    }
    const body = req.body as { account_number?: string };
    sequence += 1;
    res.status(201).json({
      status: true,
      message: 'Subaccount created',
      data: { subaccount_code: `ACCT_e2e${sequence}${body.account_number ?? ''}` },
    });
  });
  // A checkout page started by the API (a plan's period paid by transfer, docs/memberships.md): the
  // request is kept for the test, which pays it by registering the charge and sending charge.success.
  const initialized = new Map<string, Record<string, unknown>>();
  app.post('/paystack/transaction/initialize', (req, res) => {
    if (!paystackAuthorized(req)) {
      res.status(401).json({ status: false, message: 'Invalid key' });
      return;
    }
    const body = req.body as Record<string, unknown>;
    const reference = String(body.reference);
    initialized.set(reference, body);
    res.json({
      status: true,
      message: 'Authorization URL created',
      // Paystack's own page, which the browser test serves itself, as it serves Paystack's checkout frame.
      data: {
        authorization_url: `https://checkout.paystack.com/${reference}`,
        access_code: `ac_${reference}`,
        reference,
      },
    });
  });
  app.get('/__test/paystack/initialized/:reference', (req, res) => {
    const body = initialized.get(req.params.reference);
    if (body) res.json(body);
    else res.status(404).json({ message: 'not initialized' });
  });
  app.post('/__test/paystack/charges', (req, res) => {
    const charge = req.body as FakePaystackCharge;
    charges.set(charge.reference, charge);
    res.status(201).json({ ok: true });
  });

  // --- PayPal ---------------------------------------------------------------------------------
  const authorized = (req: Request) => req.get('authorization') === `Bearer ${paypalToken}`;
  const representation = (order: FakePaypalOrder) => {
    const unit = order.body.purchase_units[0];
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      purchase_units: [
        {
          reference_id: 'default',
          description: unit?.description,
          custom_id: unit?.custom_id,
          amount: unit?.amount,
          payee: { merchant_id: fakeProviderKeys.paypalMerchantId },
          ...(order.status === 'COMPLETED'
            ? {
                payments: {
                  captures: [
                    { id: `CAP-${order.id}`, status: 'COMPLETED', amount: unit?.amount, custom_id: unit?.custom_id },
                  ],
                },
              }
            : {}),
        },
      ],
    };
  };

  app.post('/paypal/v1/oauth2/token', express.urlencoded({ extended: false }), (req, res) => {
    const expected = `Basic ${Buffer.from(`${fakeProviderKeys.paypalClientId}:${fakeProviderKeys.paypalClientSecret}`).toString('base64')}`;
    if (req.get('authorization') !== expected) {
      res.status(401).json({ error: 'invalid_client' });
      return;
    }
    res.json({ access_token: paypalToken, token_type: 'Bearer', expires_in: 32400 });
  });
  app.post('/paypal/v2/checkout/orders', (req, res) => {
    if (!authorized(req)) {
      res.status(401).json({ name: 'AUTHENTICATION_FAILURE' });
      return;
    }
    sequence += 1;
    const order: FakePaypalOrder = {
      id: `5OE2E${Date.now().toString(36).toUpperCase()}${sequence}`,
      status: 'CREATED',
      body: req.body,
    };
    orders.set(order.id, order);
    res.status(201).json({ id: order.id, status: order.status });
  });
  app.get('/paypal/v2/checkout/orders/:id', (req, res) => {
    const order = orders.get(req.params.id);
    if (!authorized(req)) res.status(401).json({ name: 'AUTHENTICATION_FAILURE' });
    else if (!order) res.status(404).json({ name: 'RESOURCE_NOT_FOUND' });
    else res.json(representation(order));
  });
  app.post('/paypal/v2/checkout/orders/:id/capture', (req, res) => {
    const order = orders.get(req.params.id);
    if (!authorized(req)) res.status(401).json({ name: 'AUTHENTICATION_FAILURE' });
    else if (!order) res.status(404).json({ name: 'RESOURCE_NOT_FOUND' });
    else if (order.status === 'CREATED') {
      res.status(422).json({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
    } else {
      order.status = 'COMPLETED';
      res.status(201).json(representation(order));
    }
  });
  // The webhook subscription (Store health's PayPal check), and what the seller sets up in PayPal's dashboard.
  app.get('/paypal/v1/notifications/webhooks/:id', (req, res) => {
    const webhook = webhooks.get(req.params.id);
    if (!authorized(req)) res.status(401).json({ name: 'AUTHENTICATION_FAILURE' });
    else if (!webhook) res.status(404).json(paypalUnknownWebhook);
    else res.json(paypalWebhookAnswer(`${url}/paypal`, webhook));
  });
  app.put('/__test/paypal/webhooks/:id', (req, res) => {
    const body = req.body as { url: string; events: string[] };
    webhooks.set(req.params.id, { id: req.params.id, url: body.url, events: body.events });
    res.json({ ok: true });
  });
  // What PayPal's popup does when the buyer approves.
  app.post('/__test/paypal/orders/:id/approve', (req, res) => {
    const order = orders.get(req.params.id);
    if (!order) {
      res.status(404).json({ name: 'RESOURCE_NOT_FOUND' });
      return;
    }
    order.status = 'APPROVED';
    res.json(representation(order));
  });
  app.get('/__test/paypal/orders/:id', (req, res) => {
    const order = orders.get(req.params.id);
    if (order) res.json({ status: order.status, body: order.body });
    else res.status(404).json({ name: 'RESOURCE_NOT_FOUND' });
  });

  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  url = `http://127.0.0.1:${port}`;
  return {
    url,
    paystackBaseUrl: `${url}/paystack`,
    paypalBaseUrl: `${url}/paypal`,
    close: () => closeServer(server),
  };
}
