// The license key e-mails (docs/licenses.md): a buyer's key sent after the sale (the pool was empty at
// the time) or a replacement key. Plain text and HTML, every value escaped, one-line subjects.
import { escapeHtml, htmlDocument, subjectLine } from './html';
import { licenseKeyCode } from './licenseKeyHtml';
import type { MailContent } from './orderMails';

export interface LicenseMailFacts {
  productName: string;
  customerName: string;
  key: string;
  /** True when the key replaces an earlier one, which no longer works. */
  replaced: boolean;
}

export function licenseKeyMail(
  facts: LicenseMailFacts,
  store: { storeName: string; sellerEmail: string },
): MailContent {
  const firstName = facts.customerName.split(' ')[0] ?? facts.customerName;
  const intro = facts.replaced
    ? `Your license key for ${facts.productName} has been replaced. The earlier key no longer works; use this one:`
    : `Here is your license key for ${facts.productName}:`;
  const text = [
    `Hello ${firstName},`,
    '',
    intro,
    facts.key,
    '',
    `Questions? Write to ${store.sellerEmail}, or simply reply to this e-mail.`,
    '',
    store.storeName,
  ].join('\n');
  const html = htmlDocument(
    `Your license key: ${facts.productName}`,
    [
      `<p>Hello ${escapeHtml(firstName)},</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${licenseKeyCode(facts.key, { fontSize: '16px' })}</p>`,
      `<p>Questions? Write to ${escapeHtml(store.sellerEmail)}, or simply reply to this e-mail.</p>`,
      `<p>${escapeHtml(store.storeName)}</p>`,
    ].join(''),
  );
  return { subject: subjectLine(`Your license key: ${facts.productName} — ${store.storeName}`), text, html };
}
