// A paid order is never dropped (docs/payments.md, 'Needs attention'): a payment the provider confirmed
// but the API cannot fulfil (less than the checkout asked, a reference the store never issued, another
// product) becomes paymentIssues/{provider}_{reference} with the provider's facts and the reason. The
// seller gets one e-mail about it, however often the buyer, the webhook or a retry reports it, and the
// Sales panel lists it until an admin marks it resolved.
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import type { ServerConfig } from '../config';
import { escapeHtml, htmlDocument, oneLine, subjectLine } from '../mail/html';
import { formatAmount, type Currency } from '../orders/money';

export const paymentIssuesCollection = 'paymentIssues';

export type IssueProvider = 'paystack' | 'paypal' | 'demo';

/** What the provider says about the payment, and what the store expected, as recorded for the seller. */
export interface PaymentIssueFacts {
  provider: IssueProvider;
  reference: string;
  /** Major units, as the provider reports them. */
  amount: number;
  /** The provider's currency code; not necessarily one the store sells in. */
  currency: string;
  status: string;
  customer: { name: string; email: string; phone: string };
  /** The payment's metadata as JSON, cut to a bounded length (it comes from the browser). */
  metadata: string;
  /** The checkout the payment names, when there is one. */
  checkoutId: string | null;
  productId: string;
  productName: string;
  /** What the checkout asked for, in major units (null without a checkout). */
  expectedAmount: number | null;
  expectedCurrency: Currency | null;
  reason: string;
}

/** The buyer's sentence: the money arrived, a person will sort it out. Never a bare refusal. */
export function paymentReceivedMessage(email: string): string {
  const to = email ? ` at ${email}` : '';
  return `Your payment was received, but your order could not be completed automatically. The seller has been told and will contact you${to} to send your product or refund you.`;
}

/** Thrown once the issue is recorded: the order routes answer 202 with the buyer's message. */
export class PaymentIssueRecordedError extends Error {
  override name = 'PaymentIssueRecordedError';
  constructor(
    readonly issueId: string,
    email: string,
  ) {
    super(paymentReceivedMessage(email));
  }
}

export interface PaymentIssuesDeps {
  db: Firestore;
  mailer: Pick<Transporter, 'sendMail'>;
  config: Pick<ServerConfig, 'MAIL_FROM' | 'SELLER_EMAIL' | 'STORE_NAME' | 'PUBLIC_STORE_URL'>;
  logError: (message: string, error: unknown) => void;
  now: () => Date;
}

export interface PaymentIssues {
  /** Records the issue once and e-mails the seller once; throws PaymentIssueRecordedError for the caller to answer. */
  record(facts: PaymentIssueFacts): Promise<never>;
}

const maxMetadata = 2000;

/** Metadata for the record: JSON, bounded, one line. */
export function metadataText(metadata: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(metadata) ?? '';
  } catch {
    text = '';
  }
  return oneLine(text).slice(0, maxMetadata);
}

export function paymentIssueMail(
  facts: PaymentIssueFacts,
  store: { storeName: string; publicStoreUrl: string },
): { subject: string; text: string; html: string } {
  const known = facts.currency === 'NGN' || facts.currency === 'USD';
  const paid = !Number.isFinite(facts.amount)
    ? `unknown (${facts.currency})`
    : known
      ? formatAmount(facts.amount, facts.currency as Currency)
      : `${facts.amount} ${facts.currency}`;
  const expected =
    facts.expectedAmount !== null && facts.expectedCurrency
      ? formatAmount(facts.expectedAmount, facts.expectedCurrency)
      : 'no checkout';
  const rows: Array<[string, string]> = [
    ['Why', facts.reason],
    ['Provider', facts.provider],
    ['Reference', facts.reference],
    ['Paid', paid],
    ['Checkout asked', expected],
    ['Product', facts.productName || facts.productId || 'unknown'],
    ['Buyer', facts.customer.name || 'unknown'],
    ['Buyer e-mail', facts.customer.email || 'unknown'],
    ['Buyer phone', facts.customer.phone || 'unknown'],
  ];
  const dashboard = `${store.publicStoreUrl.replace(/\/+$/, '')}/admin?panel=sales`;
  const todo =
    'What to do: refund the payment at the provider, or grant access by contacting the buyer; then mark it resolved under Needs attention in the Sales panel.';
  const text = [
    `A payment on ${store.storeName} was received but could not be fulfilled automatically.`,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    todo,
    dashboard,
  ].join('\n');
  const html = htmlDocument(
    'Payment needs attention',
    [
      `<p>A payment on ${escapeHtml(store.storeName)} was received but could not be fulfilled automatically.</p>`,
      '<table style="border-collapse:collapse;margin:16px 0">',
      ...rows.map(
        ([label, value]) =>
          `<tr><td style="padding:4px 12px 4px 0;color:#475569">${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`,
      ),
      '</table>',
      `<p>${escapeHtml(todo)}</p>`,
      `<p>${escapeHtml(dashboard)}</p>`,
    ].join(''),
  );
  return { subject: subjectLine(`Payment needs attention: ${facts.provider} ${facts.reference}`), text, html };
}

export function createPaymentIssues({ db, mailer, config, logError, now }: PaymentIssuesDeps): PaymentIssues {
  const store = { storeName: config.STORE_NAME, publicStoreUrl: config.PUBLIC_STORE_URL };

  return {
    async record(facts) {
      const id = `${facts.provider}_${facts.reference}`;
      const ref = db.collection(paymentIssuesCollection).doc(id);
      // Create-if-missing in a transaction (as fulfilment does): the creator alone sends the e-mail,
      // so replays and the webhook racing the buyer's call never send a second one.
      const created = await db.runTransaction(
        async (t) => {
          if ((await t.get(ref)).exists) return false;
          t.create(ref, {
            ...facts,
            createdAt: FieldValue.serverTimestamp(),
            recordedAt: now().toISOString(),
            resolved: false,
            resolvedBy: null,
            sellerNotified: false,
          });
          return true;
        },
        { maxAttempts: 20 },
      );
      if (created) {
        try {
          const mail = paymentIssueMail(facts, store);
          await mailer.sendMail({ from: config.MAIL_FROM, to: config.SELLER_EMAIL, ...mail });
          await ref.update({ sellerNotified: true });
        } catch (error) {
          // The record stands and the Sales panel lists it; the e-mail is only the nudge.
          logError(`Payment issue ${id}: the seller's e-mail failed`, error);
        }
      }
      // The buyer is told the address the first record holds (the same payment, reported again).
      const stored = (await ref.get()).data() as Partial<PaymentIssueFacts> | undefined;
      throw new PaymentIssueRecordedError(id, stored?.customer?.email ?? facts.customer.email);
    },
  };
}
