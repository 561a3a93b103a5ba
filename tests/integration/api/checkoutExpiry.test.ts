// The expiry sweep (server/checkouts/checkoutExpiry.ts) on the local cloud's Firestore: one checkout
// whose question fails (Paystack's answer could not be applied, the checkout moved meanwhile) is logged
// and left for the next run; the checkouts after it still expire. The sweep reads every overdue
// checkout, so this file keeps its own in a Firestore project of its own on the same emulator: no other
// file's sweep meets them, and this one meets no other file's.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expireOverdue } from '../../../server/checkouts/checkoutExpiry';
import { createAdminFirestore } from '../../../server/lib/firestoreAdmin';
import { cloud } from '../../support/purchaseHarness';
import { buildCheckoutRecord } from '../../support/records';

const db = createAdminFirestore({ projectId: 'demo-expiry-sweep', emulatorHost: cloud.firestoreHost });

const createdAt = new Date('2001-03-04T09:00:00.000Z');
const sweptAt = new Date('2001-03-04T10:30:00.000Z');

async function seedCheckout(tag: string): Promise<string> {
  const id = `expiry-${tag}-${randomUUID()}`;
  await db.doc(`checkouts/${id}`).set(
    buildCheckoutRecord({
      reference: `ref-${id}`,
      productId: 'demo-freelance-playbook',
      email: `${tag}@example.com`,
      createdAt,
    }),
  );
  return id;
}

const statusOf = async (id: string) => (await db.doc(`checkouts/${id}`).get()).get('status') as string;

describe('the expiry sweep', () => {
  it('logs a checkout whose question failed, leaves it open, and still expires the others', async () => {
    const failing = await seedCheckout('failing');
    const others = [await seedCheckout('first'), await seedCheckout('second')];
    const mine = new Set([failing, ...others]);
    const logged: string[] = [];

    const outcome = await expireOverdue({
      db,
      now: () => sweptAt,
      logError: (message) => logged.push(message),
      beforeExpiring: (checkout) => {
        // Checkouts an earlier test left open stay as they are.
        if (!mine.has(checkout.id)) return Promise.resolve(false);
        if (checkout.id === failing) return Promise.reject(new Error('Paystack answered 500'));
        return Promise.resolve(true);
      },
    });

    expect(outcome).toEqual({ expired: 2, released: 0 });
    expect(await statusOf(failing)).toBe('open');
    expect(await Promise.all(others.map(statusOf))).toEqual(['expired', 'expired']);
    expect(logged).toEqual([`Checkout ${failing} could not be expired; the next run tries again`]);
  });

  it('without a log, a failure still ends the run, as before', async () => {
    const failing = await seedCheckout('unlogged');
    await expect(
      expireOverdue({
        db,
        now: () => sweptAt,
        beforeExpiring: (checkout) =>
          checkout.id === failing ? Promise.reject(new Error('Paystack answered 500')) : Promise.resolve(false),
      }),
    ).rejects.toThrow('Paystack answered 500');
    expect(await statusOf(failing)).toBe('open');
  });
});
