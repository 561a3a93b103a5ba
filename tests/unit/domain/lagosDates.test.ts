import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayCount,
  dayKeyLongDate,
  dayKeyShortDate,
  lagosDateTimeInput,
  lagosDayKey,
  lagosDayStart,
  lagosInputToIso,
  lagosLongDate,
  lagosLongDateTime,
  lagosShortDateTime,
  lagosTimestamp,
  lagosTimeZone,
} from '../../../domain/lagosDates';

// 23:30 UTC on 21 November is already 00:30 on 22 November in Lagos (UTC+1).
const lateEvening = new Date('2026-11-21T23:30:00Z');

describe('days in Africa/Lagos', () => {
  it('takes the calendar day in Lagos, not in UTC', () => {
    expect(lagosDayKey(lateEvening)).toBe('2026-11-22');
    expect(lagosDayKey(new Date('2026-11-21T22:59:59Z'))).toBe('2026-11-21');
  });

  it('starts a Lagos day at 23:00 UTC the day before', () => {
    expect(new Date(lagosDayStart('2026-11-22')).toISOString()).toBe('2026-11-21T23:00:00.000Z');
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(dayCount('2026-11-01', '2026-11-30')).toBe(30);
  });
});

// Instants either side of a Lagos midnight, as a list shows them and as a datetime-local input holds them.
// Past midnight in Lagos (UTC+1) while still the day before in UTC: the second, third and fourth.
const instants = [
  ['2026-11-01T08:00:00.000Z', '1 Nov 2026, 09:00', '2026-11-01T09:00'],
  ['2026-11-01T23:30:00.000Z', '2 Nov 2026, 00:30', '2026-11-02T00:30'],
  ['2026-11-21T23:30:00.000Z', '22 Nov 2026, 00:30', '2026-11-22T00:30'],
  ['2026-12-31T23:59:59.000Z', '1 Jan 2027, 00:59', '2027-01-01T00:59'],
] as const;

describe('lagosShortDateTime', () => {
  it.each(instants)('shows %s as %s', (iso, shown) => {
    expect(lagosShortDateTime(iso)).toBe(shown);
  });

  it('shows a sale time in Lagos', () => {
    expect(lagosShortDateTime('2026-11-22T10:05:00.000Z')).toBe('22 Nov 2026, 11:05');
  });

  it('shows nothing for a missing or broken date', () => {
    expect(lagosShortDateTime('')).toBe('');
    expect(lagosShortDateTime('not a date')).toBe('');
  });
});

describe('datetime-local inputs in Lagos time', () => {
  it.each(instants)('shows %s (listed as %s) in the input as %s', (iso, _listed, input) => {
    expect(lagosDateTimeInput(iso)).toBe(input);
  });

  it('shows nothing for no time or a broken one', () => {
    expect(lagosDateTimeInput(null)).toBe('');
    expect(lagosDateTimeInput('soon')).toBe('');
  });

  it.each([
    ['2026-11-01T09:00', '2026-11-01T08:00:00.000Z'],
    ['2026-11-22T00:30', '2026-11-21T23:30:00.000Z'],
    ['2027-01-01T00:00:00', '2026-12-31T23:00:00.000Z'],
  ])('reads %s typed in Lagos as %s', (typed, iso) => {
    expect(lagosInputToIso(typed)).toBe(iso);
  });

  it('reads nothing from an empty or malformed value', () => {
    expect(lagosInputToIso('')).toBeNull();
    expect(lagosInputToIso('2026-11-01')).toBeNull();
    expect(lagosInputToIso('2026-13-45T99:00')).toBeNull();
  });

  it.each([
    ['2026-12-03', '3 December 2026'],
    ['2027-01-01', '1 January 2027'],
    ['2026-02-30x', ''],
  ])('writes the Lagos day %s out as %s', (day, shown) => {
    expect(dayKeyLongDate(day)).toBe(shown);
  });
});

// Lagos midnight of 22 November 2026 is 23:00 UTC on the 21st: one second either side of it.
const beforeMidnight = new Date('2026-11-21T22:59:59Z');
const afterMidnight = new Date('2026-11-21T23:00:01Z');

describe('one name per meaning, either side of Lagos midnight', () => {
  it('keys the day as 2026-11-21 just before and 2026-11-22 just after', () => {
    expect(lagosDayKey(beforeMidnight)).toBe('2026-11-21');
    expect(lagosDayKey(afterMidnight)).toBe('2026-11-22');
  });

  it('writes the day in words, from an instant or its ISO text', () => {
    expect(lagosLongDate(beforeMidnight)).toBe('21 November 2026');
    expect(lagosLongDate(afterMidnight)).toBe('22 November 2026');
    expect(lagosLongDate('2026-11-21T23:00:01.000Z')).toBe('22 November 2026');
    expect(lagosLongDate('')).toBe('');
    expect(lagosLongDate('not a date')).toBe('');
  });

  it('writes a day key in words whatever the time of day it is read', () => {
    expect(dayKeyLongDate('2026-11-22')).toBe('22 November 2026');
    expect(dayKeyShortDate('2026-11-22')).toBe('22 Nov');
    expect(dayKeyShortDate('2027-01-01')).toBe('1 Jan');
  });

  it('writes the time in words for receipts and mails, on the 24-hour clock', () => {
    expect(lagosLongDateTime(beforeMidnight)).toBe('21 November 2026 at 23:59');
    expect(lagosLongDateTime(afterMidnight)).toBe('22 November 2026 at 00:00');
    expect(lagosLongDateTime('2026-11-22T09:00:00.000Z')).toBe('22 November 2026 at 10:00');
    expect(lagosLongDateTime('soon')).toBe('');
  });

  it('writes list times and CSV timestamps either side of midnight', () => {
    expect(lagosShortDateTime(beforeMidnight)).toBe('21 Nov 2026, 23:59');
    expect(lagosShortDateTime(afterMidnight)).toBe('22 Nov 2026, 00:00');
    expect(lagosTimestamp('2026-11-21T22:59:59.000Z')).toBe('2026-11-21 23:59:59');
    expect(lagosTimestamp('2026-11-21T23:00:01.000Z')).toBe('2026-11-22 00:00:01');
  });

  it('names the zone the scheduler runs in', () => {
    expect(lagosTimeZone).toBe('Africa/Lagos');
  });
});
