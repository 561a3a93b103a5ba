// The pure rules behind every download link (server/files/signedUrls.ts): how long it stays valid, and
// how the file's display name reaches the buyer's disk.
import { describe, expect, it } from 'vitest';
import { attachmentDisposition, downloadValiditySeconds } from '../../../../server/files/signedUrls';

describe('downloadValiditySeconds', () => {
  it('gives small files 10 minutes', () => {
    expect(downloadValiditySeconds(1)).toBe(600);
    expect(downloadValiditySeconds(2_000_000)).toBe(600);
    // 75 MB take exactly 10 minutes at 1 Mbit/s.
    expect(downloadValiditySeconds(75_000_000)).toBe(600);
  });

  it('gives large files the time they take at 1 Mbit/s, in whole minutes', () => {
    expect(downloadValiditySeconds(75_000_001)).toBe(660);
    // 500 MB: 4,000 s, rounded up to 67 minutes.
    expect(downloadValiditySeconds(500_000_000)).toBe(4020);
    expect(downloadValiditySeconds(1_000_000_000)).toBe(8040);
  });

  it('never gives more than 3 hours, however large the file', () => {
    expect(downloadValiditySeconds(1_350_000_000)).toBe(10_800);
    expect(downloadValiditySeconds(1_350_000_001)).toBe(10_800);
    expect(downloadValiditySeconds(2 * 1024 ** 3)).toBe(10_800);
    expect(downloadValiditySeconds(5 * 1024 ** 4)).toBe(10_800);
  });

  it('falls back to 10 minutes for a size that is unknown or nonsense', () => {
    expect(downloadValiditySeconds(0)).toBe(600);
    expect(downloadValiditySeconds(-5)).toBe(600);
    expect(downloadValiditySeconds(Number.NaN)).toBe(600);
    expect(downloadValiditySeconds(Number.POSITIVE_INFINITY)).toBe(600);
  });
});

describe('attachmentDisposition', () => {
  it('quotes a plain name', () => {
    expect(attachmentDisposition('Budget Planner 2026.xlsx')).toBe('attachment; filename="Budget Planner 2026.xlsx"');
  });

  it('escapes quotes and backslashes inside the quoted name', () => {
    expect(attachmentDisposition('The "Real" Guide.pdf')).toBe('attachment; filename="The \\"Real\\" Guide.pdf"');
    expect(attachmentDisposition('C:\\notes\\a.txt')).toBe('attachment; filename="C:\\\\notes\\\\a.txt"');
  });

  it('carries a non-ASCII name in filename* (UTF-8, percent-encoded) beside an ASCII fallback', () => {
    expect(attachmentDisposition('Ìwé Ọ̀rọ̀.pdf')).toBe(
      `attachment; filename="Iwe Oro.pdf"; filename*=UTF-8''%C3%8Cw%C3%A9%20%E1%BB%8C%CC%80r%E1%BB%8D%CC%80.pdf`,
    );
    expect(attachmentDisposition('Price ₦5,000.pdf')).toBe(
      `attachment; filename="Price _5,000.pdf"; filename*=UTF-8''Price%20%E2%82%A65%2C000.pdf`,
    );
    expect(attachmentDisposition('漢字.zip')).toBe(
      `attachment; filename="__.zip"; filename*=UTF-8''%E6%BC%A2%E5%AD%97.zip`,
    );
  });

  it("percent-encodes what RFC 5987 does not allow bare in filename*: quotes, spaces, ', (, ), *, %", () => {
    expect(attachmentDisposition('é\'(x)*%".pdf')).toBe(
      `attachment; filename="e'(x)*%\\".pdf"; filename*=UTF-8''%C3%A9%27%28x%29%2A%25%22.pdf`,
    );
  });

  it('drops control characters, so no header can be injected, and names an empty name', () => {
    expect(attachmentDisposition('a\r\nSet-Cookie: x=1.pdf')).toBe('attachment; filename="aSet-Cookie: x=1.pdf"');
    expect(attachmentDisposition('\u0000\t')).toBe('attachment; filename="download"');
    expect(attachmentDisposition('   ')).toBe('attachment; filename="download"');
  });
});
