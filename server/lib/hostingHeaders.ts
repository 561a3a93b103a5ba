// The response headers Firebase Hosting sends, read from firebase.json (docs/security.md): the API sends
// the same CSP with the store pages it serves, and local servers send them all so e2e tests prove the
// store works under the production policy.
import firebaseJson from '../../firebase.json';

interface HeaderRule {
  source: string;
  headers: ReadonlyArray<{ key: string; value: string }>;
}

const rules: readonly HeaderRule[] = firebaseJson.hosting.headers;

/** Hosting's glob for the two shapes firebase.json uses: `**`, `/dir/**`, or an exact path. */
function matches(source: string, path: string): boolean {
  if (source === '**') return true;
  if (source.endsWith('/**')) return path.startsWith(source.slice(0, -2));
  return source === path;
}

/**
 * The headers Hosting sends for a path, keys lower-cased: every matching rule in order, and for the
 * same header the last matching rule wins.
 */
export function hostingHeadersFor(path: string): Map<string, string> {
  const result = new Map<string, string>();
  for (const rule of rules) {
    if (!matches(rule.source, path)) continue;
    for (const { key, value } of rule.headers) result.set(key.toLowerCase(), value);
  }
  return result;
}

/** A CSP as directive name to its sources, in order. */
export function cspDirectives(csp: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of csp.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

/**
 * The production CSP for a local store served over http: wherever a production origin is allowed,
 * its local stand-in (an emulator, the local image host, a test geo-IP origin) is allowed beside it,
 * in the same directives and nowhere else, and `upgrade-insecure-requests` is dropped because every
 * local server speaks plain http. Nothing else changes, so what works locally under this policy works
 * under the real one.
 */
export function cspWithStandIns(csp: string, standIns: Readonly<Record<string, readonly string[]>>): string {
  const parts: string[] = [];
  for (const [name, sources] of cspDirectives(csp)) {
    if (name === 'upgrade-insecure-requests') continue;
    const widened = sources.flatMap((source) => [source, ...(standIns[source] ?? [])]);
    parts.push([name, ...new Set(widened)].join(' '));
  }
  return parts.join('; ');
}

/** Hosting's headers for a path with the CSP given local stand-ins (see cspWithStandIns). */
export function localHostingHeadersFor(
  path: string,
  standIns: Readonly<Record<string, readonly string[]>>,
): Map<string, string> {
  const headers = hostingHeadersFor(path);
  const csp = headers.get('content-security-policy');
  if (csp) headers.set('content-security-policy', cspWithStandIns(csp, standIns));
  return headers;
}
