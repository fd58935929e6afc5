import { useFetcher } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useNotify } from '~/notifications/notifications-context';
import type { NotifyInput } from '~/notifications/notification-store';

/**
 * Toasts each new answer of the keyed fetcher once, however often the component
 * renders. An answer already there when it mounts (an earlier visit) is not repeated.
 */
export function useFetcherAnnouncement<Result>(
  fetcherKey: string,
  announcement: (result: Result) => NotifyInput,
): void {
  const fetcher = useFetcher<Result>({ key: fetcherKey });
  const notify = useNotify();
  const announced = useRef(fetcher.data);
  const announcementRef = useRef(announcement);
  useEffect(() => {
    announcementRef.current = announcement;
  }, [announcement]);

  useEffect(() => {
    const result = fetcher.data as Result | undefined;
    if (fetcher.state !== 'idle' || result === undefined || announced.current === fetcher.data) return;
    announced.current = fetcher.data;
    notify(announcementRef.current(result));
  }, [fetcher.state, fetcher.data, notify]);
}
