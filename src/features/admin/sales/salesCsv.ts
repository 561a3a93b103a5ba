// The CSV export of the filtered sales (RFC 4180): CRLF line ends, fields quoted when they hold a
// comma, quote or line break. A field a spreadsheet would run as a formula (=, +, -, @, tab, CR at the
// start; buyers type their own names) gets a leading apostrophe first (OWASP: CSV injection).
import { lagosTimestamp } from '../../../../domain/lagosDates';
import type { SaleRow } from '../api/salesTypes';

const header = [
  'Date (Africa/Lagos)',
  'Transaction ID',
  'Reference',
  'Product',
  'Product ID',
  'Buyer name',
  'Buyer e-mail',
  'Buyer phone',
  'Amount',
  'Currency',
  'Provider',
  'E-mail status',
  'Link uses',
  'Access revoked',
  'Refund status',
  'Refunded amount',
  'Refund date (Africa/Lagos)',
  'Dispute',
  'List price',
  'Discount code',
  'Discount amount',
  'Affiliate',
  'Affiliate commission',
];

/** One CSV field, neutralised and quoted as needed. */
export function csvField(value: string | number | boolean): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(fields: ReadonlyArray<string | number | boolean>): string {
  return fields.map(csvField).join(',');
}

/** The whole file: a header row, then one row per sale, each line ended by CRLF. */
export function buildSalesCsv(rows: readonly SaleRow[]): string {
  const lines = [
    csvLine(header),
    ...rows.map((sale) =>
      csvLine([
        lagosTimestamp(sale.createdAt),
        sale.id,
        sale.reference,
        sale.productName,
        sale.productId,
        sale.customerName,
        sale.customerEmail,
        sale.customerPhone,
        sale.amountPaid,
        sale.currency,
        sale.paymentMethod,
        sale.emailStatus,
        sale.accessUses,
        sale.accessRevoked ? 'yes' : 'no',
        sale.refund?.status ?? '',
        sale.refund?.refunded ?? 0,
        sale.refund?.at ? lagosTimestamp(sale.refund.at) : '',
        sale.dispute?.status ?? '',
        sale.listPrice,
        sale.discountCode,
        sale.discountAmount,
        sale.affiliateCode ?? '',
        sale.commission ?? 0,
      ]),
    ),
  ];
  return lines.map((line) => `${line}\r\n`).join('');
}
