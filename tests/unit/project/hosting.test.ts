import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// What Firebase Hosting sends with every page and asset (issue 9). Hosting applies every header rule
// whose source matches, and for the same header the last matching rule wins, so the asset rule that
// makes hashed files immutable comes after the catch-all one.
interface HeaderRule {
  source: string;
  headers: Array<{ key: string; value: string }>;
}

const root = resolve(import.meta.dirname, '../../..');
const firebaseJson = JSON.parse(readFileSync(resolve(root, 'firebase.json'), 'utf8')) as {
  hosting: { headers: HeaderRule[]; rewrites: Array<{ source: string }> };
};
const rules = firebaseJson.hosting.headers;

function matches(source: string, path: string): boolean {
  if (source === '**') return true;
  if (source.endsWith('/**')) return path.startsWith(source.slice(0, -2));
  return source === path;
}

/** The headers Hosting would send for a path: every matching rule in order, later ones winning. */
function headersFor(path: string): Map<string, string> {
  const result = new Map<string, string>();
  for (const rule of rules) {
    if (!matches(rule.source, path)) continue;
    for (const { key, value } of rule.headers) result.set(key.toLowerCase(), value);
  }
  return result;
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe('hosting headers (firebase.json)', () => {
  const page = headersFor('/productdetail/abc');
  const csp = directives(page.get('content-security-policy') ?? '');

  it('never lets a browser keep a stale index.html, while hashed assets are cached for a year', () => {
    expect(headersFor('/index.html').get('cache-control')).toBe('no-cache');
    expect(page.get('cache-control')).toBe('no-cache');
    expect(headersFor('/assets/index-abc123.js').get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends the security headers on every response, assets included', () => {
    for (const path of ['/', '/admindashboard', '/assets/index-abc123.js', '/images/logo.svg']) {
      const headers = headersFor(path);
      expect(headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(headers.get('strict-transport-security'), path).toBe('max-age=63072000; includeSubDomains');
      expect(headers.get('permissions-policy'), path).toContain('camera=()');
      expect(headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    }
  });

  it('allows scripts only from the store and the payment providers, never eval or a wildcard', () => {
    expect(csp.get('script-src')).toEqual([
      "'self'",
      'https://js.paystack.co',
      'https://www.paypal.com',
      'https://www.paypalobjects.com',
    ]);
    expect(page.get('content-security-policy')).not.toContain('unsafe-eval');
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
  });

  it('lets the SPA reach Firebase, the image host, the payment providers and the geo-IP service', () => {
    expect(csp.get('connect-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://firestore.googleapis.com',
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        'https://api.cloudinary.com',
        'https://api.paystack.co',
        'https://www.paypal.com',
        'https://ipapi.co',
      ]),
    );
    expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'https://res.cloudinary.com']));
    expect(csp.get('frame-src')).toEqual(
      expect.arrayContaining(['https://checkout.paystack.com', 'https://www.paypal.com']),
    );
  });

  it('keeps the API on the store origin through the /api rewrite', () => {
    expect(firebaseJson.hosting.rewrites[0]?.source).toBe('/api/**');
  });
});
