import { useEffect, useRef } from 'react';
import type { WaitStatusAnswer } from '../../../../domain/apiContracts';
import { HttpError } from '../../../lib/http';
import { fetchWaitStatus } from '../api/orderApi';

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
        if (!stopped) report.current(error instanceof HttpError && error.status === 404 ? 'invalid' : null);
      }
    };
    const timer = setInterval(() => void poll(), intervalMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [checkoutId, token, waiting, intervalMs]);
}
