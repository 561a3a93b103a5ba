// The Sales filter lives in the URL (?panel=sales&range=7d&currency=NGN...), so reload and Back keep
// it; dates are days in Africa/Lagos, the seller's time zone.
import type { Currency } from '../../../../domain/money';
import { paymentMethods, type PaymentMethod } from '../../../../domain/apiContracts';
import {
  currencies,
  type RangePreset,
  type SaleStatusFilter,
  type SalesFilter,
  type SalesQuery,
} from '../api/salesTypes';
import { addDays, lagosDayKey, lagosDayStart } from '../../../../domain/lagosDates';

export const defaultSalesFilter: SalesFilter = {
  range: '30d',
  from: '',
  to: '',
  productId: '',
  currency: '',
  paymentMethod: '',
  email: '',
  status: '',
  code: '',
};

const presets: readonly RangePreset[] = ['today', '7d', '30d', 'custom'];
const saleStatuses: readonly SaleStatusFilter[] = ['refunded', 'disputed'];
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

function isDay(value: string): boolean {
  return dayPattern.test(value) && !Number.isNaN(lagosDayStart(value));
}

export function parseSalesFilter(params: URLSearchParams): SalesFilter {
  const range = params.get('range') ?? '';
  const currency = params.get('currency') ?? '';
  const provider = params.get('provider') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const status = params.get('status') ?? '';
  const affiliate = (params.get('affiliate') ?? '').trim().toUpperCase();
  return {
    range: presets.includes(range as RangePreset) ? (range as RangePreset) : defaultSalesFilter.range,
    from: isDay(from) ? from : '',
    to: isDay(to) ? to : '',
    productId: (params.get('product') ?? '').trim(),
    currency: currencies.includes(currency as Currency) ? (currency as Currency) : '',
    paymentMethod: paymentMethods.includes(provider as PaymentMethod) ? (provider as PaymentMethod) : '',
    email: (params.get('email') ?? '').trim().toLowerCase(),
    status: saleStatuses.includes(status as SaleStatusFilter) ? (status as SaleStatusFilter) : '',
    code: (params.get('code') ?? '').trim().toUpperCase(),
    ...(affiliate ? { affiliate } : {}),
  };
}

/**
 * Writes the filter into `params` (other parameters, such as `panel`, stay); defaults are left out
 * so the URL stays short.
 */
export function writeSalesFilter(params: URLSearchParams, filter: SalesFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  const values: Record<string, string> = {
    range: filter.range === defaultSalesFilter.range ? '' : filter.range,
    from: filter.range === 'custom' ? filter.from : '',
    to: filter.range === 'custom' ? filter.to : '',
    product: filter.productId,
    currency: filter.currency,
    provider: filter.paymentMethod,
    email: filter.email.trim().toLowerCase(),
    status: filter.status,
    code: filter.code.trim().toUpperCase(),
    affiliate: (filter.affiliate ?? '').trim().toUpperCase(),
  };
  for (const [name, value] of Object.entries(values)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

/** The first and last day (both included) the filter covers at `now`. */
export function rangeDays(filter: SalesFilter, now: Date): { from: string; to: string } {
  const today = lagosDayKey(now);
  switch (filter.range) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case 'custom': {
      const from = filter.from || filter.to || today;
      const to = filter.to || today;
      // A range typed backwards still means the days between the two dates.
      return from <= to ? { from, to } : { from: to, to: from };
    }
  }
}

/** What Firestore is asked for the filter at `now`: createdAt from the first day's start to the day after the last. */
export function toSalesQuery(filter: SalesFilter, now: Date): SalesQuery {
  const { from, to } = rangeDays(filter, now);
  const query: SalesQuery = { startMs: lagosDayStart(from), endMs: lagosDayStart(addDays(to, 1)) };
  if (filter.productId) query.productId = filter.productId;
  if (filter.currency) query.currency = filter.currency;
  if (filter.paymentMethod) query.paymentMethod = filter.paymentMethod;
  if (filter.email) query.customerEmail = filter.email.trim().toLowerCase();
  if (filter.status) query.status = filter.status;
  if (filter.code) query.discountCode = filter.code.trim().toUpperCase();
  if (filter.affiliate) query.affiliateCode = filter.affiliate.trim().toUpperCase();
  return query;
}
