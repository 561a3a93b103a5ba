import type { ReactNode } from 'react';
import { formatPrice } from '../../../../domain/money';
import { formatLagosDateTime } from '../../../lib/lagosTime';
import type { EmailStatus } from '../../../../domain/apiContracts';
import { SaleStatus } from './SaleStatus';
import type { SaleRow } from './types';

const statusLabel: Record<EmailStatus, string> = { sent: 'Sent', failed: 'Failed', sending: 'Sending' };
const statusClass: Record<EmailStatus, string> = {
  sent: 'bg-green-100 text-green-800',
  failed: 'bg-red-100 text-red-800',
  sending: 'bg-amber-100 text-amber-800',
};

export interface SalesTableProps {
  rows: readonly SaleRow[];
  /** Per-sale actions (resend, revoke, restore) plugged in by the desk's actions component. */
  renderActions?: (sale: SaleRow) => ReactNode;
}

const cell = 'px-3 py-2 align-top';

/**
 * The page of sales. On a phone the table scrolls sideways inside a labelled, focusable region, so
 * keyboard and screen-reader users can reach every column.
 */
export function SalesTable({ rows, renderActions }: SalesTableProps) {
  return (
    <div
      role="region"
      aria-label="Sales list"
      tabIndex={0}
      // relative: the screen-reader-only texts of the action buttons are positioned absolutely, and
      // only a positioned scroller clips them, so they cannot widen the page on a phone.
      className="relative overflow-x-auto rounded-lg ring-1 ring-slate-200"
    >
      <table className="min-w-[72rem] w-full text-left text-sm">
        <caption className="sr-only">Sales, newest first</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className={cell}>
              Date (Lagos)
            </th>
            <th scope="col" className={cell}>
              Product
            </th>
            <th scope="col" className={cell}>
              Buyer
            </th>
            <th scope="col" className={cell}>
              Amount
            </th>
            <th scope="col" className={cell}>
              Status
            </th>
            <th scope="col" className={cell}>
              Provider
            </th>
            <th scope="col" className={cell}>
              Reference
            </th>
            <th scope="col" className={cell}>
              E-mail
            </th>
            <th scope="col" className={cell}>
              Link uses
            </th>
            {renderActions && (
              <th scope="col" className={cell}>
                Actions
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((sale) => (
            <SaleRowView key={sale.id} sale={sale} renderActions={renderActions} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function SaleRowView({ sale, renderActions }: { sale: SaleRow; renderActions?: (sale: SaleRow) => ReactNode }) {
  return (
    <tr>
      <td className={`${cell} whitespace-nowrap`}>
        <time dateTime={sale.createdAt}>{formatLagosDateTime(sale.createdAt)}</time>
      </td>
      <td className={cell}>{sale.productName}</td>
      <td className={cell}>
        <span className="block font-medium text-slate-900">{sale.customerName}</span>
        <span className="block break-all text-slate-600">{sale.customerEmail}</span>
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        <span className="block font-semibold">{formatPrice(sale.amountPaid, sale.currency)}</span>
        {sale.discountCode && (
          <span className="block text-xs text-slate-600">
            {sale.discountCode}: -{formatPrice(sale.discountAmount, sale.currency)} off{' '}
            {formatPrice(sale.listPrice, sale.currency)}
          </span>
        )}
        {sale.affiliateCode && (
          <span className="block text-xs text-slate-600">
            Affiliate {sale.affiliateCode}: {formatPrice(sale.commission ?? 0, sale.currency)} commission
          </span>
        )}
      </td>
      <td className={cell}>
        <SaleStatus sale={sale} />
      </td>
      <td className={cell}>{sale.paymentMethod}</td>
      <td className={`${cell} break-all font-mono text-xs`}>{sale.reference}</td>
      <td className={cell}>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusClass[sale.emailStatus]}`}>
          {statusLabel[sale.emailStatus]}
        </span>
        {sale.accessRevoked && <span className="mt-1 block text-xs font-semibold text-red-700">Access revoked</span>}
      </td>
      <td className={cell}>
        {sale.accessUses}
        {sale.downloads.count + sale.downloads.devices > 0 && (
          <span className="mt-1 block whitespace-nowrap text-xs text-slate-700">
            {sale.downloads.count} {sale.downloads.count === 1 ? 'download' : 'downloads'} · {sale.downloads.devices}{' '}
            {sale.downloads.devices === 1 ? 'device' : 'devices'}
          </span>
        )}
      </td>
      {renderActions && <td className={cell}>{renderActions(sale)}</td>}
    </tr>
  );
}
