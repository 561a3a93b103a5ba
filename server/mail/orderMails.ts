// The purchase e-mails (docs/payments.md): the buyer's order e-mail with the access link, the seller's sale
// notice, and the /purchases resend listing every purchase of one address. Each has a plain-text and
// an HTML part; every interpolated value is escaped in the HTML and every subject is one line.
// createPurchaseMail sends them: fulfilment, the admin resend and /purchases all go through it.
import type { Transporter } from 'nodemailer';
import type { ServerConfig } from '../config';
import { type Currency, formatPrice } from '../../domain/money';
import { escapeHtml, htmlDocument, link, subjectLine } from './html';
import { licenseKeyCode } from './licenseKeyHtml';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface PurchaseFacts {
  productName: string;
  amountPaid: number;
  currency: Currency;
  transactionReference: string;
  paymentMethod: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  accessUrl: string;
  /** What the checkout set: absent or null/0 for a sale without a discount code. */
  listPrice?: number;
  discountCode?: string | null;
  discountAmount?: number;
  /** The sale's license key (docs/licenses.md): null while it is to be sent; absent without keys. */
  licenseKey?: string | null;
  /** Pool keys left after this sale, set once when fewer than 10 remain (the seller is told once). */
  licensePoolLeft?: number;
}

/** What the seller's sale notice says about the sale's key, when there is something to do. */
function sellerLicenseLines(purchase: PurchaseFacts): string[] {
  const lines: string[] = [];
  if (purchase.licenseKey === null) {
    lines.push(
      'License key: to be sent. The pool of keys for this product is empty; add keys in the dashboard and the buyer is e-mailed one at once.',
    );
  }
  if (typeof purchase.licensePoolLeft === 'number') {
    lines.push(
      `Only ${purchase.licensePoolLeft} license keys are left in this product's pool. Add more in the dashboard.`,
    );
  }
  return lines;
}

/** The license key lines of a sale with one, else none. */
function licenseLines(purchase: PurchaseFacts): string[] {
  if (purchase.licenseKey === undefined) return [];
  if (purchase.licenseKey === null) return ['Your license key will be sent to you by e-mail shortly.', ''];
  return ['Your license key (keep it private):', purchase.licenseKey, ''];
}

/** The discount lines of a sale made with a code ('Discount (SPRING): -₦675'), else none. */
function discountRows(purchase: PurchaseFacts): Array<[string, string]> {
  if (!purchase.discountCode || typeof purchase.listPrice !== 'number') return [];
  return [
    ['List price', formatPrice(purchase.listPrice, purchase.currency)],
    [`Discount (${purchase.discountCode})`, `-${formatPrice(purchase.discountAmount ?? 0, purchase.currency)}`],
  ];
}

export interface StoreFacts {
  storeName: string;
  sellerEmail: string;
  publicStoreUrl: string;
}

function purchasesUrl(store: StoreFacts): string {
  return `${store.publicStoreUrl.replace(/\/+$/, '')}/purchases`;
}

/** The buyer's library (docs/library.md): every purchase of their address, after a code by e-mail. */
function libraryUrl(store: StoreFacts): string {
  return `${store.publicStoreUrl.replace(/\/+$/, '')}/library`;
}

