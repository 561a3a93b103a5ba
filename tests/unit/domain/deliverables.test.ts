import { describe, expect, it } from 'vitest';
import { deliverablesFromData } from '../../../domain/deliverableFiles';

const file = (id: string, order: number) => ({
  id,
  name: `${id}.pdf`,
  size: 4096,
  contentType: 'application/pdf',
  storagePath: `deliverables/p1/${id}`,
  order,
});

describe('deliverablesFromData (the one productDeliverables decoder)', () => {
  it('reads a missing document as a deliverable with nothing in it and stamping on', () => {
    expect(deliverablesFromData(undefined)).toEqual({
      url: null,
      files: [],
      stampPdf: true,
      downloadLimit: null,
      expiryDays: null,
    });
  });

  it('keeps an http(s) link, the files in the seller order and whole positive limits', () => {
    const read = deliverablesFromData({
      url: 'https://drive.example.com/x',
      files: [file('b', 1), file('a', 0)],
      stampPdf: false,
      downloadLimit: 5,
      expiryDays: 30,
    });
    expect(read.url).toBe('https://drive.example.com/x');
    expect(read.files.map((f) => f.id)).toEqual(['a', 'b']);
    expect([read.stampPdf, read.downloadLimit, read.expiryDays]).toEqual([false, 5, 30]);
  });

  it('never opens more than the seller set: odd values read as none', () => {
    const read = deliverablesFromData({
      url: 'javascript:alert(1)',
      files: [file('a', 0), { id: 'x', name: 7 }, 'junk'],
      downloadLimit: 2.5,
      expiryDays: '30',
    });
    expect(read.url).toBeNull();
    expect(read.files.map((f) => f.id)).toEqual(['a']);
    expect([read.downloadLimit, read.expiryDays]).toEqual([null, null]);
  });
});
