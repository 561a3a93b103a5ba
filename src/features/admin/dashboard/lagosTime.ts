// The seller works in Nigeria: dates in the dashboard are Lagos time (WAT, UTC+1), whatever the
// admin's device is set to.
const lagos = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** '2 Nov 2026, 00:30' for 2026-11-01T23:30:00Z; '' for a missing or broken date. */
export function formatLagosTime(iso: string): string {
  const at = new Date(iso);
  return iso && !Number.isNaN(at.getTime()) ? lagos.format(at) : '';
}
