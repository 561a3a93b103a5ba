// One spelling of each idea the store has (docs/architecture.md, 'One of each'): Lagos dates in one
// domain module, one PDF font loader, refusals as `{kind}` results in the buyer-facing services, the
// commission labels once, the Sales panel's refund picked from the stored refund, and rate limiters
// only from the registry. Each holds here, so a new feature cannot start a second spelling unseen.
import { describe, expect, it } from 'vitest';
import { matching, modules } from '../../support/projectFiles';

const code = modules('src', 'server', 'domain');

/** The modules whose text matches `pattern`, by path, sorted. */
const holding = (pattern: RegExp, among: Map<string, string> = code): string[] => matching(pattern, among);

describe('one of each', () => {
  it("names the Lagos time zone only in domain/lagosDates.ts, and no other module keeps a date formatter of Lagos' days", () => {
    expect(holding(/['"]Africa\/Lagos['"]/)).toEqual(['domain/lagosDates.ts']);
    // A zone is given as the module's constant, or as UTC (docs/architecture.md, 'One of each').
    expect(holding(/timeZone:\s*(?!\s|lagosTimeZone\b|'UTC')/)).toEqual([]);
    expect(holding(/\bfunction lagos\w*\(|\bconst lagos\w* = (?:new Intl|\()/)).toEqual(['domain/lagosDates.ts']);
  });

  it('embeds a font in a PDF only through server/files/pdfFont.ts', () => {
    expect(holding(/\.embedFont\(|registerFontkit\(/)).toEqual(['server/files/pdfFont.ts']);
    expect(holding(/DejaVuSans\.ttf/)).toEqual(['server/files/pdfFont.ts']);
  });

  it('answers refusals in the library, downloads and learn services as {kind} results, with no error classes', () => {
    const services = modules('server/library', 'server/downloads', 'server/courses');
    const buyerFacing = new Map([...services].filter(([path]) => !/courses\/(?!learn)/.test(path)));
    expect([...buyerFacing.keys()]).toContain('server/courses/learn.ts');
    expect(holding(/class \w+ extends Error/, buyerFacing)).toEqual([]);
  });

  it('words commission statuses once, in domain/affiliates.ts', () => {
    expect(holding(/'Paid by Paystack split'|'Owed back/)).toEqual(['domain/affiliates.ts']);
  });

  it("declares the Sales panel's refund nowhere but as a pick of domain's RefundState", () => {
    expect(holding(/interface SaleRefund\b|type SaleRefund =/)).toEqual(['domain/refunds.ts']);
  });

  it('builds rate limiters only in the registry, server/lib/rateLimits.ts', () => {
    expect(holding(/from 'express-rate-limit'/)).toEqual(['server/lib/rateLimits.ts']);
  });
});
