import { describe, expect, it } from '@jest/globals';
import { emptyLatencyBuckets, latencyBucketOf, latencyPercentile } from './latency-histogram.js';

describe('latency percentiles from buckets', () => {
  const histogram = (latencies: number[]) => {
    const buckets = emptyLatencyBuckets();
    for (const ms of latencies) buckets[latencyBucketOf(ms)]! += 1;
    return buckets;
  };

  it('answers the upper bound of the bucket holding the rank', () => {
    const buckets = histogram([1, 2, 3, 4, 7, 9, 30, 40, 60, 400]);
    expect(latencyPercentile(buckets, 0.5, 400)).toBe(10);
    expect(latencyPercentile(buckets, 0.9, 400)).toBe(100);
    expect(latencyPercentile(buckets, 0.99, 400)).toBe(500);
  });

  it('answers the slowest request beyond the last bound, and null without requests', () => {
    expect(latencyPercentile(histogram([20_000]), 0.95, 20_000)).toBe(20_000);
    expect(latencyPercentile(emptyLatencyBuckets(), 0.5, 0)).toBeNull();
  });
});
