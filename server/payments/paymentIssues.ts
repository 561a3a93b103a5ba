// A paid order is never dropped (docs/payments.md, 'Needs attention'): a payment the provider confirmed
// but the API cannot fulfil (less than the checkout asked, a reference the store never issued, another
// product) becomes paymentIssues/{provider}_{reference} with the provider's facts and the reason. The
// seller gets one e-mail about it, however often the buyer, the webhook or a retry reports it, and the
// Sales panel lists it until an admin marks it resolved.
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import type { ServerConfig } from '../config';
import { escapeHtml, htmlDocument, oneLine, subjectLine } from '../mail/html';
import { type Currency, formatPrice } from '../../domain/money';
import { paymentIssuesCollection } from '../lib/collections';

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
  /**
   * Set when the issue is a refund or dispute the provider reported for a payment the store has no
   * sale for (server/refunds/refundService.ts); null for a payment that could not be fulfilled.
   */
  event: { type: string; id: string } | null;
}

/** The buyer's sentence: the money arrived, a person will sort it out. Never a bare refusal. */
export function paymentReceivedMessage(email: string): string {
  const to = email ? ` at ${email}` : '';
  return `Your payment was received, but your order could not be completed automatically. The seller has been told and will contact you${to} to send your product or refund you.`;
}

/** Thrown once the issue is recorded: the order routes answer 202 with the buyer's message. */
export class PaymentIssueRecordedError extends Error {
  override name = 'PaymentIssueRecordedError';
  /**
   * @param retryable the issue stands only because saving the sale failed: a later try (the provider's
   * event sent again, a sweep) may record the sale, so the webhooks ask the provider to send it again.
   */
  constructor(
    readonly issueId: string,
    email: string,
    readonly retryable = false,
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
  /** E-mails the seller about an issue just created (by `record`, or in another service's transaction). */
  notifySeller(id: string, facts: PaymentIssueFacts): Promise<void>;
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

const paymentTodo =
  'What to do: refund the payment at the provider, or grant access by contacting the buyer; then mark it resolved under Needs attention in the Sales panel.';
/** For a refund or dispute of a payment the store has no sale for (the Sales panel says the same). */
const eventTodo =
  "What to do: look the payment up in the provider's dashboard (it may have been sold outside this store, or before it kept records) and answer the refund or dispute there; then mark it resolved under Needs attention in the Sales panel.";

export function paymentIssueMail(
  facts: PaymentIssueFacts,
  store: { storeName: string; publicStoreUrl: string },
): { subject: string; text: string; html: string } {
  const known = facts.currency === 'NGN' || facts.currency === 'USD';
  const paid = !Number.isFinite(facts.amount)
    ? `unknown (${facts.currency})`
    : known
      ? formatPrice(facts.amount, facts.currency as Currency)
      : `${facts.amount} ${facts.currency}`;
  const expected =
    facts.expectedAmount !== null && facts.expectedCurrency
      ? formatPrice(facts.expectedAmount, facts.expectedCurrency)
      : 'no checkout';
  const event = facts.event;
  const rows: Array<[string, string]> = event
    ? [
        ['Why', facts.reason],
        ['Provider', facts.provider],
        ['Event', `${event.type} (${event.id})`],
        ['Payment', facts.reference],
        ['Amount', paid],
      ]
    : [
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
  const todo = event ? eventTodo : paymentTodo;
  const intro = event
    ? `${facts.provider === 'paypal' ? 'PayPal' : 'Paystack'} reported a refund or dispute on ${store.storeName} for a payment the store has no sale for.`
    : `A payment on ${store.storeName} was received but could not be fulfilled automatically.`;
  const text = [intro, '', ...rows.map(([label, value]) => `${label}: ${value}`), '', todo, dashboard].join('\n');
  const html = htmlDocument(
    'Payment needs attention',
    [
      `<p>${escapeHtml(intro)}</p>`,
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
  const subject = event
    ? `Refund or dispute needs attention: ${facts.provider} ${facts.reference}`
    : `Payment needs attention: ${facts.provider} ${facts.reference}`;
  return { subject: subjectLine(subject), text, html };
}

/** The stored record of a new issue: the facts, open, the seller not yet told. */
export function newPaymentIssue(facts: PaymentIssueFacts, now: Date): Record<string, unknown> {
  return {
    ...facts,
    createdAt: FieldValue.serverTimestamp(),
    recordedAt: now.toISOString(),
    resolved: false,
    resolvedBy: null,
    sellerNotified: false,
  };
}

export function paymentIssueRef(db: Firestore, id: string) {
  return db.collection(paymentIssuesCollection).doc(id);
}

export function createPaymentIssues({ db, mailer, config, logError, now }: PaymentIssuesDeps): PaymentIssues {
  const store = { storeName: config.STORE_NAME, publicStoreUrl: config.PUBLIC_STORE_URL };

  async function notifySeller(id: string, facts: PaymentIssueFacts): Promise<void> {
    try {
      const mail = paymentIssueMail(facts, store);
      await mailer.sendMail({ from: config.MAIL_FROM, to: config.SELLER_EMAIL, ...mail });
      await paymentIssueRef(db, id).update({ sellerNotified: true });
    } catch (error) {
      // The record stands and the Sales panel lists it; the e-mail is only the nudge.
      logError(`Payment issue ${id}: the seller's e-mail failed`, error);
    }
  }

  return {
    notifySeller,
    async record(facts) {
      const id = `${facts.provider}_${facts.reference}`;
      const ref = paymentIssueRef(db, id);
      // Create-if-missing in a transaction (as fulfilment does): the creator alone sends the e-mail,
      // so replays and the webhook racing the buyer's call never send a second one.
      const created = await db.runTransaction(
        async (t) => {
          if ((await t.get(ref)).exists) return false;
          t.create(ref, newPaymentIssue(facts, now()));
          return true;
        },
        { maxAttempts: 20 },
      );
      if (created) await notifySeller(id, facts);
      // The buyer is told the address the first record holds (the same payment, reported again).
      const stored = (await ref.get()).data() as Partial<PaymentIssueFacts> | undefined;
      throw new PaymentIssueRecordedError(id, stored?.customer?.email ?? facts.customer.email);
    },
  };
}
