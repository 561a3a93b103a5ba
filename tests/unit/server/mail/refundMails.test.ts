import { describe, expect, it } from 'vitest';
import { buyerRefundMail, sellerDisputeMail } from '../../../../server/mail/refundMails';

const store = { storeName: 'Digital Store', sellerEmail: 'seller@digitalstore.test' };
const facts = {
  productName: 'Freelance <Writing> Ebook',
  transactionReference: 'T123',
  customerName: 'Ada Obi',
  customerEmail: 'ada@example.com',
  currency: 'NGN' as const,
  amount: 7500,
  refundedTotal: 7500,
  amountPaid: 7500,
  accessEnded: true,
};

describe('buyerRefundMail', () => {
  it('says how much was refunded and that access ended, with the title escaped in HTML', () => {
    const mail = buyerRefundMail(facts, store);
    expect(mail.subject).toBe('Refund: Freelance <Writing> Ebook — ₦7,500 — Digital Store');
    expect(mail.text).toContain('Digital Store has refunded ₦7,500 for Freelance <Writing> Ebook.');
    expect(mail.text).toContain('Your access to this product has ended, and its link no longer opens it.');
    expect(mail.html).toContain('Freelance &lt;Writing&gt; Ebook');
    expect(mail.html).not.toContain('<Writing>');
  });

  it('says access continues after a partial refund the store keeps access for, with the total so far', () => {
    const mail = buyerRefundMail({ ...facts, amount: 2000, refundedTotal: 4500, accessEnded: false }, store);
    expect(mail.text).toContain('This was a partial refund: your access to the product continues.');
    expect(mail.text).toContain('Refunded in total: ₦4,500');
  });
});

describe('sellerDisputeMail', () => {
  const dispute = {
    productName: 'Course',
    transactionReference: 'T9',
    customerName: 'Ada Obi',
    customerEmail: 'ada@example.com',
    currency: 'USD' as const,
    amountPaid: 9,
    provider: 'PayPal' as const,
    deadline: '2026-12-05T08:00:00.000Z',
    reason: 'item not received',
    reminder: false,
  };
  it('gives the deadline in Lagos time and the reason', () => {
    const mail = sellerDisputeMail(dispute, store);
    expect(mail.subject).toBe('Dispute opened: Course — $9 (PayPal)');
    expect(mail.text).toContain('Answer by 5 December 2026 at 09:00 (Lagos time).');
    expect(mail.text).toContain('Reason given: item not received');
  });
  it('says when the provider gave no deadline, and marks reminders', () => {
    const mail = sellerDisputeMail({ ...dispute, deadline: null, reminder: true }, store);
    expect(mail.subject).toBe('Dispute reminder: Course — $9 (PayPal)');
    expect(mail.text).toContain('The provider gave no deadline; answer as soon as you can.');
  });
});
