// The bucket's CORS, as deployed from storage.cors.json (docs/deploy.md): which methods and headers
// a browser's preflight may ask for, which headers its answers expose, and how long a grant lasts.
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';

/** One entry of a bucket's CORS configuration, in the form `gcloud storage buckets update --cors-file` takes. */
export interface CorsRule {
  origin?: string[];
  method?: string[];
  responseHeader?: string[];
  maxAgeSeconds?: number;
}

/** The bucket CORS file that deploys (docs/deploy.md). */
export const projectCorsFile = resolve(import.meta.dirname, '../../storage.cors.json');

export function readCorsFile(file = projectCorsFile): CorsRule[] {
  return JSON.parse(readFileSync(file, 'utf8')) as CorsRule[];
}

/** The CORS rules folded together: the methods and headers any rule grants, and the longest max age. */
export interface CorsPolicy {
  methods: ReadonlySet<string>;
  headers: ReadonlySet<string>;
  maxAge: number;
}

export function corsPolicy(cors: readonly CorsRule[]): CorsPolicy {
  return {
    methods: new Set(cors.flatMap((rule) => rule.method ?? []).map((m) => m.toUpperCase())),
    headers: new Set(cors.flatMap((rule) => rule.responseHeader ?? []).map((h) => h.toLowerCase())),
    maxAge: Math.max(0, ...cors.map((rule) => rule.maxAgeSeconds ?? 0)),
  };
}

/** Answers a browser's preflight: a grant when a rule allows its method and headers, else 403. */
export function preflight(policy: CorsPolicy, req: IncomingMessage, res: ServerResponse): void {
  const method = String(req.headers['access-control-request-method'] ?? '').toUpperCase();
  const asked = String(req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  if (!req.headers.origin || !policy.methods.has(method) || asked.some((h) => !policy.headers.has(h))) {
    // No matching CORS rule: the answer carries no grant, so the browser stops there.
    res.removeHeader('Access-Control-Allow-Origin');
    res.writeHead(403, { 'content-length': '0' });
    res.end();
    return;
  }
  res.writeHead(200, {
    'access-control-allow-methods': [...policy.methods].join(','),
    'access-control-allow-headers': asked.join(','),
    'access-control-max-age': String(policy.maxAge),
    'content-length': '0',
  });
  res.end();
}
