// The purchase service and what it runs on (docs/architecture.md, 'Conventions'), built once from the
// app's dependencies: the providers' clients when their keys are set, access and wait links, one
// fulfilment, the checkout store and payment issues. The app's routes and the scheduled sweeps use the
// same wiring, so a sweep fulfils exactly as a webhook does. Part of the composition root: it registers
// what features add to a sale (docs/architecture.md, 'Sale time'), which orders/ itself never imports.
import type { Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import { createCheckoutStore } from './checkouts/checkouts';
import { createWaitLinks } from './checkouts/pendingPayments';
import type { ServerConfig } from './config';
import { createPaymentIssues } from './payments/paymentIssues';
import { createPaypalClient } from './payments/paypalClient';
import { createPaystackClient } from './payments/paystackClient';
import { createPaystackSubscriptionsClient } from './payments/paystackSubscriptionsClient';
import { createAccessLinks } from './orders/accessLinks';
import { createFulfilment, type Fulfilment, type FulfilmentDeps } from './orders/fulfilment';
import { createOrderService } from './orders/orderService';
import type { SaleContribution } from './orders/saleContributions';
import { createAffiliates } from './affiliates/affiliates';
import { paystackAccountsFor } from './affiliates/affiliateWiring';
import { commissionContribution, createCommissions } from './affiliates/commissions';
import { licenseKeyContribution } from './licenses/licenseKeys';
import { membershipContribution } from './memberships/membershipPeriods';
import { createMemberships } from './memberships/memberships';
import { createMembershipSweep } from './memberships/membershipSweep';
import { createPaystackSubscriptions } from './memberships/paystackSubscriptions';
import { createProviderPlans } from './memberships/providerPlans';
import { createPaypalSubscriptionsClient } from './payments/paypalSubscriptionsClient';
import { createPaypalSubscriptions } from './memberships/paypalSubscriptions';
import { createTransferRenewals } from './memberships/transferRenewals';
import type { PaystackAccounts } from './payments/paystackAccounts';

/**
 * What features add to every new sale, in this order, inside the transaction that records it: the
 * license key of a product that issues them, then the commission of a sale an affiliate brought, then
 * the period of a membership or an instalment plan.
 */
export function saleContributions(db: Firestore): SaleContribution[] {
  return [licenseKeyContribution(db), commissionContribution(db), membershipContribution(db)];
}

/** The store's fulfilment: orders' recording with every feature's sale contribution registered. */
export function createStoreFulfilment(deps: Omit<FulfilmentDeps, 'contributions'>): Fulfilment {
  return createFulfilment({ ...deps, contributions: saleContributions(deps.db) });
}

export interface PurchaseWiringDeps {
  config: ServerConfig;
  db: Firestore;
  mailer: Pick<Transporter, 'sendMail'>;
  now: () => Date;
  logError: (message: string, error: unknown) => void;
  /** The local cloud's demo bank (local/demoBank.ts): told when a demo transfer is sent. */
  demoTransferSent?: (reference: string) => void;
  /** The local cloud's Paystack stand-in for banks and subaccounts (demo mode only). */
  paystackAccounts?: PaystackAccounts;
}

export function createPurchaseWiring({
  config,
  db,
  mailer,
  now,
  logError,
  demoTransferSent,
  paystackAccounts,
}: PurchaseWiringDeps) {
  const timeoutMs = config.PROVIDER_TIMEOUT_MS;
  const paystack = config.PAYSTACK_SECRET_KEY
    ? createPaystackClient({ secretKey: config.PAYSTACK_SECRET_KEY, baseUrl: config.PAYSTACK_BASE_URL, timeoutMs })
    : null;
  // Without the merchant id no capture could be checked, so PayPal stays off (the config refuses
  // a client id without it anyway).
  const paypal =
    config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET && config.PAYPAL_MERCHANT_ID
      ? createPaypalClient({
          clientId: config.PAYPAL_CLIENT_ID,
          clientSecret: config.PAYPAL_CLIENT_SECRET,
          baseUrl: config.PAYPAL_BASE_URL,
          timeoutMs,
        })
      : null;
  const links = createAccessLinks({ secret: config.ACCESS_LINK_SECRET, publicStoreUrl: config.PUBLIC_STORE_URL });
  const fulfilment = createStoreFulfilment({ db, mailer, config, links, logError, now });
  const checkouts = createCheckoutStore({ db, now, ttlMinutes: config.CHECKOUT_TTL_MINUTES });
  const issues = createPaymentIssues({ db, mailer, config, logError, now });
  const waitLinks = createWaitLinks({ key: links.deviceCookieKey, publicStoreUrl: config.PUBLIC_STORE_URL });
  const accounts = paystackAccountsFor(config, paystackAccounts);
  const affiliates = createAffiliates({ db, mailer, config, accounts, now, logError });
  const commissions = createCommissions({ db, now });
  // Later payments of plans go through the same fulfilment (docs/memberships.md).
  const paystackPlans = config.PAYSTACK_SECRET_KEY
    ? createPaystackSubscriptionsClient({
        secretKey: config.PAYSTACK_SECRET_KEY,
        baseUrl: config.PAYSTACK_BASE_URL,
        timeoutMs,
      })
    : null;
  const paypalPlans =
    paypal && config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET
      ? createPaypalSubscriptionsClient({
          clientId: config.PAYPAL_CLIENT_ID,
          clientSecret: config.PAYPAL_CLIENT_SECRET,
          baseUrl: config.PAYPAL_BASE_URL,
          timeoutMs,
        })
      : null;
  const memberships = createMemberships({ db, now, fulfilment, paystack: paystackPlans, paypal: paypalPlans });
  const plans = createProviderPlans({ db, paystack: paystackPlans, paypal: paypalPlans, now });
  const transfers = createTransferRenewals({
    db,
    now,
    memberships,
    paystack,
    subscriptions: paystackPlans,
    secret: config.ACCESS_LINK_SECRET,
    publicStoreUrl: config.PUBLIC_STORE_URL,
    logError,
    demo: config.DEMO_PAYMENTS,
  });
  const membershipSweep = createMembershipSweep({ db, now, mailer, config, memberships, transfers, logError });
  const paystackSubscriptions =
    paystack && paystackPlans
      ? createPaystackSubscriptions({
          db,
          now,
          memberships,
          plans,
          paystack,
          subscriptions: paystackPlans,
          issues,
          mailer,
          config,
          transfers,
        })
      : null;
  const service = createOrderService({
    affiliates,
    // A card membership's Paystack plan; without it (Paystack down) the plan renews by transfer.
    renewalPlans: {
      paystackPlanFor: (productId) =>
        plans.ensurePaystackPlan(productId).catch((error: unknown) => {
          logError(`The Paystack plan of ${productId} could not be made`, error);
          return null;
        }),
      // Without it (PayPal down) the first payment is a single order and the plan renews by transfer.
      paypalPlanFor: (productId) =>
        plans.ensurePaypalPlan(productId).catch((error: unknown) => {
          logError(`The PayPal plan of ${productId} could not be made`, error);
          return null;
        }),
      productOfPaypalPlan: (planId) => plans.productOfPaypalPlan(planId),
    },
    paypalSubscriptions: paypalPlans,
    db,
    config,
    paystack,
    paypal,
    checkouts,
    fulfilment,
    issues,
    now,
    waiting: {
      mailer,
      config,
      links: waitLinks,
      accessUrlOf: (transactionId) => links.urlFor(links.tokenFor(transactionId)),
      ...(config.DEMO_PAYMENTS && demoTransferSent ? { demoTransferSent } : {}),
      logError,
    },
  });
  const paypalSubscriptions = paypalPlans
    ? createPaypalSubscriptions({ db, now, memberships, plans, paypal: paypalPlans, orders: service, issues })
    : null;
  return {
    paystack,
    paypal,
    paypalSubscriptions,
    links,
    fulfilment,
    checkouts,
    issues,
    service,
    affiliates,
    commissions,
    memberships,
    plans,
    paystackSubscriptions,
    transfers,
    membershipSweep,
  };
}
