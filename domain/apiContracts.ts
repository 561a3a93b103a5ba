// Shapes both sides of the store's API agree on: what the API answers and records, and what the
// SPA reads back (docs/payments.md, docs/admin.md). The API's zod schemas check what it receives;
// these are what it sends.

/** How a sale was paid, as a transaction records it and the Sales panel filters it. */
export type PaymentMethod = 'Paystack' | 'PayPal' | 'Demo' | 'Free';
export const paymentMethods: readonly PaymentMethod[] = ['Paystack', 'PayPal', 'Demo', 'Free'];

/** Where the order e-mails of a transaction stand. */
export type EmailStatus = 'sending' | 'sent' | 'failed';
export const emailStatuses: readonly EmailStatus[] = ['sending', 'sent', 'failed'];

/** The answer of an order once its verified payment has been recorded (POST /api/orders, PayPal capture). */
export interface OrderAnswer {
  transactionId: string;
  emailSent: boolean;
  /** `/api/access/{token}`: opens the product; the raw deliverable link never reaches the SPA. */
  accessUrl: string;
}

/**
 * Which provider a checkout is paid through; demo only on the local stack; 'free' when a discount
 * code leaves nothing to pay (completed without any provider).
 */
export type CheckoutProvider = 'paystack' | 'paypal' | 'demo' | 'free';

/** Each provider's name as buyers, the seller and the sale record (paymentMethod) write it. */
export const providerNames = {
  paystack: 'Paystack',
  paypal: 'PayPal',
  demo: 'Demo',
  free: 'Free',
} as const satisfies Record<CheckoutProvider, PaymentMethod>;

/**
 * What POST /api/checkouts answers: the price the server set for this purchase, in major units, and
 * the reference the payment must carry. The payment dialog shows `amount`; the provider is opened for
 * exactly this reference and amount.
 */
export interface CheckoutAnswer {
  checkoutId: string;
  reference: string;
  provider: CheckoutProvider;
  amount: number;
  listPrice: number;
  /** The discount taken off `listPrice` (0 without a code). */
  discount: number;
  /** The discount code applied (upper case); absent without one. */
  code?: string;
  currency: 'NGN' | 'USD';
  /** ISO time until which the checkout's price is honoured for a new payment. */
  expiresAt: string;
  /** The Paystack channels the seller offers (settings/store paystackChannels); Paystack checkouts only. */
  channels?: string[];
  /**
   * Paystack's split for a sale an affiliate with a subaccount brought (docs/affiliates.md): the popup
   * passes `subaccount`, `transaction_charge` (the seller's share, kobo) and `bearer`.
   */
  split?: { subaccount: string; transactionCharge: number; bearer: 'account' };
  /**
   * The Paystack plan of a membership or instalment plan renewed by card (docs/memberships.md): the
   * popup passes it as `plan`, card only. Absent for a product sold once, a renewal by transfer, or a
   * first payment a discount code lowered.
   */
  paystackPlan?: string;
  /**
   * The PayPal plan of a USD membership or instalment plan (docs/memberships.md): the PayPal buttons'
   * `createSubscription` passes it as `plan_id`, with `custom_id` = `checkoutId`. Absent for a product
   * sold once or a first payment a discount code lowered (then the payment is a single order).
   */
  paypalPlanId?: string;
}

/**
 * What the waiting page reads (GET /api/checkouts/{id}/status?t=): a payment that completes later
 * (a bank transfer Paystack has not yet seen, a PayPal review), paid (with the access link), or ended.
 */
export interface WaitStatusAnswer {
  state: 'waiting' | 'paid' | 'expired' | 'declined';
  kind: 'transfer' | 'paypal';
  productName: string;
  amount: number;
  currency: 'NGN' | 'USD';
  /** The address the product is (or was) e-mailed to. */
  email: string;
  accessUrl?: string;
}

/**
 * The answer when a payment is under way but not yet confirmed (POST /api/checkouts/{id}/pending, or
 * a PayPal capture that ended PENDING, answered with 202): the waiting page's token and the status.
 */
export interface PendingPaymentAnswer {
  pending: true;
  checkoutId: string;
  waitToken: string;
  status: WaitStatusAnswer;
}

/** A checkout whose payment is on its way, as the Sales panel lists it (GET /api/admin/pending-payments). */
export interface PendingPaymentRow {
  checkoutId: string;
  kind: 'transfer' | 'paypal';
  productName: string;
  amount: number;
  currency: 'NGN' | 'USD';
  customerName: string;
  customerEmail: string;
  /** ISO time the payment started waiting. */
  since: string;
}

/** What POST /api/checkouts/quote answers: the price a code would give now (nothing is reserved). */
export interface PriceQuoteAnswer {
  code: string;
  currency: 'NGN' | 'USD';
  listPrice: number;
  discount: number;
  amount: number;
}

/**
 * The answer of an order call whose payment the provider confirmed but which could not be fulfilled
 * automatically (paid less than asked, a reference the store never issued, another product): the
 * payment is recorded for the seller, who contacts the buyer. Answered with 202, never as a refusal.
 */
export interface PaymentReceivedAnswer {
  paymentIssue: true;
  message: string;
}

/** What POST /api/uploads/signature answers: the browser uploads straight to the image host with it. */
export interface UploadSignature {
  timestamp: number;
  signature: string;
  apiKey: string;
  cloudName: string;
  folder: string;
  /** The image host's upload endpoint; the SPA's own configuration, when set, wins over it. */
  uploadUrl: string;
}