export function buyerOrderMail(purchase: PurchaseFacts, store: StoreFacts): MailContent {
  const amount = formatPrice(purchase.amountPaid, purchase.currency);
  const firstName = purchase.customerName.split(' ')[0] ?? purchase.customerName;
  const text = [
    `Hello ${firstName},`,
    '',
    `Thank you for buying ${purchase.productName} from ${store.storeName}.`,
    '',
    `Product: ${purchase.productName}`,
    ...discountRows(purchase).map(([label, value]) => `${label}: ${value}`),
    `Amount paid: ${amount}`,
    `Reference: ${purchase.transactionReference}`,
    '',
    ...licenseLines(purchase),
    'Open your product here (keep this link private; it is yours):',
    purchase.accessUrl,
    '',
    `Everything you bought here is in your library: ${libraryUrl(store)}`,
    `Lost this e-mail? Ask for your links again at ${purchasesUrl(store)}.`,
    `Questions? Write to ${store.sellerEmail}, or simply reply to this e-mail.`,
    '',
    store.storeName,
  ].join('\n');
  const html = htmlDocument(
    `Your purchase: ${purchase.productName}`,
    [
      `<p>Hello ${escapeHtml(firstName)},</p>`,
      `<p>Thank you for buying <strong>${escapeHtml(purchase.productName)}</strong> from ${escapeHtml(store.storeName)}.</p>`,
      '<table style="border-collapse:collapse;margin:16px 0">',
      `<tr><td style="padding:4px 12px 4px 0;color:#475569">Product</td><td>${escapeHtml(purchase.productName)}</td></tr>`,
      ...discountRows(purchase).map(
        ([label, value]) =>
          `<tr><td style="padding:4px 12px 4px 0;color:#475569">${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`,
      ),
      `<tr><td style="padding:4px 12px 4px 0;color:#475569">Amount paid</td><td>${escapeHtml(amount)}</td></tr>`,
      `<tr><td style="padding:4px 12px 4px 0;color:#475569">Reference</td><td>${escapeHtml(purchase.transactionReference)}</td></tr>`,
      '</table>',
      ...licenseLines(purchase)
        .filter(Boolean)
        .map((line, i) =>
          i === 1 ? `<p>${licenseKeyCode(line, { fontSize: '16px' })}</p>` : `<p>${escapeHtml(line)}</p>`,
        ),
      `<p><a href="${escapeHtml(purchase.accessUrl)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">Open your product</a></p>`,
      `<p style="font-size:13px;color:#475569">Keep this link private; it is yours. If the button does not work, copy this address: ${escapeHtml(purchase.accessUrl)}</p>`,
      `<p>Everything you bought here is in ${link(libraryUrl(store), 'your library')}.</p>`,
      `<p>Lost this e-mail? Ask for your links again at ${link(purchasesUrl(store), purchasesUrl(store))}.</p>`,
      `<p>Questions? Write to ${link(`mailto:${store.sellerEmail}`, store.sellerEmail)}, or simply reply to this e-mail.</p>`,
      `<p>${escapeHtml(store.storeName)}</p>`,
    ].join(''),
  );
  return { subject: subjectLine(`Your purchase: ${purchase.productName} — ${store.storeName}`), text, html };
}

export function sellerSaleNotice(purchase: PurchaseFacts, store: StoreFacts): MailContent {
  const amount = formatPrice(purchase.amountPaid, purchase.currency);
  const rows: Array<[string, string]> = [
    ['Product', purchase.productName],
    ...discountRows(purchase),
    ['Amount', amount],
    ['Paid with', purchase.paymentMethod],
    ['Reference', purchase.transactionReference],
    ['Buyer', purchase.customerName],
    ['Buyer e-mail', purchase.customerEmail],
    ['Buyer phone', purchase.customerPhone],
  ];
  const text = [
    `New sale on ${store.storeName}: ${purchase.customerName} bought ${purchase.productName} for ${amount} (${purchase.paymentMethod}).`,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    'The buyer has been sent the access link. Reply to this e-mail to write to the buyer.',
    ...sellerLicenseLines(purchase).flatMap((line) => ['', line]),
  ].join('\n');
  const html = htmlDocument(
    `New sale: ${purchase.productName}`,
    [
      `<p>New sale on ${escapeHtml(store.storeName)}: <strong>${escapeHtml(purchase.customerName)}</strong> bought <strong>${escapeHtml(purchase.productName)}</strong> for ${escapeHtml(amount)} (${escapeHtml(purchase.paymentMethod)}).</p>`,
      '<table style="border-collapse:collapse;margin:16px 0">',
      ...rows.map(
        ([label, value]) =>
          `<tr><td style="padding:4px 12px 4px 0;color:#475569">${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`,
      ),
      '</table>',
      '<p>The buyer has been sent the access link. Reply to this e-mail to write to the buyer.</p>',
      ...sellerLicenseLines(purchase).map((line) => `<p><strong>${escapeHtml(line)}</strong></p>`),
    ].join(''),
  );
  return {
    subject: subjectLine(`New sale: ${purchase.productName} — ${amount} (${purchase.paymentMethod})`),
    text,
    html,
  };
}

