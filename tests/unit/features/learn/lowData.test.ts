// When the course player starts on a lesson's low-data version (docs/courses.md).
import { describe, expect, it } from 'vitest';
import { prefersLowData } from '../../../../src/features/learn/lowData';

describe('prefersLowData', () => {
  it.each([
    [{ saveData: true, effectiveType: '4g' }, true],
    [{ saveData: false, effectiveType: 'slow-2g' }, true],
    [{ effectiveType: '2g' }, true],
    [{ effectiveType: '3g' }, true],
    [{ saveData: false, effectiveType: '4g' }, false],
    [{}, false],
  ])('reads the connection %o as %s', (connection, expected) => {
    expect(prefersLowData({ connection })).toBe(expected);
  });

  it('keeps the full version when the browser says nothing about its connection', () => {
    expect(prefersLowData({})).toBe(false);
    expect(prefersLowData(undefined)).toBe(false);
  });
});
