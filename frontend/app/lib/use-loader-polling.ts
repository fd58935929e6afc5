import { useRevalidator } from '@remix-run/react';
import { useEffect, useRef } from 'react';

/**
 * Asks the page's loader again every `intervalMs` while the page is in view; a tab
 * brought back after a longer absence catches up at once instead of waiting a round.
 */
export function useLoaderPolling(intervalMs: number): void {
  const revalidator = useRevalidator();
  const revalidateRef = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidateRef.current = revalidator.revalidate;
  }, [revalidator.revalidate]);

  useEffect(() => {
    let lastLoad = Date.now();
    const reload = () => {
      lastLoad = Date.now();
      revalidateRef.current();
    };
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') reload();
    }, intervalMs);
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible' && Date.now() - lastLoad >= intervalMs) reload();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [intervalMs]);
}
