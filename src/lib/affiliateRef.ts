// The affiliate link a browser followed (docs/affiliates.md): `?ref={code}` on any store URL is counted
// by the API (a click, nothing personal) and, when the API accepts it, kept in localStorage for the
// program's attribution window; the last link followed wins. The checkout sends it; the API decides.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { affiliateCodePattern, normalizeAffiliateCode, refParam } from '../../domain/affiliates';
import { api, runQuery } from './api';
import { postJson, requestJson } from './http';

export const affiliateRefKey = 'affiliateRef';
const dayMs = 24 * 60 * 60 * 1000;

interface StoredRef {
  version: 1;
  code: string;
  expiresAt: number;
}

/** The kept code while its window lasts, else undefined. */
export function currentAffiliateRef(now = Date.now()): string | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(affiliateRefKey) ?? 'null') as StoredRef | null;
    if (stored?.version !== 1 || typeof stored.code !== 'string' || stored.expiresAt <= now) return undefined;
    return stored.code;
  } catch {
    return undefined;
  }
}

/** Counts a followed link and keeps it for the window when the API accepts it. */
export async function followAffiliateLink(value: string, now = Date.now()): Promise<void> {
  const code = normalizeAffiliateCode(value);
  if (!affiliateCodePattern.test(code)) return;
  const answer = await postJson<{ accepted: boolean; windowDays: number }>(
    `/api/affiliates/${encodeURIComponent(code)}/click`,
    {},
  );
  if (!answer.accepted) return;
  const stored: StoredRef = { version: 1, code, expiresAt: now + answer.windowDays * dayMs };
  localStorage.setItem(affiliateRefKey, JSON.stringify(stored));
}

/** Watches every page's address for `?ref=`; a failure to count the click never disturbs the page. */
export function useAffiliateRef(): void {
  const { search } = useLocation();
  useEffect(() => {
    const ref = new URLSearchParams(search).get(refParam);
    if (ref) followAffiliateLink(ref).catch(() => undefined);
  }, [search]);
}

let programOn: Promise<boolean> | null = null;

/** Whether the affiliate program is open, asked once per page load; a failure reads as closed. */
function askProgramOn(): Promise<boolean> {
  programOn ??= requestJson<{ on: boolean }>('GET', '/api/affiliates/program')
    .then((answer) => answer.on === true)
    .catch(() => false);
  return programOn;
}

const affiliateProgramApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAffiliateProgramOn: build.query<boolean, void>({
      queryFn: () => runQuery(askProgramOn),
      keepUnusedDataFor: 60 * 60,
    }),
  }),
});

/** Whether the affiliate program is open, for the footer's link: closed until the API said so. */
export function useAffiliateProgramOn(): boolean {
  return affiliateProgramApi.useGetAffiliateProgramOnQuery().data ?? false;
}

/** Tests only: forget the cached answer. */
export function resetAffiliateProgramCache(): void {
  programOn = null;
}
