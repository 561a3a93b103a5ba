// Reading a resumable session's answer to 'how much do you have?' (docs/files.md, 'Uploading').
import { describe, expect, it } from 'vitest';
import { nextOffset } from '../../../../src/features/admin/files/resumableUpload';

describe('nextOffset', () => {
  it('continues after the last byte the session confirmed', () => {
    expect(nextOffset('bytes=0-262143')).toBe(262144);
    expect(nextOffset('bytes=0-0')).toBe(1);
  });

  it('starts from zero when the session has nothing yet (no Range header)', () => {
    expect(nextOffset(null)).toBe(0);
    expect(nextOffset('')).toBe(0);
  });
});
