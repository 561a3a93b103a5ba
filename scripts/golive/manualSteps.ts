// What no program can do for the seller: printed once at the end of the setup with the exact values.
import { paystackWebhookEvents } from './storeNeeds';

export function manualSteps(values: Readonly<Record<string, string>>): string[] {
  const origin = new URL(values.PUBLIC_STORE_URL ?? '').origin;
  return [
    'Two things only you can do:',
    `1. Paystack (Dashboard > Settings > API Keys & Webhooks): set the Webhook URL to ${origin}/api/webhooks/paystack . Paystack sends every event there, including ${paystackWebhookEvents.join(', ')}.`,
    `2. Google Search Console (https://search.google.com/search-console): add ${origin} and submit ${origin}/sitemap.xml .`,
    'Then run `npm run doctor` to check the live store.',
  ];
}
