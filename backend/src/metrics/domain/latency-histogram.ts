/**
 * Fixed latency buckets (milliseconds, upper bounds), shared by the recorded traffic, the
 * stored figures and the Prometheus histogram, so percentiles come from stored counts.
 * Never change them: stored events carry counts in this order (a change is a new event).
 */
export const LATENCY_BUCKET_BOUNDS_MS = [5, 10, 25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000] as const;

/** The number of buckets: one per bound, and one for anything slower. */
export const LATENCY_BUCKET_COUNT = LATENCY_BUCKET_BOUNDS_MS.length + 1;

export function latencyBucketOf(ms: number): number {
  for (let index = 0; index < LATENCY_BUCKET_BOUNDS_MS.length; index++) {
    if (ms <= LATENCY_BUCKET_BOUNDS_MS[index]!) return index;
  }
  return LATENCY_BUCKET_BOUNDS_MS.length;
}

export const emptyLatencyBuckets = (): number[] => new Array<number>(LATENCY_BUCKET_COUNT).fill(0);

/**
 * The latency below which `quantile` (0..1) of the requests fell, approximated by the upper
 * bound of the bucket holding that rank; in the last, open bucket, the slowest request
 * seen. Null when there was no request.
 */
export function latencyPercentile(buckets: readonly number[], quantile: number, maxMs: number): number | null {
  const total = buckets.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(quantile * total));
  let seen = 0;
  for (let index = 0; index < buckets.length; index++) {
    seen += buckets[index]!;
    if (seen >= rank) return index < LATENCY_BUCKET_BOUNDS_MS.length ? LATENCY_BUCKET_BOUNDS_MS[index]! : maxMs;
  }
  return maxMs;
}

export function addLatencyBuckets(into: number[], from: readonly number[]): number[] {
  for (let index = 0; index < into.length; index++) into[index] = into[index]! + (from[index] ?? 0);
  return into;
}
