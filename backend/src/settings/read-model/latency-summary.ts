import type { LatencySample, LatencySummary } from '@docent/common/settings';

/** The nearest-rank percentile of the latencies: the smallest one at least `percent` of them do not exceed. */
export function percentile(latencies: readonly number[], percent: number): number | null {
  if (latencies.length === 0) return null;
  const sorted = [...latencies].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((percent / 100) * sorted.length));
  return sorted[rank - 1]!;
}

/** The samples (newest first) with their median and 95th percentile. */
export function summarizeLatencies(samples: LatencySample[]): LatencySummary {
  const latencies = samples.map((sample) => sample.latencyMs);
  return { samples, p50Ms: percentile(latencies, 50), p95Ms: percentile(latencies, 95) };
}
