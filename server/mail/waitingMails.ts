// The e-mails of a payment that completes later (docs/payments.md, 'Payments that complete later'): the
// buyer's link to the waiting page, and the word that PayPal declined. Nothing in them is a product
// link: the access link comes with the order e-mail once the payment is fulfilled.
import { type Currency, formatPrice } from '../../domain/money';
import { escapeHtml, htmlDocument, link, subjectLine } from './html';
import type { MailContent } from './orderMails';

export interface WaitingFacts {
  kind: 'transfer' | 'paypal';
  productName: string;
  amount: number;
  currency: Currency;
  email: string;
}

export function waitingMail(facts: WaitingFacts, pageUrl: string, storeName: string): MailContent {
  const price = formatPrice(facts.amount, facts.currency);
  const opening =
    facts.kind === 'transfer'
      ? `We're waiting for your transfer of ${price} for ${facts.productName}.`
      : `PayPal is reviewing your payment of ${price} for ${facts.productName}.`;
  const confirmer = facts.kind === 'transfer' ? 'Paystack confirms the money (usually within minutes)' : 'it clears';
  const lines = [
    opening,
    `We'll e-mail your product to ${facts.email} as soon as ${confirmer}.`,
    'You can follow your payment here:',
  ];
  const text = ['Hello,', '', ...lines, pageUrl, '', storeName].join('\n');
  const html = htmlDocument(
    opening,
    [
      '<p>Hello,</p>',
      ...lines.slice(0, 2).map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p>${link(pageUrl, 'Follow your payment')}</p>`,
      `<p>${escapeHtml(storeName)}</p>`,
    ].join(''),
  );
  const subject =
    facts.kind === 'transfer'
      ? `We're waiting for your transfer for ${facts.productName}`
      : `PayPal is reviewing your payment for ${facts.productName}`;
  return { subject: subjectLine(subject), text, html };
}

export function declinedMail(facts: WaitingFacts, storeName: string): MailContent {
  const price = formatPrice(facts.amount, facts.currency);
  const lines = [
    `PayPal declined your payment of ${price} for ${facts.productName}, so no money was taken and no order was made.`,
    'You are welcome to buy it again with another payment method.',
  ];
  const text = ['Hello,', '', ...lines, '', storeName].join('\n');
  const html = htmlDocument(
    'PayPal declined the payment',
    ['<p>Hello,</p>', ...lines.map((line) => `<p>${escapeHtml(line)}</p>`), `<p>${escapeHtml(storeName)}</p>`].join(''),
  );
  return { subject: subjectLine(`PayPal declined your payment for ${facts.productName}`), text, html };
}
