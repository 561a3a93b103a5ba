import { describe, expect, it } from 'vitest';
import {
  defaultSalesFilter,
  parseSalesFilter,
  rangeDays,
  toSalesQuery,
  writeSalesFilter,
} from '../../../../../src/features/admin/sales/salesFilter';

// 23:30 UTC on 21 November is already 00:30 on 22 November in Lagos (UTC+1).
const lateEvening = new Date('2026-11-21T23:30:00Z');

describe('date ranges', () => {
  const at = (range: 'today' | '7d' | '30d') => rangeDays({ ...defaultSalesFilter, range }, lateEvening);

  it('today is the Lagos day', () => {
    expect(at('today')).toEqual({ from: '2026-11-22', to: '2026-11-22' });
  });

  it('the last 7 and 30 days include today', () => {
    expect(at('7d')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(at('30d')).toEqual({ from: '2026-10-24', to: '2026-11-22' });
  });

  it('a custom range includes both days, and a reversed one is put right', () => {
    const custom = { ...defaultSalesFilter, range: 'custom' as const };
    expect(rangeDays({ ...custom, from: '2026-11-01', to: '2026-11-05' }, lateEvening)).toEqual({
      from: '2026-11-01',
      to: '2026-11-05',
    });
    expect(rangeDays({ ...custom, from: '2026-11-05', to: '2026-11-01' }, lateEvening)).toEqual({
      from: '2026-11-01',
      to: '2026-11-05',
    });
    expect(rangeDays({ ...custom, from: '2026-11-20' }, lateEvening)).toEqual({ from: '2026-11-20', to: '2026-11-22' });
  });

  it('asks Firestore for createdAt from the first day at 00:00 Lagos up to the day after the last', () => {
    const query = toSalesQuery(
      { ...defaultSalesFilter, range: 'today', currency: 'USD', email: 'Ada.Obi@Example.com ' },
      lateEvening,
    );
    expect(new Date(query.startMs).toISOString()).toBe('2026-11-21T23:00:00.000Z');
    expect(new Date(query.endMs).toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(query).toMatchObject({ currency: 'USD', customerEmail: 'ada.obi@example.com' });
    expect(query).not.toHaveProperty('productId');
    expect(query).not.toHaveProperty('paymentMethod');
  });
});

describe('the filter in the URL', () => {
  it('reads every filter from the query string, lower-casing the e-mail and upper-casing the code', () => {
    const params = new URLSearchParams(
      'panel=sales&range=custom&from=2026-11-01&to=2026-11-05&product=excel-mastery&currency=NGN&provider=PayPal&email=Ada.Obi%40Example.com&status=refunded&code=spring',
    );
    expect(parseSalesFilter(params)).toEqual({
      range: 'custom',
      from: '2026-11-01',
      to: '2026-11-05',
      productId: 'excel-mastery',
      currency: 'NGN',
      paymentMethod: 'PayPal',
      email: 'ada.obi@example.com',
      status: 'refunded',
      code: 'SPRING',
    });
  });

  it('falls back to the defaults for missing or unknown values', () => {
    expect(
      parseSalesFilter(new URLSearchParams('range=year&currency=EUR&provider=Stripe&from=yesterday&status=lost')),
    ).toEqual(defaultSalesFilter);
  });

  it('writes the filter back, keeping other parameters and leaving defaults out', () => {
    const written = writeSalesFilter(new URLSearchParams('panel=sales&currency=USD'), {
      ...defaultSalesFilter,
      range: '7d',
      paymentMethod: 'Demo',
      email: ' Ada.Obi@Example.com',
      status: 'disputed',
    });
    expect(written.toString()).toBe('panel=sales&range=7d&provider=Demo&email=ada.obi%40example.com&status=disputed');
    expect(writeSalesFilter(written, defaultSalesFilter).toString()).toBe('panel=sales');
  });

  it('round-trips a custom range', () => {
    const filter = { ...defaultSalesFilter, range: 'custom' as const, from: '2026-10-01', to: '2026-10-31' };
    expect(parseSalesFilter(writeSalesFilter(new URLSearchParams(), filter))).toEqual(filter);
  });
});
