import { describe, expect, it } from 'vitest';
import {
  formatVideoTime,
  nothingListed,
  whatYouGetFrom,
  whatYouGetFromData,
  whatYouGetLines,
} from '../../../domain/whatYouGet';

const pdf = { name: 'Guide.pdf', contentType: 'application/pdf' };
const zip = { name: 'Templates.zip', contentType: 'application/zip' };
const keysOff = { on: false, activationLimit: null };

function lesson(durationS: number | null) {
  return { lessons: [{ video: durationS === null ? null : { durationS } }] };
}

describe('whatYouGetLines', () => {
  it('says how many files and of which kinds, each kind once', () => {
    expect(whatYouGetLines(whatYouGetFrom([pdf, zip], null, keysOff))).toEqual(['2 files: PDF, ZIP']);
    expect(whatYouGetLines(whatYouGetFrom([pdf, zip, { ...pdf, name: 'Workbook.pdf' }], null, keysOff))).toEqual([
      '3 files: PDF, ZIP',
    ]);
    expect(whatYouGetLines(whatYouGetFrom([pdf], null, keysOff))).toEqual(['1 file: PDF']);
  });

  it("says a course's lessons and its hours of video", () => {
    // 12 lessons, 11 with 1,091 s and one without video: 12,000 s = 3 h 20 min.
    const sections = [
      { lessons: Array.from({ length: 6 }, () => ({ video: { durationS: 1091 } })) },
      { lessons: [...Array.from({ length: 5 }, () => ({ video: { durationS: 1091 } })), { video: null }] },
    ];
    const summary = whatYouGetFrom([], { sections }, keysOff);
    expect(summary.course).toEqual({ lessons: 12, videoSeconds: 12001 });
    expect(whatYouGetLines(summary)).toEqual(['12 lessons, 3 h 20 min of video']);
  });

  it('says a course without video in lessons only, and one lesson in the singular', () => {
    expect(whatYouGetLines(whatYouGetFrom([], { sections: [lesson(null), lesson(null)] }, keysOff))).toEqual([
      '2 lessons',
    ]);
    expect(whatYouGetLines(whatYouGetFrom([], { sections: [lesson(2700)] }, keysOff))).toEqual([
      '1 lesson, 45 min of video',
    ]);
  });

  it('lists no course for a course without lessons', () => {
    expect(whatYouGetFrom([], { sections: [] }, keysOff).course).toBeNull();
    expect(whatYouGetLines(whatYouGetFrom([], { sections: [{ lessons: [] }] }, keysOff))).toEqual([]);
  });

  it('says a license key and for how many devices', () => {
    expect(whatYouGetLines(whatYouGetFrom([], null, { on: true, activationLimit: 2 }))).toEqual([
      'A license key for 2 devices',
    ]);
    expect(whatYouGetLines(whatYouGetFrom([], null, { on: true, activationLimit: 1 }))).toEqual([
      'A license key for 1 device',
    ]);
    expect(whatYouGetLines(whatYouGetFrom([], null, { on: true, activationLimit: null }))).toEqual([
      'A license key, with no limit on devices',
    ]);
    expect(whatYouGetLines(whatYouGetFrom([], null, { on: false, activationLimit: 2 }))).toEqual([]);
  });

  it('lists files, then the course, then the key', () => {
    const summary = whatYouGetFrom([pdf], { sections: [lesson(3600), lesson(3600)] }, { on: true, activationLimit: 3 });
    expect(whatYouGetLines(summary)).toEqual(['1 file: PDF', '2 lessons, 2 h of video', 'A license key for 3 devices']);
  });

  it('lists nothing for a product without files, course or key', () => {
    expect(whatYouGetLines(nothingListed)).toEqual([]);
  });
});

describe('formatVideoTime', () => {
  it('rounds to the minute and counts under a minute as one', () => {
    expect(formatVideoTime(12000)).toBe('3 h 20 min');
    expect(formatVideoTime(7200)).toBe('2 h');
    expect(formatVideoTime(2700)).toBe('45 min');
    expect(formatVideoTime(20)).toBe('1 min');
  });
});

describe('whatYouGetFromData', () => {
  it('reads what the API hands over', () => {
    const summary = {
      fileCount: 2,
      fileKinds: ['PDF', 'ZIP'],
      course: { lessons: 12, videoSeconds: 12000 },
      licenseKey: { devices: 2 },
    };
    expect(whatYouGetFromData(JSON.parse(JSON.stringify(summary)))).toEqual(summary);
  });

  it('reads odd values as nothing listed', () => {
    expect(whatYouGetFromData(null)).toEqual(nothingListed);
    expect(whatYouGetFromData('2 files')).toEqual(nothingListed);
    expect(
      whatYouGetFromData({ fileCount: -1, fileKinds: [3, ''], course: { lessons: 0 }, licenseKey: { devices: 0 } }),
    ).toEqual({ fileCount: 0, fileKinds: [], course: null, licenseKey: { devices: null } });
  });
});
