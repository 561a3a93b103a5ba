import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toAppError, type AppError } from '../../../lib/errors';
import { addMoney, formatPrice, subtractMoney } from '../../../../domain/money';
import {
  useGetDailyRevenueQuery,
  useGetSaleProductsQuery,
  useGetSalesPageQuery,
  useGetSalesTotalsQuery,
} from '../api/salesApi';
import { fetchAllSales } from '../api/salesQueries';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/buttonClasses';
import { downloadText } from './downloadFile';
import { NeedsAttention } from './NeedsAttention';
import { PendingPayments } from './PendingPayments';
import { RevenueChart } from './RevenueChart';
import { buildSalesCsv } from './salesCsv';
import { parseSalesFilter, rangeDays, toSalesQuery, writeSalesFilter } from './salesFilter';
import { SalesFilters } from './SalesFilters';
import { SalesTable } from './SalesTable';
import type { PageCursor } from '../../../../domain/paging';
import type { SaleRow, SalesFilter, SalesQuery } from '../api/salesTypes';

/** Paid plus what discount codes took off: the sales at list price. */
const grossOf = addMoney;

/** Paid minus refunds. */
const netOf = subtractMoney;

function messageOf(error: unknown): string {
  return toAppError(error).message;
}

export interface SalesPanelProps {
  /** Per-sale actions shown in each row (the desk's 'Actions' menu). */
  renderActions?: (sale: SaleRow) => ReactNode;
  /** More about a sale in its row's details (the license key). */
  renderDetails?: (sale: SaleRow) => ReactNode;
}

/** ?panel=sales: the seller's transactions, filtered by the URL, with totals, a chart and CSV export. */
export function SalesPanel({ renderActions, renderDetails }: SalesPanelProps) {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => parseSalesFilter(params), [params]);
  const filterKey = JSON.stringify(filter);
  // 'Today' means the day the panel was opened; a reload moves it on.
  const [now] = useState(() => new Date());
  const sales = useMemo(() => toSalesQuery(filter, now), [filter, now]);
  const days = useMemo(() => rangeDays(filter, now), [filter, now]);
  const products = useGetSaleProductsQuery();

  const apply = (next: SalesFilter) => setParams((current) => writeSalesFilter(current, next));

  return (
    <section aria-labelledby="sales-heading" className="w-full space-y-6">
      <h2 id="sales-heading" className="text-2xl font-bold text-slate-900">
        Sales
      </h2>
      <NeedsAttention />
      <PendingPayments />
      <SalesFilters key={`filters-${filterKey}`} filter={filter} products={products.data ?? []} onApply={apply} />
      <p className="text-sm text-slate-700">
        Showing {days.from === days.to ? days.from : `${days.from} to ${days.to}`} (Africa/Lagos).
      </p>
      {/* The sales come first (on a phone the first one is on the first screen); a new filter starts
          again from the first page. */}
      <SalesList key={`list-${filterKey}`} sales={sales} renderActions={renderActions} renderDetails={renderDetails} />
      <SalesTotals sales={sales} />
      <SalesChart sales={sales} />
      <ExportButton sales={sales} fileName={`sales-${days.from}-to-${days.to}.csv`} />
    </section>
  );
}

