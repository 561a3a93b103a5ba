// PayPal's webhook subscription as its REST API answers GET /v1/notifications/webhooks/{id}: the
// subscription's URL, its event types (each with a description and status) and HATEOAS links; an
// unknown id is 404 INVALID_RESOURCE_ID. Shared by the msw stand-in of the integration tests and the
// e2e cloud's loopback stand-in (fakeProviders.ts).

export interface FakePaypalWebhook {
  id: string;
  url: string;
  events: string[];
}

export function paypalWebhookAnswer(baseUrl: string, webhook: FakePaypalWebhook) {
  const self = `${baseUrl}/v1/notifications/webhooks/${webhook.id}`;
  return {
    id: webhook.id,
    url: webhook.url,
    event_types: webhook.events.map((name) => ({ name, description: `${name} event`, status: 'ENABLED' })),
    links: [
      { href: self, rel: 'self', method: 'GET' },
      { href: self, rel: 'update', method: 'PATCH' },
      { href: self, rel: 'delete', method: 'DELETE' },
    ],
  };
}

export const paypalUnknownWebhook = {
  name: 'INVALID_RESOURCE_ID',
  message: 'The requested resource ID was not found',
  debug_id: 'b5e1c8e7a5a0f',
  information_link: 'https://developer.paypal.com/docs/api/webhooks/v1/#error-INVALID_RESOURCE_ID',
  details: [],
  links: [],
};

/** Every event the store handles (server/webhooks/webhookEvents.ts), written out as a seller subscribes them. */
export const allStoreEvents = [
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.DENIED',
  'PAYMENT.CAPTURE.REFUNDED',
  'PAYMENT.CAPTURE.REVERSED',
  'CUSTOMER.DISPUTE.CREATED',
  'CUSTOMER.DISPUTE.RESOLVED',
  'BILLING.SUBSCRIPTION.ACTIVATED',
  'PAYMENT.SALE.COMPLETED',
  'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
  'BILLING.SUBSCRIPTION.CANCELLED',
  'BILLING.SUBSCRIPTION.SUSPENDED',
  'BILLING.SUBSCRIPTION.EXPIRED',
];
