// Shapes both sides of the store's API agree on: what the API answers and records, and what the
// SPA reads back (docs/payments.md, docs/admin.md). The API's zod schemas check what it receives;
// these are what it sends.

/** How a sale was paid, as a transaction records it and the Sales panel filters it. */
export type PaymentMethod = 'Paystack' | 'PayPal' | 'Demo';
export const paymentMethods: readonly PaymentMethod[] = ['Paystack', 'PayPal', 'Demo'];

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
