import { useEffect, useMemo, useRef } from 'react';

/** `run` called once typing pauses for `delayMs`; a pending call is dropped when the component goes. */
export function useDebouncedCallback<A extends unknown[]>(run: (...args: A) => void, delayMs: number) {
  const runRef = useRef(run);
  useEffect(() => {
    runRef.current = run;
  }, [run]);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timerRef.current) clearTimeout(timerRef.current);
    },
    [],
  );
  return useMemo(
    () =>
      (...args: A) => {
        if (timerRef.current) clearTimeout(timerRef.current);
        timerRef.current = setTimeout(() => runRef.current(...args), delayMs);
      },
    [delayMs],
  );
}
