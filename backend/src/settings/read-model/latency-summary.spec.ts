import { describe, expect, it } from '@jest/globals';
import { percentile, summarizeLatencies } from './latency-summary.js';

describe('latency percentiles', () => {
  it('takes the nearest rank: the smallest latency at least that share of them do not exceed', () => {
    const latencies = [50, 10, 40, 20, 30, 60, 70, 80, 90, 1000];
    expect(percentile(latencies, 50)).toBe(50);
    expect(percentile(latencies, 95)).toBe(1000);
  });

  it('is the one latency when there is one, and none without any', () => {
    expect(percentile([42], 50)).toBe(42);
    expect(percentile([42], 95)).toBe(42);
    expect(percentile([], 50)).toBeNull();
  });

  it('summarizes samples without reordering them', () => {
    const samples = [
      { at: '2026-01-02T00:00:00.000Z', latencyMs: 300, success: true },
      { at: '2026-01-01T00:00:00.000Z', latencyMs: 100, success: false },
    ];
    expect(summarizeLatencies(samples)).toEqual({ samples, p50Ms: 100, p95Ms: 300 });
  });
});
