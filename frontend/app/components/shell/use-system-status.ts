import { useEffect, useState } from 'react';
import { STATUS_POLL_INTERVAL_MS, type StatusResponse } from './system-status';

/** GET /status from the browser: null when unreachable or not an object. */
export async function fetchStatus(signal: AbortSignal): Promise<StatusResponse | null> {
  try {
    const response = await fetch('/status', { headers: { Accept: 'application/json' }, signal });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? (body as StatusResponse) : null;
  } catch (error) {
    if (signal.aborted) throw error;
    return null;
  }
}

/**
 * GET /status from the browser every 10 s while the page is visible (and at once when
 * it becomes visible again). undefined until the first answer; null when unreachable.
 */
export function useSystemStatus(intervalMs = STATUS_POLL_INTERVAL_MS): StatusResponse | null | undefined {
  const [status, setStatus] = useState<StatusResponse | null | undefined>(undefined);

  useEffect(() => {
    let controller: AbortController | null = null;
    let timer: number | undefined;

    const poll = async () => {
      window.clearTimeout(timer);
      controller?.abort();
      if (document.visibilityState === 'hidden') return;
      const current = new AbortController();
      controller = current;
      try {
        setStatus(await fetchStatus(current.signal));
      } catch {
        return; // aborted: a newer poll or the unmount took over
      }
      timer = window.setTimeout(poll, intervalMs);
    };

    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') void poll();
    };
    void poll();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.clearTimeout(timer);
      controller?.abort();
    };
  }, [intervalMs]);

  return status;
}
