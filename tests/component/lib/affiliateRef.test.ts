// The affiliate link a browser keeps (docs/affiliates.md, 'Links and attribution'): only what the API
// accepts, for the program's window, the last link followed winning.
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentAffiliateRef, followAffiliateLink } from '../../../src/lib/affiliateRef';
import { server } from '../../support/msw';

const day = 24 * 60 * 60 * 1000;
const start = Date.parse('2026-11-01T12:00:00.000Z');

function clicks(accepted: Record<string, boolean>) {
  const seen: string[] = [];
  server.use(
    http.post('*/api/affiliates/:code/click', ({ params }) => {
      const code = String(params.code);
      seen.push(code);
      return HttpResponse.json({ accepted: accepted[code] ?? false, windowDays: 30 });
    }),
  );
  return seen;
}

describe('the kept affiliate link', () => {
  it('keeps an accepted code for the 30-day window and forgets it after', async () => {
    const seen = clicks({ ADA: true });
    await followAffiliateLink('ada', start);
    expect(seen).toEqual(['ADA']);
    expect(currentAffiliateRef(start + 29 * day)).toBe('ADA');
    expect(currentAffiliateRef(start + 30 * day)).toBeUndefined();
  });

  it('lets the last link followed win, and ignores a code the API refused or a malformed one', async () => {
    const seen = clicks({ ADA: true, CHIOMA12: true });
    await followAffiliateLink('ADA', start);
    await followAffiliateLink('CHIOMA12', start + day);
    expect(currentAffiliateRef(start + 2 * day)).toBe('CHIOMA12');
    await followAffiliateLink('PAUSED1', start + 2 * day);
    await followAffiliateLink('<script>', start + 2 * day);
    expect(currentAffiliateRef(start + 3 * day)).toBe('CHIOMA12');
    expect(seen).toEqual(['ADA', 'CHIOMA12', 'PAUSED1']);
  });
});
