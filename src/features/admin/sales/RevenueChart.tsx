import { useId } from 'react';
import type { Currency } from '../../../../domain/money';
import { formatPrice, subtractMoney } from '../../../../domain/money';
import { addDays, dayKeyShortDate } from '../../../../domain/lagosDates';
import type { RevenueBucket } from '../api/salesTypes';

const width = 320;
const height = 120;
const colours: Record<Currency, string> = { NGN: '#15803d', USD: '#1d4ed8' };

function bucketLabel(bucket: RevenueBucket): string {
  return bucket.days === 1
    ? dayKeyShortDate(bucket.day)
    : `${dayKeyShortDate(bucket.day)} – ${dayKeyShortDate(addDays(bucket.day, bucket.days - 1))}`;
}

/** What the seller kept of a bucket's sales: gross minus their refunds, in whole minor units. */
function net(bucket: RevenueBucket, currency: Currency): number {
  return subtractMoney(bucket.revenue[currency], bucket.refunds[currency]);
}

/** A sentence that says what the bars show, for screen readers (the SVG's accessible name). */
export function chartSummary(buckets: readonly RevenueBucket[], currency: Currency): string {
  if (buckets.length === 0) return `No ${currency} revenue.`;
  const first = buckets[0];
  const lastBucket = buckets[buckets.length - 1];
  const total = buckets.reduce((sum, bucket) => sum + bucket.revenue[currency], 0);
  const refunds = buckets.reduce((sum, bucket) => sum + bucket.refunds[currency], 0);
  const span =
    first && lastBucket
      ? `${dayKeyShortDate(first.day)} to ${dayKeyShortDate(addDays(lastBucket.day, lastBucket.days - 1))}`
      : '';
  const best = buckets.reduce<RevenueBucket | null>(
    (top, bucket) => (bucket.revenue[currency] > (top?.revenue[currency] ?? 0) ? bucket : top),
    null,
  );
  const per = first && first.days > 1 ? `per ${first.days} days` : 'per day';
  const peak = best ? `, highest ${formatPrice(best.revenue[currency], currency)} on ${bucketLabel(best)}` : '';
  const refunded =
    refunds > 0
      ? `, refunds ${formatPrice(refunds, currency)}, net ${formatPrice(subtractMoney(total, refunds), currency)}`
      : '';
  return `Revenue in ${currency} ${per}, ${span}: total ${formatPrice(total, currency)}${refunded}${peak}.`;
}

/** Bars of revenue per day (or per few days) for one currency, plain SVG, with a table alternative. */
export function RevenueChart({ buckets, currency }: { buckets: readonly RevenueBucket[]; currency: Currency }) {
  const titleId = useId();
  const max = Math.max(...buckets.map((bucket) => bucket.revenue[currency]), 0);
  const slot = width / Math.max(buckets.length, 1);
  const summary = chartSummary(buckets, currency);
  return (
    <figure className="rounded-lg p-3 ring-1 ring-slate-200">
      <figcaption className="text-sm font-semibold text-slate-800">Daily revenue ({currency})</figcaption>
      <p className="text-xs text-slate-700">Full bar: gross. Solid part: net after refunds.</p>
      <svg
        role="img"
        aria-labelledby={titleId}
        viewBox={`0 0 ${width} ${height}`}
        className="mt-2 h-28 w-full"
        preserveAspectRatio="none"
      >
        <title id={titleId}>{summary}</title>
        <line x1="0" y1={height - 0.5} x2={width} y2={height - 0.5} stroke="#cbd5e1" />
        {buckets.map((bucket, i) => {
          const value = bucket.revenue[currency];
          const kept = Math.max(net(bucket, currency), 0);
          const barHeight = max > 0 ? Math.max((value / max) * (height - 4), value > 0 ? 2 : 0) : 0;
          const keptHeight = value > 0 ? (kept / value) * barHeight : 0;
          // The full bar is gross, pale; its solid part is net, so refunds show as the pale top.
          return (
            <g key={bucket.day}>
              <rect
                x={i * slot + slot * 0.15}
                y={height - barHeight}
                width={slot * 0.7}
                height={barHeight}
                fill={colours[currency]}
                fillOpacity={0.3}
              />
              <rect
                x={i * slot + slot * 0.15}
                y={height - keptHeight}
                width={slot * 0.7}
                height={keptHeight}
                fill={colours[currency]}
              />
              <title>{`${bucketLabel(bucket)}: gross ${formatPrice(value, currency)}, refunds ${formatPrice(bucket.refunds[currency], currency)}, net ${formatPrice(net(bucket, currency), currency)}`}</title>
            </g>
          );
        })}
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-700">Show as a table</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">Revenue in {currency} per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Gross</th>
              <th scope="col">Refunds</th>
              <th scope="col">Net</th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((bucket) => (
              <tr key={bucket.day}>
                <td>{bucketLabel(bucket)}</td>
                <td>{formatPrice(bucket.revenue[currency], currency)}</td>
                <td>{formatPrice(bucket.refunds[currency], currency)}</td>
                <td>{formatPrice(net(bucket, currency), currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
