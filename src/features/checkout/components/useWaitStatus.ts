import { useEffect, useRef } from 'react';
import type { WaitStatusAnswer } from '../../../../domain/apiContracts';
import { useGetWaitStatusQuery, waitUnknownCode } from '../api/waitStatusApi';

/** How often the waiting state asks (the API allows 30 a minute per client). */
export const waitPollMs = 5_000;

/** What the status query came to: the last status, and whether the page is not ours or the last ask failed. */
export interface WaitRead {
  status: WaitStatusAnswer | undefined;
  /** The API does not know this checkout and token (a 404): the waiting page is not ours. */
  invalid: boolean;
  /** The last ask failed (the next one may pass). */
  failed: boolean;
  loading: boolean;
}

/** Reads the waiting page's status, asking again every `intervalMs` while `poll` holds. */
export function useWaitRead(
  wait: { checkoutId: string; token: string; skip?: boolean; poll: boolean },
  intervalMs = waitPollMs,
): WaitRead {
  const read = useGetWaitStatusQuery(
    { checkoutId: wait.checkoutId, token: wait.token },
    { skip: wait.skip ?? false, pollingInterval: wait.poll ? intervalMs : 0 },
  );
  return {
    status: read.data,
    invalid: read.error?.code === waitUnknownCode,
    failed: read.isError,
    loading: read.isLoading,
  };
}

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
  const { waiting } = wait;
  const { status, invalid, failed } = useWaitRead({ ...wait, skip: !waiting, poll: waiting }, intervalMs);
  useEffect(() => {
    if (!waiting) return;
    if (invalid) report.current('invalid');
    else if (failed) report.current(null);
    else if (status) report.current(status);
  }, [waiting, status, invalid, failed]);
}
