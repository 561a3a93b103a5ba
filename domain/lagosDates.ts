// Days and times as the seller and the buyers read them: the store is in Nigeria, so every date a
// person reads (the admin pages, the library, receipts, certificates, stamped PDFs, mails, lesson
// release days) is in Africa/Lagos, whatever the reader's device or the server is set to
// (docs/architecture.md, 'Dates'). One function per meaning; the only place that names the zone.

/** The store's time zone, for the scheduler and every date a person reads. */
export const lagosTimeZone = 'Africa/Lagos';

const dayMs = 86_400_000;
// Nigeria keeps West Africa Time all year (no daylight saving), so a Lagos day starts at 00:00+01:00.
const lagosOffset = '+01:00';

// Formatters are made on first use, so importing the module runs no Intl code.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(name: string, options: Intl.DateTimeFormatOptions, locale = 'en-GB'): Intl.DateTimeFormat {
  let made = formatters.get(name);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, { ...options, timeZone: lagosTimeZone });
    formatters.set(name, made);
  }
  return made;
}

function instant(at: Date | string): Date | null {
  const date = typeof at === 'string' ? new Date(at) : at;
  return typeof at === 'string' && at === '' ? null : Number.isNaN(date.getTime()) ? null : date;
}

/** The calendar day in Lagos at `at`: the day key '2026-11-22' (sorts as text, keys ranges). */
export function lagosDayKey(at: Date): string {
  // en-CA formats as YYYY-MM-DD.
  return formatter('dayKey', { year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA').format(at);
}

/** When the Lagos day of a day key starts, in epoch milliseconds (NaN for a malformed key). */
export function lagosDayStart(day: string): number {
  return Date.parse(`${day}T00:00:00${lagosOffset}`);
}

/** The day key `count` days after `day` (negative goes back). */
export function addDays(day: string, count: number): string {
  return lagosDayKey(new Date(lagosDayStart(day) + count * dayMs + dayMs / 2));
}

/** Days from the day key `from` to `to`, both included. */
export function dayCount(from: string, to: string): number {
  return Math.round((lagosDayStart(to) - lagosDayStart(from)) / dayMs) + 1;
}

/** '22 November 2026': the Lagos day of an instant, in words; '' for a missing or broken time. */
export function lagosLongDate(at: Date | string): string {
  const date = instant(at);
  return date ? formatter('longDate', { day: 'numeric', month: 'long', year: 'numeric' }).format(date) : '';
}

/** '3 December 2026' for a day key ('2026-12-03'); '' for a malformed one. */
export function dayKeyLongDate(day: string): string {
  const start = lagosDayStart(day);
  return Number.isNaN(start) ? '' : lagosLongDate(new Date(start + dayMs / 2));
}

/** '22 Nov' for a day key, as a chart labels its bars. */
export function dayKeyShortDate(day: string): string {
  return formatter('shortDay', { day: 'numeric', month: 'short' }).format(new Date(lagosDayStart(day) + dayMs / 2));
}

/** '22 Nov 2026, 12:05' in Lagos, for lists; '' for a missing or broken time. */
export function lagosShortDateTime(at: Date | string): string {
  const date = instant(at);
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  return date ? formatter('shortDateTime', options).format(date) : '';
}

/** '22 November 2026 at 10:00' in Lagos, for receipts and mails; '' for a missing or broken time. */
export function lagosLongDateTime(at: Date | string): string {
  const date = instant(at);
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  return date ? formatter('longDateTime', options).format(date) : '';
}

function lagosClock(date: Date, seconds: boolean): string {
  const options: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  if (seconds) options.second = '2-digit';
  return formatter(seconds ? 'clockSeconds' : 'clock', options).format(date);
}

/** '2026-11-22 12:05:09' in Lagos, for the CSV: sorts as text and spreadsheets read it as a date. */
export function lagosTimestamp(iso: string): string {
  const date = new Date(iso);
  return `${lagosDayKey(date)} ${lagosClock(date, true)}`;
}

/** An instant as a datetime-local input shows it in Lagos, 'YYYY-MM-DDTHH:mm'; '' for none. */
export function lagosDateTimeInput(iso: string | null): string {
  const at = iso ? instant(iso) : null;
  return at ? `${lagosDayKey(at)}T${lagosClock(at, false)}` : '';
}

/**
 * What a datetime-local input holds ('YYYY-MM-DDTHH:mm', read as Lagos time whatever the admin's
 * device is set to) as an ISO instant; null for an empty or malformed value.
 */
export function lagosInputToIso(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value.trim());
  if (!match) return null;
  const millis = Date.parse(`${match[1]}T${match[2]}:00${lagosOffset}`);
  return Number.isNaN(millis) ? null : new Date(millis).toISOString();
}

// Lagos wall time as UTC fields: the instant shifted by the zone's fixed offset (no daylight saving).
const offsetMs = 3_600_000;

/** The day of the month in Lagos at `at` (1 to 31): 23:30 UTC on 30 November is the 1st there. */
export function lagosDayOfMonth(at: Date): number {
  return new Date(at.getTime() + offsetMs).getUTCDate();
}

/**
 * `months` calendar months after `from` in Lagos, on `dayOfMonth` (or the month's last day when it has
 * fewer), at the same Lagos time of day: a membership's period end (domain/membership.ts).
 */
export function addLagosMonths(from: Date, months: number, dayOfMonth: number): Date {
  const wall = new Date(from.getTime() + offsetMs);
  const month = wall.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(wall.getUTCFullYear(), month + 1, 0)).getUTCDate();
  const end = Date.UTC(
    wall.getUTCFullYear(),
    month,
    Math.min(dayOfMonth, lastDay),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
    wall.getUTCMilliseconds(),
  );
  return new Date(end - offsetMs);
}
