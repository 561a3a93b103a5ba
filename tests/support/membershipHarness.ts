// What the memberships tests share: the memberships service on the same cloud, fulfilment and access
// links as the purchase API under test (tests/support/purchaseHarness.ts), on a clock the test moves,
// and products priced as a membership or in instalments.
import type { ProductPricing } from '../../domain/productPricing';
import { parseServerConfig } from '../../server/config';
import { createMailer } from '../../server/mailer';
import type { Memberships } from '../../server/memberships/memberships';
import { createPurchaseWiring } from '../../server/purchaseWiring';
import { cloud, db, seedProduct, type SeededProduct } from './purchaseHarness';

/** A clock a test sets and moves: the API's and the service's `now`. */
export function testClock(startIso: string) {
  let at = new Date(startIso);
  return {
    now: () => new Date(at.getTime()),
    set(iso: string) {
      at = new Date(iso);
    },
  };
}

/** The memberships service as the API wires it (server/purchaseWiring.ts), for the API at `apiUrl`. */
export function membershipsFor(apiUrl: string, now: () => Date): { memberships: Memberships; logged: string[] } {
  const config = parseServerConfig({ ...cloud.apiEnv, PUBLIC_STORE_URL: apiUrl });
  const logged: string[] = [];
  const logError = (message: string) => logged.push(message);
  const { memberships } = createPurchaseWiring({ config, db, mailer: createMailer(config), now, logError });
  return { memberships, logged };
}

/** A product as purchaseHarness seeds it, priced as a membership or in instalments. */
export async function seedPricedProduct(
  pricing: ProductPricing,
  overrides: Partial<Omit<SeededProduct, 'id'>> = {},
): Promise<SeededProduct> {
  const product = await seedProduct(overrides);
  await db.doc(`products/${product.id}`).update({ pricing });
  return product;
}

/** The stored plan, as the raw document holds it (times as Timestamps). */
export async function storedMembership(id: string): Promise<Record<string, unknown> | undefined> {
  return (await db.doc(`memberships/${id}`).get()).data();
}

/** The plan's sales, oldest payment first: what Sales lists for it. */
export async function salesOfPlan(membershipId: string): Promise<({ id: string } & Record<string, unknown>)[]> {
  const snapshot = await db.collection('transactions').where('membershipId', '==', membershipId).get();
  return snapshot.docs
    .map((doc): { id: string } & Record<string, unknown> => ({ id: doc.id, ...doc.data() }))
    .sort((a, b) => Number(a.membershipPayment) - Number(b.membershipPayment));
}
