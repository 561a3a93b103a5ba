// The local cloud's demo bank (docs/payments.md, 'Demo payments'): 'Pay by transfer (demo)' leaves the
// checkout pending, and this bank confirms the transfer a short while later (DEMO_TRANSFER_DELAY_MS)
// by posting a signed charge.success to the API's demo webhook, as Paystack posts to its own, so the
// whole waiting flow runs offline, under `npm start` and in e2e.
import { createHmac } from 'node:crypto';
import { demoWebhookKey } from '../server/webhooks/demoWebhook';

export function createDemoBank({
  apiUrl,
  accessLinkSecret,
  delayMs,
  log,
}: {
  apiUrl: () => string;
  accessLinkSecret: string;
  delayMs: number;
  log: (message: string) => void;
}): { transferSent: (reference: string) => void; stop: () => void } {
  const timers = new Set<NodeJS.Timeout>();
  const key = demoWebhookKey(accessLinkSecret);
  const confirm = async (reference: string) => {
    const body = JSON.stringify({
      event: 'charge.success',
      data: { reference, status: 'success', channel: 'bank_transfer' },
    });
    const signature = createHmac('sha512', key).update(body).digest('hex');
    const response = await fetch(`${apiUrl()}/api/webhooks/demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
      body,
    });
    log(`Demo bank: transfer ${reference} confirmed (HTTP ${response.status})`);
  };
  return {
    transferSent(reference) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        confirm(reference).catch((error: unknown) => {
          log(
            `Demo bank: transfer ${reference} not confirmed: ${error instanceof Error ? error.message : String(error)}`,
          );
        });
      }, delayMs);
      timers.add(timer);
    },
    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
