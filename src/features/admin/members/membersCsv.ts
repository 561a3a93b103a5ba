// The CSV export of the filtered members, in the sales export's form (RFC 4180, formula-safe fields).
import { lagosTimestamp } from '../../../../domain/lagosDates';
import { type MemberRow, memberPlanText, memberStatusText, renewalLabels } from '../../../../domain/memberRows';
import { minorToDecimal } from '../../../../domain/money';
import { csvLine } from '../sales/salesCsv';

const header = [
  'Plan ID',
  'Buyer name',
  'Buyer e-mail',
  'Product',
  'Product ID',
  'Plan',
  'Status',
  'Renews by',
  'Next payment (Africa/Lagos)',
  'Amount',
  'Currency',
  'Started (Africa/Lagos)',
];

export function buildMembersCsv(rows: readonly MemberRow[]): string {
  const lines = [
    csvLine(header),
    ...rows.map((row) =>
      csvLine([
        row.id,
        row.customer.name,
        row.customer.email,
        row.productTitle,
        row.productId,
        memberPlanText(row),
        memberStatusText(row),
        renewalLabels[row.renewal],
        row.nextPaymentAt && (row.status === 'active' || row.status === 'pastDue')
          ? lagosTimestamp(row.nextPaymentAt)
          : '',
        minorToDecimal(row.amountMinor),
        row.currency,
        lagosTimestamp(row.createdAt),
      ]),
    ),
  ];
  return lines.map((line) => `${line}\r\n`).join('');
}
