import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cspDirectives, cspWithStandIns, hostingHeadersFor } from '../../../server/lib/hostingHeaders';

// What Firebase Hosting sends with every page and asset (docs/security.md). Hosting applies every header
// rule whose source matches, and for the same header the last matching rule wins, so the asset rule that
// makes hashed files immutable comes after the catch-all one.
const root = resolve(import.meta.dirname, '../../..');
const firebaseJson = JSON.parse(readFileSync(resolve(root, 'firebase.json'), 'utf8')) as {
  hosting: { rewrites: Array<{ source: string }> };
};
const headersFor = hostingHeadersFor;
const directives = cspDirectives;

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

  it('lets the SPA reach Firebase, the image host, Cloud Storage (uploads), the payment providers and the geo-IP service', () => {
    expect(csp.get('connect-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://firestore.googleapis.com',
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        'https://api.cloudinary.com',
        'https://storage.googleapis.com',
        'https://api.paystack.co',
        'https://www.paypal.com',
        'https://ipapi.co',
      ]),
    );
    expect(csp.get('frame-src')).toEqual(
      expect.arrayContaining(['https://checkout.paystack.com', 'https://www.paypal.com']),
    );
  });

  it('shows images from any https address (lesson images by URL) and the store, never plain http', () => {
    // The image host stays named: the local cloud allows its stand-in where Cloudinary is allowed.
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:', 'https://res.cloudinary.com']);
    expect(csp.get('img-src')).not.toContain('http:');
    expect(csp.get('img-src')).not.toContain('*');
  });

  it("lets the course player play lesson videos from Cloud Storage and follow an attachment's redirect there", () => {
    expect(csp.get('media-src')).toEqual(["'self'", 'https://storage.googleapis.com']);
    expect(csp.get('form-action')).toEqual(["'self'", 'https://storage.googleapis.com']);
  });

  it('keeps the API on the store origin through the /api rewrite', () => {
    expect(firebaseJson.hosting.rewrites[0]?.source).toBe('/api/**');
  });
});

describe('the production CSP with local stand-ins (e2e, the local cloud)', () => {
  const csp = hostingHeadersFor('/').get('content-security-policy') ?? '';
  const local = cspDirectives(
    cspWithStandIns(csp, {
      'https://firestore.googleapis.com': ['http://127.0.0.1:8080'],
      'https://res.cloudinary.com': ['http://127.0.0.1:9000'],
    }),
  );

  it('allows a stand-in exactly where its production origin is allowed', () => {
    expect(local.get('connect-src')).toEqual(
      expect.arrayContaining(['https://firestore.googleapis.com', 'http://127.0.0.1:8080']),
    );
    expect(local.get('img-src')).toEqual(
      expect.arrayContaining(['https://res.cloudinary.com', 'http://127.0.0.1:9000']),
    );
    expect(local.get('img-src')).not.toContain('http://127.0.0.1:8080');
    expect(local.get('script-src')).toEqual([
      "'self'",
      'https://js.paystack.co',
      'https://www.paypal.com',
      'https://www.paypalobjects.com',
    ]);
  });

  it('drops only upgrade-insecure-requests, which would send every local http request to https', () => {
    expect(cspDirectives(csp).has('upgrade-insecure-requests')).toBe(true);
    expect(local.has('upgrade-insecure-requests')).toBe(false);
    expect([...local.keys()]).toEqual(
      [...cspDirectives(csp).keys()].filter((name) => name !== 'upgrade-insecure-requests'),
    );
    expect(local.get('frame-ancestors')).toEqual(["'none'"]);
    expect(local.get('object-src')).toEqual(["'none'"]);
  });
});
