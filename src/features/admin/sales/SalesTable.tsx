import { useId, useState, type ReactNode } from 'react';
import { formatPrice } from '../../../../domain/money';
import { lagosShortDateTime } from '../../../../domain/lagosDates';
import type { EmailStatus } from '../../../../domain/apiContracts';
import { emailGroups, GroupedText } from '../../../components/GroupedText';
import { secondaryButtonClass } from '../../../components/buttonClasses';
import { SaleStatus } from './SaleStatus';
import type { SaleRow } from '../api/salesTypes';

const statusLabel: Record<EmailStatus, string> = { sent: 'Sent', failed: 'Failed', sending: 'Sending' };
const statusClass: Record<EmailStatus, string> = {
  sent: 'bg-green-100 text-green-800',
  failed: 'bg-red-100 text-red-800',
  sending: 'bg-amber-100 text-amber-800',
};

export interface SalesTableProps {
  rows: readonly SaleRow[];
  /** Per-sale actions (the 'Actions' menu) plugged in by the desk, in the row's last cell. */
  renderActions?: (sale: SaleRow) => ReactNode;
  /** More about a sale (its license key), shown in the row's details with provider, reference and uses. */
  renderDetails?: (sale: SaleRow) => ReactNode;
}

// On a phone each sale is a card: its date and actions on the first line, the other cells stacked under
// them; from md on a table row. Nothing scrolls sideways.
const cellBox = 'block px-3 py-1 align-top md:table-cell md:py-2';
const cell = `col-span-2 ${cellBox}`;
const head = 'px-3 py-2';

/**
 * The page of sales (docs/admin.md, 'Sales'): date, product, buyer, amount, state and the actions fit the
 * width; 'Details' opens a row with the provider, reference, e-mail state, link uses and what the desk
 * adds (the license key).
 */
export function SalesTable({ rows, renderActions, renderDetails }: SalesTableProps) {
  return (
    <div role="region" aria-label="Sales list" className="rounded-lg ring-1 ring-slate-200">
      <table className="block w-full text-left text-sm md:table">
        <caption className="sr-only">Sales, newest first</caption>
        <thead className="hidden bg-slate-50 text-slate-700 md:table-header-group">
          <tr>
            <th scope="col" className={head}>
              Date (Lagos)
            </th>
            <th scope="col" className={head}>
              Product
            </th>
            <th scope="col" className={head}>
              Buyer
            </th>
            <th scope="col" className={head}>
              Amount
            </th>
            <th scope="col" className={head}>
              Status
            </th>
            <th scope="col" className={head}>
              Actions
            </th>
          </tr>
        </thead>
        {rows.map((sale) => (
          <SaleRowView key={sale.id} sale={sale} renderActions={renderActions} renderDetails={renderDetails} />
        ))}
      </table>
    </div>
  );
}

/** The number of columns, which the details row spans. */
const columns = 6;

export function SaleRowView({
  sale,
  renderActions,
  renderDetails,
}: {
  sale: SaleRow;
  renderActions?: (sale: SaleRow) => ReactNode;
  renderDetails?: (sale: SaleRow) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    // One row group per sale: the sale and its details stay together, on a phone as one card.
    <tbody className="block border-t border-slate-200 py-2 first-of-type:border-t-0 md:table-row-group md:py-0">
      <tr className="grid grid-cols-[1fr_auto] items-start md:table-row">
        <td className={`col-span-1 ${cellBox} whitespace-nowrap text-slate-700`}>
          <time dateTime={sale.createdAt}>{lagosShortDateTime(sale.createdAt)}</time>
        </td>
        <td className={`${cell} break-words font-medium text-slate-900`}>{sale.productName}</td>
        <td className={cell}>
          <span className="block font-medium text-slate-900">{sale.customerName}</span>
          {/* An address breaks after its '@' or a dot when its column is narrow, never inside a word. */}
          <span data-customer-email="" className="block text-slate-600">
            <GroupedText groups={emailGroups(sale.customerEmail)} />
          </span>
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
          {sale.accessRevoked && <span className="mt-1 block text-xs font-semibold text-red-700">Access revoked</span>}
        </td>
        <td className={`col-span-1 col-start-2 row-start-1 ${cellBox} md:w-44`}>
          <div className="flex flex-wrap items-start gap-2">
            {renderActions?.(sale)}
            <button
              type="button"
              aria-expanded={open}
              aria-controls={detailsId}
              aria-label={`Details of ${sale.productName}, ${sale.customerEmail}`}
              className={`${secondaryButtonClass} px-3 py-1.5 text-sm`}
              onClick={() => setOpen(!open)}
            >
              Details
            </button>
          </div>
        </td>
      </tr>
      <tr id={detailsId} hidden={!open} className="bg-slate-50">
        <td colSpan={columns} className="block px-3 py-3 md:table-cell">
          <SaleDetails sale={sale} />
          {open && renderDetails?.(sale)}
        </td>
      </tr>
    </tbody>
  );
}

function SaleDetails({ sale }: { sale: SaleRow }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-2 lg:grid-cols-4">
      <div>
        <dt className="text-xs text-slate-600">Provider</dt>
        <dd>{sale.paymentMethod}</dd>
      </div>
      <div>
        <dt className="text-xs text-slate-600">Reference</dt>
        <dd className="break-all font-mono text-xs">{sale.reference}</dd>
      </div>
      <div>
        <dt className="text-xs text-slate-600">E-mail</dt>
        <dd>
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusClass[sale.emailStatus]}`}>
            {statusLabel[sale.emailStatus]}
          </span>
        </dd>
      </div>
      <div>
        <dt className="text-xs text-slate-600">Link uses</dt>
        <dd>
          {sale.accessUses}
          {sale.downloads.count + sale.downloads.devices > 0 && (
            <span className="mt-1 block whitespace-nowrap text-xs text-slate-700">
              {sale.downloads.count} {sale.downloads.count === 1 ? 'download' : 'downloads'} · {sale.downloads.devices}{' '}
              {sale.downloads.devices === 1 ? 'device' : 'devices'}
            </span>
          )}
        </dd>
      </div>
    </dl>
  );
}
