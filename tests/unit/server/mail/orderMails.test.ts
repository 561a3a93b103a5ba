import { describe, expect, it, vi } from 'vitest';
import { escapeHtml, subjectLine } from '../../../../server/mail/html';
import {
  buyerOrderMail,
  createPurchaseMail,
  purchasesResendMail,
  sellerSaleNotice,
} from '../../../../server/mail/orderMails';

const store = { storeName: 'Digital Store', sellerEmail: 'seller@store.test', publicStoreUrl: 'https://store.test/' };
const hostile = {
  productName: '<img src=x onerror=alert(1)> "Guide" & Co',
  amountPaid: 7500,
  currency: 'NGN' as const,
  transactionReference: 'T<1>',
  paymentMethod: 'Paystack',
  customerName: 'Ada <b>Obi</b>\r\nBcc: victim@example.com',
  customerEmail: 'ada@example.com',
  customerPhone: '+234 803 123 4567',
  accessUrl: 'https://store.test/api/access/abc_DEF-123',
};

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('subjectLine', () => {
  it('keeps a subject on one line', () => {
    expect(subjectLine('New sale\r\nBcc: victim@example.com\t!')).toBe('New sale Bcc: victim@example.com !');
  });
});

describe('order e-mails', () => {
  it("the buyer's mail names product, amount with its sign, reference, access link and seller contact", () => {
    const mail = buyerOrderMail(hostile, store);
    expect(mail.subject).toBe('Your purchase: <img src=x onerror=alert(1)> "Guide" & Co — Digital Store');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    for (const part of [
      `Product: ${hostile.productName}`,
      'Amount paid: ₦7,500',
      'Reference: T<1>',
      hostile.accessUrl,
      'seller@store.test',
      'https://store.test/purchases',
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>Obi');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;Guide&quot; &amp; Co');
    expect(mail.html).toContain('T&lt;1&gt;');
    expect(mail.html).toContain(`href="${hostile.accessUrl}"`);
    expect(mail.html).toContain('href="mailto:seller@store.test"');
  });

  it("the seller's notice names buyer, product, amount and provider", () => {
    const mail = sellerSaleNotice({ ...hostile, amountPaid: 19.99, currency: 'USD', paymentMethod: 'PayPal' }, store);
    expect(mail.subject).toBe('New sale: <img src=x onerror=alert(1)> "Guide" & Co — $19.99 (PayPal)');
    for (const part of [
      'Amount: $19.99',
      'Paid with: PayPal',
      'Buyer e-mail: ada@example.com',
      'Buyer phone: +234 803 123 4567',
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.html).toContain('Ada &lt;b&gt;Obi&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Obi');
  });

  it('the resend lists every purchase with its link', () => {
    const mail = purchasesResendMail(
      [
        {
          productName: 'Ebook <1>',
          transactionReference: 'T1',
          paidAt: '2026-11-20T10:00:00.000Z',
          accessUrl: 'https://store.test/api/access/one',
        },
        {
          productName: 'Course',
          transactionReference: 'T2',
          paidAt: '2026-11-21T10:00:00.000Z',
          accessUrl: 'https://store.test/api/access/two',
        },
      ],
      store,
    );
    expect(mail.subject).toBe('Your purchases on Digital Store');
    expect(mail.text).toContain('Ebook <1> (bought 2026-11-20, reference T1)\nhttps://store.test/api/access/one');
    expect(mail.text).toContain('Course (bought 2026-11-21, reference T2)\nhttps://store.test/api/access/two');
    expect(mail.html).toContain('Ebook &lt;1&gt;');
    expect(mail.html).toContain('href="https://store.test/api/access/two"');
  });
});

describe('a sale made with a discount code', () => {
  const discounted = {
    ...hostile,
    amountPaid: 3825,
    listPrice: 4500,
    discountCode: 'SPRING<15>',
    discountAmount: 675,
  };

  it('the buyer’s mail and the seller’s notice name the code, the list price and the discount', () => {
    const buyer = buyerOrderMail(discounted, store);
    expect(buyer.text).toContain('List price: ₦4,500\nDiscount (SPRING<15>): -₦675\nAmount paid: ₦3,825');
    expect(buyer.html).toContain('Discount (SPRING&lt;15&gt;)</td><td>-₦675');
    const notice = sellerSaleNotice(discounted, store);
    expect(notice.text).toContain('List price: ₦4,500\nDiscount (SPRING<15>): -₦675\nAmount: ₦3,825');
    expect(notice.html).toContain('Discount (SPRING&lt;15&gt;)</td><td>-₦675');
  });

  it('says nothing of discounts for a sale without a code', () => {
    const plain = { ...hostile, listPrice: 7500, discountCode: null, discountAmount: 0 };
    expect(buyerOrderMail(plain, store).text).not.toContain('Discount');
    expect(sellerSaleNotice(plain, store).text).not.toContain('List price');
  });
});

describe('sending the purchase e-mails', () => {
  const config = {
    MAIL_FROM: 'Digital Store <orders@store.test>',
    SELLER_EMAIL: 'seller@store.test',
    STORE_NAME: 'Digital Store',
    PUBLIC_STORE_URL: 'https://store.test/',
  };
  const sent = () => {
    const sendMail = vi.fn().mockResolvedValue({});
    return { sendMail, purchaseMail: createPurchaseMail({ mailer: { sendMail }, config }) };
  };

  it('sends the order e-mail to the buyer by name, from the store, replies going to the seller', async () => {
    const { sendMail, purchaseMail } = sent();
    await purchaseMail.sendOrderMail(hostile);
    expect(sendMail).toHaveBeenCalledWith({
      from: 'Digital Store <orders@store.test>',
      to: { name: 'Ada <b>Obi</b>\r\nBcc: victim@example.com', address: 'ada@example.com' },
      replyTo: 'seller@store.test',
      subject: 'Your purchase: <img src=x onerror=alert(1)> "Guide" & Co — Digital Store',
      text: expect.stringContaining('https://store.test/api/access/abc_DEF-123'),
      html: expect.stringContaining('href="https://store.test/api/access/abc_DEF-123"'),
    });
  });

  it('sends the sale notice to the seller, replies going to the buyer', async () => {
    const { sendMail, purchaseMail } = sent();
    await purchaseMail.sendSaleNotice(hostile);
    expect(sendMail).toHaveBeenCalledWith({
      from: 'Digital Store <orders@store.test>',
      to: 'seller@store.test',
      replyTo: { name: 'Ada <b>Obi</b>\r\nBcc: victim@example.com', address: 'ada@example.com' },
      subject: 'New sale: <img src=x onerror=alert(1)> "Guide" & Co — ₦7,500 (Paystack)',
      text: expect.stringContaining('Buyer phone: +234 803 123 4567'),
      html: expect.stringContaining('Ada &lt;b&gt;Obi&lt;/b&gt;'),
    });
  });

  it('sends the list of purchases to the address that asked', async () => {
    const { sendMail, purchaseMail } = sent();
    const links = [
      {
        productName: 'Course',
        transactionReference: 'T2',
        paidAt: '2026-11-21T10:00:00.000Z',
        accessUrl: 'https://store.test/a',
      },
    ];
    await purchaseMail.sendPurchaseList('ada@example.com', links);
    expect(sendMail).toHaveBeenCalledWith({
      from: 'Digital Store <orders@store.test>',
      to: 'ada@example.com',
      replyTo: 'seller@store.test',
      subject: 'Your purchases on Digital Store',
      text: expect.stringContaining('Course (bought 2026-11-21, reference T2)\nhttps://store.test/a'),
      html: expect.stringContaining('href="https://store.test/a"'),
    });
  });

  it('rejects when the mail server does, so the caller can record the failure', async () => {
    const sendMail = vi.fn().mockRejectedValue(new Error('421 try later'));
    await expect(createPurchaseMail({ mailer: { sendMail }, config }).sendOrderMail(hostile)).rejects.toThrow(
      '421 try later',
    );
  });
});
