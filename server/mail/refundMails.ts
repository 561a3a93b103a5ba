// The e-mails of refunds and disputes (docs/payments.md, 'Refunds and disputes'): the buyer's note that
// money came back (how much, and whether access ended), and the seller's warning that a buyer opened
// a dispute, with the provider's deadline. Plain text and HTML, every value escaped, one-line subjects.
import type { Transporter } from 'nodemailer';
import type { ServerConfig } from '../config';
import { lagosLongDateTime } from '../../domain/lagosDates';
import { type Currency, formatPrice } from '../../domain/money';
import { escapeHtml, htmlDocument, link, subjectLine } from './html';
import type { MailContent } from './orderMails';

export interface RefundMailFacts {
  productName: string;
  transactionReference: string;
  customerName: string;
  customerEmail: string;
  currency: Currency;
  /** This refund, major units. */
  amount: number;
  /** Everything refunded on the sale so far, major units. */
  refundedTotal: number;
  amountPaid: number;
  accessEnded: boolean;
}

export interface DisputeMailFacts {
  productName: string;
  transactionReference: string;
  customerName: string;
  customerEmail: string;
  currency: Currency;
  amountPaid: number;
  provider: 'Paystack' | 'PayPal';
  /** ISO, or null when the provider gave none. */
  deadline: string | null;
  reason: string;
  reminder: boolean;
}

interface Store {
  storeName: string;
  sellerEmail: string;
}

const row = (label: string, value: string) =>
  `<tr><td style="padding:4px 12px 4px 0;color:#475569">${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`;

export function buyerRefundMail(facts: RefundMailFacts, store: Store): MailContent {
  const amount = formatPrice(facts.amount, facts.currency);
  const firstName = facts.customerName.split(' ')[0] ?? facts.customerName;
  const accessLine = facts.accessEnded
    ? 'Your access to this product has ended, and its link no longer opens it.'
    : 'This was a partial refund: your access to the product continues.';
  const rows: Array<[string, string]> = [
    ['Product', facts.productName],
    ['Refunded', amount],
    ['Reference', facts.transactionReference],
  ];
  if (facts.refundedTotal !== facts.amount) {
    rows.push(['Refunded in total', formatPrice(facts.refundedTotal, facts.currency)]);
  }
  const text = [
    `Hello ${firstName},`,
    '',
    `${store.storeName} has refunded ${amount} for ${facts.productName}.`,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    accessLine,
    'Depending on your bank, the money can take a few days to show on your statement.',
    '',
    `Questions? Write to ${store.sellerEmail}, or simply reply to this e-mail.`,
    '',
    store.storeName,
  ].join('\n');
  const html = htmlDocument(
    `Refund: ${facts.productName}`,
    [
      `<p>Hello ${escapeHtml(firstName)},</p>`,
      `<p>${escapeHtml(store.storeName)} has refunded <strong>${escapeHtml(amount)}</strong> for <strong>${escapeHtml(facts.productName)}</strong>.</p>`,
      '<table style="border-collapse:collapse;margin:16px 0">',
      ...rows.map(([label, value]) => row(label, value)),
      '</table>',
      `<p>${escapeHtml(accessLine)}</p>`,
      '<p>Depending on your bank, the money can take a few days to show on your statement.</p>',
      `<p>Questions? Write to ${link(`mailto:${store.sellerEmail}`, store.sellerEmail)}, or simply reply to this e-mail.</p>`,
      `<p>${escapeHtml(store.storeName)}</p>`,
    ].join(''),
  );
  return { subject: subjectLine(`Refund: ${facts.productName} — ${amount} — ${store.storeName}`), text, html };
}

function deadlineText(deadline: string | null): string {
  if (!deadline) return 'The provider gave no deadline; answer as soon as you can.';
  const lagos = lagosLongDateTime(deadline);
  if (!lagos) return `Answer by ${deadline}.`;
  return `Answer by ${lagos} (Lagos time).`;
}

export function sellerDisputeMail(facts: DisputeMailFacts, store: Store): MailContent {
  const amount = formatPrice(facts.amountPaid, facts.currency);
  const deadline = deadlineText(facts.deadline);
  const rows: Array<[string, string]> = [
    ['Product', facts.productName],
    ['Amount', amount],
    ['Reference', facts.transactionReference],
    ['Buyer', facts.customerName],
    ['Buyer e-mail', facts.customerEmail],
    ['Provider', facts.provider],
  ];
  if (facts.reason) rows.push(['Reason given', facts.reason]);
  const opening = facts.reminder
    ? `Reminder: the dispute over ${facts.productName} (${amount}) still needs your answer.`
    : `A buyer of ${store.storeName} has disputed the payment for ${facts.productName} (${amount}) with ${facts.provider}.`;
  const text = [
    opening,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    deadline,
    `Answer the dispute in your ${facts.provider} dashboard. The buyer's access is suspended while the dispute is open; it comes back if the dispute is decided in your favour, and ends if it is lost.`,
  ].join('\n');
  const html = htmlDocument(
    `Dispute: ${facts.productName}`,
    [
      `<p>${escapeHtml(opening)}</p>`,
      '<table style="border-collapse:collapse;margin:16px 0">',
      ...rows.map(([label, value]) => row(label, value)),
      '</table>',
      `<p><strong>${escapeHtml(deadline)}</strong></p>`,
      `<p>Answer the dispute in your ${escapeHtml(facts.provider)} dashboard. The buyer's access is suspended while the dispute is open; it comes back if the dispute is decided in your favour, and ends if it is lost.</p>`,
    ].join(''),
  );
  const prefix = facts.reminder ? 'Dispute reminder' : 'Dispute opened';
  return { subject: subjectLine(`${prefix}: ${facts.productName} — ${amount} (${facts.provider})`), text, html };
}

export interface RefundMail {
  sendBuyerRefund(facts: RefundMailFacts): Promise<void>;
  sendSellerDispute(facts: DisputeMailFacts): Promise<void>;
}

export function createRefundMail({
  mailer,
  config,
}: {
  mailer: Pick<Transporter, 'sendMail'>;
  config: Pick<ServerConfig, 'MAIL_FROM' | 'SELLER_EMAIL' | 'STORE_NAME'>;
}): RefundMail {
  const store: Store = { storeName: config.STORE_NAME, sellerEmail: config.SELLER_EMAIL };
  return {
    async sendBuyerRefund(facts) {
      const mail = buyerRefundMail(facts, store);
      await mailer.sendMail({
        from: config.MAIL_FROM,
        to: { name: facts.customerName, address: facts.customerEmail },
        replyTo: config.SELLER_EMAIL,
        ...mail,
      });
    },
    async sendSellerDispute(facts) {
      const mail = sellerDisputeMail(facts, store);
      await mailer.sendMail({
        from: config.MAIL_FROM,
        to: config.SELLER_EMAIL,
        replyTo: { name: facts.customerName, address: facts.customerEmail },
        ...mail,
      });
    },
  };
}
