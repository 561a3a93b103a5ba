import { describe, expect, it } from 'vitest';
import { buildSalesCsv, csvField } from '../../../../../src/features/admin/sales/salesCsv';
import type { SaleRow } from '../../../../../src/features/admin/api/salesTypes';

const sale: SaleRow = {
  id: 'paystack_T123',
  createdAt: '2026-11-22T10:05:09.000Z',
  productId: 'excel-mastery',
  productName: 'Excel Mastery, 2nd "Pro" edition',
  customerName: '=HYPERLINK("http://evil.test","Click")',
  customerEmail: 'ada.obi@example.com',
  customerPhone: '+234 803 123 4567',
  amountPaid: 7500,
  currency: 'NGN',
  paymentMethod: 'Paystack',
  listPrice: 7500,
  discountCode: '',
  discountAmount: 0,
  reference: 'T123',
  emailStatus: 'failed',
  accessUses: 2,
  downloads: { count: 0, devices: 0 },
  accessRevoked: true,
  refund: null,
  dispute: null,
  cursor: { seconds: 1, nanoseconds: 0, id: 'paystack_T123' },
};

describe('CSV fields', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvField('Python Basics')).toBe('Python Basics');
    expect(csvField(7500)).toBe('7500');
    expect(csvField('')).toBe('');
  });

  it('quotes a field with a comma, a quote or a line break, doubling quotes (RFC 4180)', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line1\nline2')).toBe('"line1\nline2"');
    expect(csvField('line1\r\nline2')).toBe('"line1\r\nline2"');
  });

  it.each([
    ['=1+2', "'=1+2"],
    ['+2348031234567', "'+2348031234567"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', '"\'\rcmd"'],
  ])('neutralises %j against spreadsheet formulas as %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('neutralises and then quotes a formula that holds quotes and commas', () => {
    expect(csvField('=HYPERLINK("http://evil.test","Click")')).toBe('"\'=HYPERLINK(""http://evil.test"",""Click"")"');
  });
});

describe('the sales CSV', () => {
  it('has a header row and one CRLF-ended row per sale, dates in Lagos, no BOM', () => {
    const csv = buildSalesCsv([sale]);
    expect(csv.charCodeAt(0)).not.toBe(0xfeff);
    expect(csv.split('\r\n')).toEqual([
      'Date (Africa/Lagos),Transaction ID,Reference,Product,Product ID,Buyer name,Buyer e-mail,Buyer phone,Amount,Currency,Provider,E-mail status,Link uses,Access revoked,Refund status,Refunded amount,Refund date (Africa/Lagos),Dispute,List price,Discount code,Discount amount,Affiliate,Affiliate commission',
      '2026-11-22 11:05:09,paystack_T123,T123,"Excel Mastery, 2nd ""Pro"" edition",excel-mastery,"\'=HYPERLINK(""http://evil.test"",""Click"")",ada.obi@example.com,\'+234 803 123 4567,7500,NGN,Paystack,failed,2,yes,,0,,,7500,,0,,0',
      '',
    ]);
  });

  it('gives the refund status, the amount refunded and its date, and the dispute', () => {
    const refunded: SaleRow = {
      ...sale,
      customerName: 'Ada Obi',
      refund: {
        status: 'refunded',
        amount: 2500,
        refunded: 2500,
        full: false,
        at: '2026-11-23T08:00:00.000Z',
        by: 'Ada',
        reason: 'Wrong course',
        failure: null,
      },
      dispute: { status: 'won', deadline: null, reason: '' },
    };
    expect(buildSalesCsv([refunded]).split('\r\n')[1]).toMatch(
      /,yes,refunded,2500,2026-11-23 09:00:00,won,7500,,0,,0$/,
    );
  });

  it('gives the list price, the code and what it took off for a discounted sale', () => {
    const discounted = {
      ...sale,
      amountPaid: 5.95,
      currency: 'USD' as const,
      listPrice: 7,
      discountCode: 'SPRING',
      discountAmount: 1.05,
    };
    expect(buildSalesCsv([discounted]).split('\r\n')[1]).toMatch(
      /,5\.95,USD,Paystack,failed,2,yes,,0,,,7,SPRING,1\.05,,0$/,
    );
  });

  it('gives the affiliate and their commission for a sale an affiliate brought', () => {
    const referred: SaleRow = { ...sale, affiliateCode: 'ADA', commission: 2250 };
    expect(buildSalesCsv([referred]).split('\r\n')[1]).toMatch(/,7500,,0,ADA,2250$/);
  });

  it('is the header alone when nothing matched', () => {
    expect(buildSalesCsv([])).toBe(
      'Date (Africa/Lagos),Transaction ID,Reference,Product,Product ID,Buyer name,Buyer e-mail,Buyer phone,Amount,Currency,Provider,E-mail status,Link uses,Access revoked,Refund status,Refunded amount,Refund date (Africa/Lagos),Dispute,List price,Discount code,Discount amount,Affiliate,Affiliate commission\r\n',
    );
  });
});
