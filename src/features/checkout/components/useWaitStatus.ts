import { useEffect, useRef } from 'react';
import type { WaitStatusAnswer } from '../../../../domain/apiContracts';
import { toAppError, type ErrorWords } from '../../../lib/errors';
import { fetchWaitStatus } from '../api/orderApi';

/** A 404 is a waiting page that is not ours: its token or checkout is unknown to the API. */
const waitWords: ErrorWords = { codes: { 404: 'wait-unknown' } };

/** Whether a failed status request says the waiting page is not ours (rather than unreachable for now). */
export function waitUnknown(error: unknown): boolean {
  return toAppError(error, waitWords).code === 'wait-unknown';
}

/** How often the waiting state asks (the API allows 30 a minute per client). */
export const waitPollMs = 5_000;

/**
 * Polls the waiting page's status while it is waiting, and reports each answer; a failed poll is
 * reported as null (the next one may pass) and a 404 (not our token) as 'invalid'.
 */
export function useWaitStatus(
  wait: { checkoutId: string; token: string; waiting: boolean },
  onStatus: (status: WaitStatusAnswer | null | 'invalid') => void,
  intervalMs = waitPollMs,
): void {
  const report = useRef(onStatus);
  useEffect(() => {
    report.current = onStatus;
  }, [onStatus]);
  const { checkoutId, token, waiting } = wait;
  useEffect(() => {
    if (!waiting) return;
    let stopped = false;
    const poll = async () => {
      try {
        const status = await fetchWaitStatus(checkoutId, token);
        if (!stopped) report.current(status);
      } catch (error) {
        if (!stopped) report.current(waitUnknown(error) ? 'invalid' : null);
      }
    };
    const timer = setInterval(() => void poll(), intervalMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [checkoutId, token, waiting, intervalMs]);
}
