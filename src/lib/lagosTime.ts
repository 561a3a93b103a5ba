// Days and times as the seller reads them: the seller works in Nigeria, so the admin pages show
// Africa/Lagos (WAT, UTC+1) whatever the admin's device is set to.
const dayMs = 86_400_000;
// Nigeria keeps West Africa Time all year (no daylight saving), so a Lagos day starts at 00:00+01:00.
const lagosOffset = '+01:00';
const timeZone = 'Africa/Lagos';

/** The calendar day in Lagos at `now`, YYYY-MM-DD. */
export function lagosDay(now: Date): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** When a Lagos day starts, in epoch milliseconds (NaN for a malformed day). */
export function lagosDayStart(day: string): number {
  return Date.parse(`${day}T00:00:00${lagosOffset}`);
}

/** The Lagos day `count` days after `day` (negative goes back). */
export function addDays(day: string, count: number): string {
  return lagosDay(new Date(lagosDayStart(day) + count * dayMs + dayMs / 2));
}

/** Days from `from` to `to`, both included. */
export function dayCount(from: string, to: string): number {
  return Math.round((lagosDayStart(to) - lagosDayStart(from)) / dayMs) + 1;
}

const shown = new Intl.DateTimeFormat('en-GB', {
  timeZone,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** '22 Nov 2026, 12:05' in Lagos, for lists; '' for a missing or broken date. */
export function formatLagosDateTime(iso: string): string {
  const at = new Date(iso);
  return iso && !Number.isNaN(at.getTime()) ? shown.format(at) : '';
}

/** '2026-11-22 12:05:09' in Lagos, for the CSV: sorts as text and spreadsheets read it as a date. */
export function lagosTimestamp(iso: string): string {
  const date = new Date(iso);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(date);
  return `${lagosDay(date)} ${time}`;
}

/** '22 Nov' for a chart label. */
export function shortDay(day: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short' }).format(
    new Date(lagosDayStart(day) + dayMs / 2),
  );
}

/** An instant as a datetime-local input shows it in Lagos, 'YYYY-MM-DDTHH:mm'; '' for none. */
export function lagosDateTimeInput(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${lagosDay(at)}T${time.format(at)}`;
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

/** '3 December 2026' for a Lagos day (YYYY-MM-DD); '' for a malformed one. */
export function formatLagosLongDay(day: string): string {
  const start = lagosDayStart(day);
  if (Number.isNaN(start)) return '';
  return new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(start + dayMs / 2),
  );
}
