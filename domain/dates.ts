// Dates as the plain data carries them: ISO strings. Firestore hands a stored time over as a
// Timestamp (each SDK has its own class: firebase/firestore/lite in the SPA, firebase-admin in the
// API and the local cloud) or, through REST and the page's embedded JSON, as an RFC 3339 string;
// both read the same here, so no caller needs to know which SDK it is talking to.

/**
 * The epoch: a document without a readable date sorts as the oldest. Written out rather than
 * computed, so no code runs when the module loads and the boot scripts' bundles stay as small.
 */
export const epochIso = '1970-01-01T00:00:00.000Z';

/** What both SDKs' Timestamp classes have in common. */
interface TimestampLike {
  seconds: number;
  nanoseconds: number;
  toDate(): Date;
}

function isTimestamp(value: unknown): value is TimestampLike {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<keyof TimestampLike, unknown>>;
  return (
    typeof candidate.toDate === 'function' &&
    typeof candidate.seconds === 'number' &&
    typeof candidate.nanoseconds === 'number'
  );
}

/**
 * A stored time as an ISO string (to the millisecond), or `fallback` when the value is no time: a
 * Timestamp of either SDK, or a string Date.parse reads.
 */
export function isoDate(value: unknown, fallback: string = epochIso): string {
  if (isTimestamp(value)) return value.toDate().toISOString();
  if (typeof value !== 'string') return fallback;
  const time = Date.parse(value);
  return Number.isNaN(time) ? fallback : new Date(time).toISOString();
}

/**
 * A stored time to its exact seconds and nanoseconds (an ISO string keeps only milliseconds): a
 * Timestamp of either SDK, or an RFC 3339 UTC string as Firestore REST writes it. null otherwise.
 */
export function timestampParts(value: unknown): { seconds: number; nanoseconds: number } | null {
  if (isTimestamp(value)) return { seconds: value.seconds, nanoseconds: value.nanoseconds };
  if (typeof value !== 'string') return null;
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?Z$/.exec(value);
  if (!match?.[1]) return null;
  const millis = Date.parse(`${match[1]}Z`);
  if (Number.isNaN(millis)) return null;
  return { seconds: millis / 1000, nanoseconds: Number((match[2] ?? '').padEnd(9, '0')) };
}
