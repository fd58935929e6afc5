import { useFetcher } from '@remix-run/react';
import { useCallback, useEffect, useRef } from 'react';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import type { SettingsActionResult } from './settings-actions';

type Outcome = SettingsActionResult;

/**
 * One of the Settings page's forms: submits an intent to the page's action with the CSRF
 * token, is busy while the request runs, and hands each answer to `onDone` once.
 */
export function useSettingsAction(key: string, onDone: (outcome: Outcome) => void) {
  const csrfToken = useAuthenticityToken();
  const fetcher = useFetcher<Outcome>({ key: `settings-${key}` });
  const waiting = useRef(false);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  useEffect(() => {
    if (!waiting.current || fetcher.state !== 'idle' || !fetcher.data) return;
    waiting.current = false;
    done.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);

  const submit = useCallback(
    (fields: Record<string, string>) => {
      waiting.current = true;
      fetcher.submit({ ...fields, csrf: csrfToken }, { method: 'post', action: '/settings' });
    },
    [fetcher, csrfToken],
  );

  return { submit, busy: fetcher.state !== 'idle' };
}