function SalesTotals({ sales }: { sales: SalesQuery }) {
  const totals = useGetSalesTotalsQuery(sales);
  return (
    <section aria-labelledby="sales-totals-heading">
      <h3 id="sales-totals-heading" className="text-lg font-semibold text-slate-900">
        Totals
      </h3>
      {totals.isFetching ? (
        <p role="status" className="mt-2 text-slate-700">
          Loading totals...
        </p>
      ) : totals.isError ? (
        <p role="alert" className="mt-2 text-red-700">
          Totals could not be loaded. {messageOf(totals.error)}
        </p>
      ) : (
        <dl className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2">
          {(totals.data ?? []).map((total) => (
            <div key={total.currency} className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
              <dt className="text-sm font-medium text-slate-700">{total.currency}</dt>
              <dd className="text-slate-900">
                {/* Net is what the seller keeps. Gross is the sales at list price: discount codes and
                    refunds of these sales come off it. */}
                <span className="block text-xl font-bold">
                  {formatPrice(netOf(netOf(total.revenue, total.refunds), total.commissions ?? 0), total.currency)} net
                </span>
                <span className="block text-sm">
                  Gross {formatPrice(grossOf(total.revenue, total.discounts), total.currency)}
                </span>
                <span className="block text-sm">Discounts {formatPrice(total.discounts, total.currency)}</span>
                <span className="block text-sm">Refunds {formatPrice(total.refunds, total.currency)}</span>
                {total.commissions ? (
                  <span className="block text-sm">
                    Affiliate commissions {formatPrice(total.commissions, total.currency)}
                  </span>
                ) : null}
                <span className="block text-sm">
                  {total.count} {total.count === 1 ? 'sale' : 'sales'}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function SalesChart({ sales }: { sales: SalesQuery }) {
  const revenue = useGetDailyRevenueQuery(sales);
  const shown = sales.currency ? [sales.currency] : (['NGN', 'USD'] as const);
  return (
    <section aria-labelledby="sales-chart-heading">
      <h3 id="sales-chart-heading" className="text-lg font-semibold text-slate-900">
        Daily revenue
      </h3>
      {revenue.isFetching ? (
        <p role="status" className="mt-2 text-slate-700">
          Loading chart...
        </p>
      ) : revenue.isError ? (
        <p role="alert" className="mt-2 text-red-700">
          The chart could not be loaded. {messageOf(revenue.error)}
        </p>
      ) : (
        <div className="mt-2 grid grid-cols-1 gap-3 lg:grid-cols-2">
          {shown.map((currency) => (
            <RevenueChart key={currency} currency={currency} buckets={revenue.data ?? []} />
          ))}
        </div>
      )}
    </section>
  );
}

type ExportState =
  { status: 'idle' } | { status: 'busy' } | { status: 'done'; count: number } | { status: 'failed'; error: AppError };

function ExportButton({ sales, fileName }: { sales: SalesQuery; fileName: string }) {
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const exportCsv = async () => {
    setState({ status: 'busy' });
    try {
      const rows = await fetchAllSales(sales);
      downloadText(fileName, buildSalesCsv(rows), 'text/csv;charset=utf-8');
      setState({ status: 'done', count: rows.length });
    } catch (error) {
      setState({ status: 'failed', error: toAppError(error) });
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        className={primaryButtonClass}
        disabled={state.status === 'busy'}
        onClick={() => void exportCsv()}
      >
        Export CSV
      </button>
      <p role="status" className="text-sm text-slate-700">
        {state.status === 'busy' && 'Preparing the CSV...'}
        {state.status === 'done' && `Exported ${state.count} ${state.count === 1 ? 'sale' : 'sales'}.`}
      </p>
      {state.status === 'failed' && (
        <p role="alert" className="text-sm text-red-700">
          The export failed. {state.error.message}
        </p>
      )}
    </div>
  );
}

function SalesList({
  sales,
  renderActions,
  renderDetails,
}: Pick<SalesPanelProps, 'renderActions' | 'renderDetails'> & { sales: SalesQuery }) {
  // Each entry is where a page starts (the last row of the page before): Previous pops, Next pushes.
  const [cursors, setCursors] = useState<PageCursor[]>([]);
  const after = cursors.at(-1) ?? null;
  const page = useGetSalesPageQuery({ sales, after });
  const pageNumber = cursors.length + 1;

  let body: ReactNode;
  // A refresh of the same page (after a sale action) keeps the rows, and the action's notice, on screen.
  if (page.isFetching && !page.currentData) {
    body = (
      <p role="status" className="text-slate-700">
        Loading sales...
      </p>
    );
  } else if (page.isError) {
    body = (
      <div role="alert" className="space-y-2">
        <p className="text-red-700">Sales could not be loaded. {messageOf(page.error)}</p>
        <button type="button" className={secondaryButtonClass} onClick={() => void page.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (!page.data || page.data.rows.length === 0) {
    body = <p className="text-slate-700">{pageNumber === 1 ? 'No sales match these filters.' : 'No more sales.'}</p>;
  } else {
    body = <SalesTable rows={page.data.rows} renderActions={renderActions} renderDetails={renderDetails} />;
  }

  const last = page.data?.rows.at(-1);
  return (
    <section aria-labelledby="sales-list-heading" className="space-y-3">
      <h3 id="sales-list-heading" className="text-lg font-semibold text-slate-900">
        Transactions
      </h3>
      {body}
      <nav aria-label="Sales pages" className="flex items-center gap-3">
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={cursors.length === 0 || page.isFetching}
          onClick={() => setCursors((stack) => stack.slice(0, -1))}
        >
          Previous page
        </button>
        <span className="text-sm text-slate-700">Page {pageNumber}</span>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={!page.data?.hasNext || !last || page.isFetching}
          onClick={() => {
            if (last) setCursors((stack) => [...stack, last.cursor]);
          }}
        >
          Next page
        </button>
      </nav>
    </section>
  );
}
