// A license key in the download page's and the e-mails' HTML (docs/licenses.md, 'Showing a key'): each
// group in a span that does not wrap, a break opportunity between groups, and the text read from the
// HTML is the key as issued; the plain-text part of a mail keeps the key as one string.
import { describe, expect, it } from 'vitest';
import { licenseKeyHtml } from '../../../../server/mail/licenseKeyHtml';
import { licenseKeyMail } from '../../../../server/mail/licenseMails';
import { buyerOrderMail } from '../../../../server/mail/orderMails';
import { licenseSection } from '../../../../server/downloads/downloadPages';
import { buildLicenseKey } from '../../../support/factories';
import { shownText } from '../../../support/xssCorpus';

const key = '8F3A2C1D-0B9E4D7A-5C6F1E2B-9A8D7C6E';
const grouped =
  '<span style="white-space:nowrap">8F3A2C1D-</span><wbr>' +
  '<span style="white-space:nowrap">0B9E4D7A-</span><wbr>' +
  '<span style="white-space:nowrap">5C6F1E2B-</span><wbr>' +
  '<span style="white-space:nowrap">9A8D7C6E</span>';

describe('licenseKeyHtml', () => {
  it('puts each group of a generated key in a span that does not wrap, with a break between groups', () => {
    expect(licenseKeyHtml(key)).toBe(grouped);
    expect(shownText(licenseKeyHtml(key))).toBe('8F3A2C1D-0B9E4D7A-5C6F1E2B-9A8D7C6E');
  });

  it('escapes a pool key and keeps its text, repeated hyphens in the group before them', () => {
    const html = licenseKeyHtml('A<b>&1--B"2');
    expect(html).toBe(
      '<span style="white-space:nowrap">A&lt;b&gt;&amp;1--</span><wbr><span style="white-space:nowrap">B&quot;2</span>',
    );
    expect(shownText(html)).toBe('A<b>&1--B"2');
  });

  it('leaves a group longer than 24 characters free to break, so it never overflows a phone', () => {
    const html = licenseKeyHtml('ABCDEFGHIJKLMNOPQRSTUVWXY-1234');
    expect(html).toBe('ABCDEFGHIJKLMNOPQRSTUVWXY-<wbr><span style="white-space:nowrap">1234</span>');
    expect(licenseKeyHtml('ABCDEFGHIJKLMNOPQRSTUVWX')).toBe(
      '<span style="white-space:nowrap">ABCDEFGHIJKLMNOPQRSTUVWX</span>',
    );
  });
});

describe('the key on the download page and in the e-mails', () => {
  it('the download page shows the grouped key, whose text is the key', () => {
    const section = licenseSection(buildLicenseKey({ key }), '/api/access/t');
    expect(section).toContain(
      `<p><code id="license-key" style="font-size:1.05rem;overflow-wrap:break-word">${grouped}</code></p>`,
    );
    expect(shownText(section)).toContain('Your license key8F3A2C1D-0B9E4D7A-5C6F1E2B-9A8D7C6EMachines using');
  });

  it("the key's e-mail: grouped in the HTML part, one string in the text part", () => {
    const mail = licenseKeyMail(
      { productName: 'Invoice Toolkit', customerName: 'Ada Obi', key, replaced: false },
      { storeName: 'Digital Store', sellerEmail: 'seller@store.test' },
    );
    expect(mail.text).toContain('Here is your license key for Invoice Toolkit:\n8F3A2C1D-0B9E4D7A-5C6F1E2B-9A8D7C6E\n');
    expect(mail.html).toContain(`<p><code style="font-size:16px;overflow-wrap:break-word">${grouped}</code></p>`);
    expect(mail.html).not.toContain('8F3A2C1D-0B9E4D7A');
    expect(shownText(mail.html)).toContain('Invoice Toolkit:8F3A2C1D-0B9E4D7A-5C6F1E2B-9A8D7C6EQuestions?');
  });

  it("the buyer's order e-mail: grouped in the HTML part, one string in the text part", () => {
    const mail = buyerOrderMail(
      {
        productName: 'Invoice Toolkit',
        amountPaid: 5000,
        currency: 'NGN',
        transactionReference: 'T1',
        paymentMethod: 'Paystack',
        customerName: 'Ada Obi',
        customerEmail: 'ada@example.com',
        customerPhone: '+234 803 123 4567',
        accessUrl: 'https://store.test/api/access/abc',
        licenseKey: key,
      },
      { storeName: 'Digital Store', sellerEmail: 'seller@store.test', publicStoreUrl: 'https://store.test/' },
    );
    expect(mail.text).toContain('Your license key (keep it private):\n8F3A2C1D-0B9E4D7A-5C6F1E2B-9A8D7C6E\n');
    expect(mail.html).toContain(
      `<p>Your license key (keep it private):</p><p><code style="font-size:16px;overflow-wrap:break-word">${grouped}</code></p>`,
    );
    expect(shownText(mail.html)).toContain('(keep it private):8F3A2C1D-0B9E4D7A-5C6F1E2B-9A8D7C6EOpen your product');
  });
});