export interface PurchaseLink {
  productName: string;
  transactionReference: string;
  paidAt: string;
  accessUrl: string;
}

export function purchasesResendMail(purchases: readonly PurchaseLink[], store: StoreFacts): MailContent {
  const day = (iso: string) => iso.slice(0, 10);
  const text = [
    'Hello,',
    '',
    `You asked for the products bought with this e-mail address on ${store.storeName}. Here they are:`,
    '',
    ...purchases.flatMap((purchase) => [
      `${purchase.productName} (bought ${day(purchase.paidAt)}, reference ${purchase.transactionReference})`,
      purchase.accessUrl,
      '',
    ]),
    `Questions? Write to ${store.sellerEmail}.`,
    '',
    store.storeName,
  ].join('\n');
  const html = htmlDocument(
    `Your purchases on ${store.storeName}`,
    [
      '<p>Hello,</p>',
      `<p>You asked for the products bought with this e-mail address on ${escapeHtml(store.storeName)}. Here they are:</p>`,
      '<ul style="padding-left:20px">',
      ...purchases.map(
        (purchase) =>
          `<li style="margin-bottom:12px"><strong>${escapeHtml(purchase.productName)}</strong> (bought ${escapeHtml(day(purchase.paidAt))}, reference ${escapeHtml(purchase.transactionReference)})<br>${link(purchase.accessUrl, 'Open this product')}</li>`,
      ),
      '</ul>',
      `<p>Questions? Write to ${link(`mailto:${store.sellerEmail}`, store.sellerEmail)}.</p>`,
      `<p>${escapeHtml(store.storeName)}</p>`,
    ].join(''),
  );
  return { subject: subjectLine(`Your purchases on ${store.storeName}`), text, html };
}

/** What sending the purchase e-mails takes; the services that send them take it as part of their own deps. */
export interface PurchaseMailDeps {
  mailer: Pick<Transporter, 'sendMail'>;
  config: Pick<ServerConfig, 'MAIL_FROM' | 'SELLER_EMAIL' | 'STORE_NAME' | 'PUBLIC_STORE_URL'>;
}

export interface PurchaseMail {
  /** The buyer's order e-mail with the access link, to `purchase.customerEmail`; rejects when the mail server does. */
  sendOrderMail(purchase: PurchaseFacts): Promise<void>;
  /** The seller's sale notice; a reply goes to the buyer. Rejects when the mail server does. */
  sendSaleNotice(purchase: PurchaseFacts): Promise<void>;
  /** Every purchase of one address, in one e-mail to it; rejects when the mail server does. */
  sendPurchaseList(address: string, purchases: readonly PurchaseLink[]): Promise<void>;
}

export function createPurchaseMail({ mailer, config }: PurchaseMailDeps): PurchaseMail {
  const store: StoreFacts = {
    storeName: config.STORE_NAME,
    sellerEmail: config.SELLER_EMAIL,
    publicStoreUrl: config.PUBLIC_STORE_URL,
  };
  // Address objects let nodemailer encode names safely in the headers.
  const buyer = (purchase: PurchaseFacts) => ({ name: purchase.customerName, address: purchase.customerEmail });
  const send = async (
    to: string | { name: string; address: string },
    replyTo: string | { name: string; address: string },
    mail: MailContent,
  ) => {
    await mailer.sendMail({
      from: config.MAIL_FROM,
      to,
      replyTo,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  };
  return {
    sendOrderMail: (purchase) => send(buyer(purchase), config.SELLER_EMAIL, buyerOrderMail(purchase, store)),
    sendSaleNotice: (purchase) => send(config.SELLER_EMAIL, buyer(purchase), sellerSaleNotice(purchase, store)),
    sendPurchaseList: (address, purchases) => send(address, config.SELLER_EMAIL, purchasesResendMail(purchases, store)),
  };
}
