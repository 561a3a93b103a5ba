import { describe, expect, it } from 'vitest';
import { isGenuineUserEvent } from '../../../src/lib/genuineEvent';

describe('isGenuineUserEvent', () => {
  it('accepts events the browser marks as trusted (real input) and refuses scripted ones', () => {
    expect(isGenuineUserEvent({ nativeEvent: { isTrusted: true } as Event })).toBe(true);
    expect(isGenuineUserEvent({ nativeEvent: new Event('click') })).toBe(false);
  });
});
