import { Timestamp as AdminTimestamp } from 'firebase-admin/firestore';
import { Timestamp as LiteTimestamp } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { isoDate, timestampParts } from '../../../domain/dates';

describe('isoDate', () => {
  it('reads both SDKs’ Timestamps and date strings to the millisecond', () => {
    expect(isoDate(new LiteTimestamp(1772357400, 123456789))).toBe('2026-03-01T09:30:00.123Z');
    expect(isoDate(new AdminTimestamp(1772357400, 5000000))).toBe('2026-03-01T09:30:00.005Z');
    expect(isoDate('2026-03-01T10:30:00+01:00')).toBe('2026-03-01T09:30:00.000Z');
  });

  it('gives the fallback, the epoch unless told, for anything else', () => {
    expect(isoDate(undefined)).toBe('1970-01-01T00:00:00.000Z');
    expect(isoDate('yesterday')).toBe('1970-01-01T00:00:00.000Z');
    expect(isoDate(1772357400000)).toBe('1970-01-01T00:00:00.000Z');
    expect(isoDate(null, '')).toBe('');
  });
});

describe('timestampParts', () => {
  it('keeps a Timestamp’s exact seconds and nanoseconds, whichever SDK made it', () => {
    expect(timestampParts(new LiteTimestamp(1772357400, 123456789))).toEqual({
      seconds: 1772357400,
      nanoseconds: 123456789,
    });
    expect(timestampParts(new AdminTimestamp(1772357400, 1))).toEqual({ seconds: 1772357400, nanoseconds: 1 });
  });
});
