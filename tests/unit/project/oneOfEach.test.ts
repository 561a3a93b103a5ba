// One spelling of each idea the store has (docs/architecture.md, 'One of each'): Lagos dates in one
// domain module, one PDF font loader, refusals as `{kind}` results in the buyer-facing services, the
// commission labels once, the Sales panel's refund picked from the stored refund, and rate limiters
// only from the registry. Each holds here, so a new feature cannot start a second spelling unseen.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

/** Every .ts/.tsx module under the folders, by path from the repository root. */
function modules(...folders: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const folder of folders) {
    for (const file of readdirSync(resolve(root, folder), { recursive: true, encoding: 'utf8' })) {
      if (/\.tsx?$/.test(file) && !file.endsWith('.d.ts')) {
        found.set(`${folder}/${file}`, readFileSync(resolve(root, folder, file), 'utf8'));
      }
    }
  }
  return found;
}

const code = modules('src', 'server', 'domain');

/** The modules whose text matches `pattern`, by path, sorted. */
function holding(pattern: RegExp, among: Map<string, string> = code): string[] {
  return [...among]
    .filter(([, text]) => pattern.test(text))
    .map(([path]) => path)
    .sort();
}

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
