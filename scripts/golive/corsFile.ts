// The bucket CORS the store needs: storage.cors.json's methods and headers, for the store's origins.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CorsRule } from './projectApi';

export function wantedCors(dir: string, origins: readonly string[]): CorsRule[] {
  const rules = JSON.parse(readFileSync(join(dir, 'storage.cors.json'), 'utf8')) as CorsRule[];
  return rules.map((rule) => ({ ...rule, origin: [...origins] }));
}

const sorted = (list: readonly string[] | undefined) => [...(list ?? [])].map((s) => s.toLowerCase()).sort();

/** Whether `actual` lets every origin send each method and header of `wanted` (extra rules are fine). */
export function corsCovers(actual: readonly CorsRule[], wanted: readonly CorsRule[]): boolean {
  return wanted.every((want) =>
    (want.origin ?? []).every((origin) =>
      actual.some((rule) => {
        const origins = rule.origin ?? [];
        const methods = sorted(rule.method);
        const headers = sorted(rule.responseHeader);
        return (
          (origins.includes(origin) || origins.includes('*')) &&
          sorted(want.method).every((m) => methods.includes(m)) &&
          sorted(want.responseHeader).every((h) => headers.includes(h))
        );
      }),
    ),
  );
}
