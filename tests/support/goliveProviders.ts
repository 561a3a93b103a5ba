// Paystack, PayPal and Cloudinary as `npm run setup` meets them (msw): the key check, PayPal's OAuth
// token on its live and sandbox hosts and its webhooks API, Cloudinary's ping. Answers in the
// providers' own shapes; the state says which credentials each accepts.
import { http, HttpResponse, type HttpHandler } from 'msw';

export const providerBases = {
  paystack: 'https://api.paystack.test',
  cloudinary: 'https://api.cloudinary.test',
  paypalLive: 'https://api-m.paypal.com',
  paypalSandbox: 'https://api-m.sandbox.paypal.com',
} as const;

export interface PaypalWebhook {
  id: string;
  url: string;
  event_types: Array<{ name: string }>;
}

export interface ProviderState {
  paystackSecret: string;
  /** Which PayPal host accepts `${clientId}:${secret}`. */
  paypal: { host: 'live' | 'sandbox'; clientId: string; secret: string };
  webhooks: PaypalWebhook[];
  cloudinary: { cloud: string; key: string; secret: string };
  calls: string[];
}

export function providerHandlers(state: ProviderState): HttpHandler[] {
  const paypalToken = 'A21AAPaypalAccessToken';
  const record = (request: Request) => {
    const url = new URL(request.url);
    state.calls.push(`${request.method} ${url.host}${url.pathname}`);
  };
  const paypalHost = (host: 'live' | 'sandbox') =>
    host === 'live' ? providerBases.paypalLive : providerBases.paypalSandbox;
  const paypal = (host: 'live' | 'sandbox'): HttpHandler[] => [
    http.post(`${paypalHost(host)}/v1/oauth2/token`, ({ request }) => {
      record(request);
      const basic = Buffer.from(`${state.paypal.clientId}:${state.paypal.secret}`).toString('base64');
      if (state.paypal.host !== host || request.headers.get('authorization') !== `Basic ${basic}`) {
        return HttpResponse.json(
          { error: 'invalid_client', error_description: 'Client Authentication failed' },
          { status: 401 },
        );
      }
      return HttpResponse.json({
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: paypalToken,
        token_type: 'Bearer',
        expires_in: 32400,
      });
    }),
    http.all(`${paypalHost(host)}/v1/notifications/webhooks*`, async ({ request }) => {
      record(request);
      if (request.headers.get('authorization') !== `Bearer ${paypalToken}`) {
        return HttpResponse.json(
          {
            name: 'AUTHENTICATION_FAILURE',
            message:
              'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
          },
          { status: 401 },
        );
      }
      const id = new URL(request.url).pathname.split('/')[4];
      if (request.method === 'GET' && !id) return HttpResponse.json({ webhooks: state.webhooks });
      if (request.method === 'POST' && !id) {
        const body = (await request.json()) as { url: string; event_types: Array<{ name: string }> };
        const hook = { id: `0EH40505U7160970P${state.webhooks.length}`, url: body.url, event_types: body.event_types };
        state.webhooks.push(hook);
        return HttpResponse.json(hook, { status: 201 });
      }
      const hook = state.webhooks.find((h) => h.id === id);
      if (!hook)
        return HttpResponse.json(
          { name: 'INVALID_RESOURCE_ID', message: 'Webhook id does not exist' },
          { status: 404 },
        );
      if (request.method === 'GET') return HttpResponse.json(hook);
      const patch = (await request.json()) as Array<{ path: string; value: Array<{ name: string }> }>;
      for (const op of patch) if (op.path === '/event_types') hook.event_types = op.value;
      return HttpResponse.json(hook);
    }),
  ];
  return [
    http.get(`${providerBases.paystack}/balance`, ({ request }) => {
      record(request);
      if (request.headers.get('authorization') !== `Bearer ${state.paystackSecret}`) {
        return HttpResponse.json({ status: false, message: 'Invalid key' }, { status: 401 });
      }
      return HttpResponse.json({
        status: true,
        message: 'Balances retrieved',
        data: [{ currency: 'NGN', balance: 0 }],
      });
    }),
    ...paypal('live'),
    ...paypal('sandbox'),
    http.get(`${providerBases.cloudinary}/v1_1/:cloud/ping`, ({ request, params }) => {
      record(request);
      const { cloud, key, secret } = state.cloudinary;
      if (params.cloud !== cloud)
        return HttpResponse.json({ error: { message: 'Invalid cloud_name' } }, { status: 404 });
      if (request.headers.get('authorization') !== `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`) {
        return HttpResponse.json({ error: { message: `Invalid api_key ${key}` } }, { status: 401 });
      }
      return HttpResponse.json({ status: 'ok' });
    }),
  ];
}
