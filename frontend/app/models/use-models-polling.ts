import { MODELS_POLL_INTERVAL_MS } from '@docent/common/models';
import { useRevalidator } from '@remix-run/react';
import { useEffect, useRef } from 'react';

/**
 * Asks the loader again every 30 s (spec section 7) while the page is in view; a tab
 * brought back after a longer absence catches up at once instead of waiting a round.
 */
export function useModelsPolling(): void {
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
    }, MODELS_POLL_INTERVAL_MS);
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible' && Date.now() - lastLoad >= MODELS_POLL_INTERVAL_MS) reload();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, []);
}
