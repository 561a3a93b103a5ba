// The PayPal webhook, subscribed through PayPal's webhooks API with every event the store handles;
// its id goes into .env.functions (PAYPAL_WEBHOOK_ID).
import type { Step } from '../steps';
import { paypalWebhookEvents } from '../storeNeeds';

interface PaypalWebhook {
  id: string;
  url: string;
  event_types?: Array<{ name: string }>;
}

async function paypalCall<T>(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = (await response.json().catch(() => ({}))) as T & { message?: string };
  if (!response.ok)
    throw new Error(
      `PayPal refused to ${method === 'GET' ? 'list' : 'save'} the webhook: ${parsed.message ?? response.status}.`,
    );
  return parsed;
}

export const paypalWebhookStep: Step = {
  title: 'PayPal webhook',
  async run(ctx) {
    const { baseUrl, accessToken } = ctx.paypal;
    const url = `${new URL(ctx.values.PUBLIC_STORE_URL ?? '').origin}/api/webhooks/paypal`;
    const list = await paypalCall<{ webhooks?: PaypalWebhook[] }>(
      baseUrl,
      accessToken,
      'GET',
      '/v1/notifications/webhooks',
    );
    const found = (list.webhooks ?? []).find((hook) => hook.url === url);
    const eventTypes = paypalWebhookEvents.map((name) => ({ name }));
    if (found) {
      ctx.found.paypalWebhookId = found.id;
      const names = new Set((found.event_types ?? []).map((e) => e.name));
      const missing = paypalWebhookEvents.filter((name) => !names.has(name) && !names.has('*'));
      if (missing.length === 0) return { changed: false, detail: `${url} is subscribed (id ${found.id})` };
      const kept = (found.event_types ?? []).filter((e) => !paypalWebhookEvents.includes(e.name));
      await paypalCall(baseUrl, accessToken, 'PATCH', `/v1/notifications/webhooks/${found.id}`, [
        { op: 'replace', path: '/event_types', value: [...kept, ...eventTypes] },
      ]);
      return { changed: true, detail: `added ${missing.join(', ')} to webhook ${found.id}` };
    }
    const created = await paypalCall<PaypalWebhook>(baseUrl, accessToken, 'POST', '/v1/notifications/webhooks', {
      url,
      event_types: eventTypes,
    });
    ctx.found.paypalWebhookId = created.id;
    return { changed: true, detail: `subscribed ${url} (id ${created.id})` };
  },
};
