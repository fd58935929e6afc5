/**
 * Runs `run` at most once per `intervalMs`: the first call at once, later calls in the
 * interval folded into one run at its end, so the last change is never lost.
 */
export function createThrottle(run: () => void, intervalMs: number) {
  let lastRunAt = Number.NEGATIVE_INFINITY;
  let pending: ReturnType<typeof setTimeout> | null = null;

  const fire = () => {
    pending = null;
    lastRunAt = Date.now();
    run();
  };

  return {
    call(): void {
      if (pending !== null) return;
      const wait = lastRunAt + intervalMs - Date.now();
      if (wait <= 0) fire();
      else pending = setTimeout(fire, wait);
    },
    cancel(): void {
      if (pending !== null) clearTimeout(pending);
      pending = null;
    },
  };
}
