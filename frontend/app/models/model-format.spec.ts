import { describe, expect, it } from '@jest/globals';
import { hasTooManyErrors, limitUsedPercent, modelFormat } from './model-format';

const {
  accuracy: formatAccuracy,
  dollars: formatDollars,
  modelResponseTime: formatModelResponseTime,
  percent: formatPercent,
  pricePer1k: formatPricePer1k,
  seconds: formatSeconds,
} = modelFormat('en');

describe('model figures as the page writes them', () => {
  it('writes latency in milliseconds below a second and in seconds above', () => {
    expect(formatSeconds(0.2344)).toBe('234 ms');
    expect(formatSeconds(1.5)).toBe('1.50 s');
  });

  it('writes no latency for a model that has not been called yet', () => {
    expect(formatModelResponseTime(0, 0)).toBe('—');
    expect(formatModelResponseTime(0.05, 3)).toBe('50 ms');
  });

  it('writes a missing accuracy as a dash', () => {
    expect(formatAccuracy(null)).toBe('—');
    expect(formatAccuracy(97.25)).toBe('97.3%');
  });

  it('writes costs with two decimals and prices per 1K tokens down to fractions of a cent', () => {
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatPricePer1k(0.0005)).toBe('$0.0005');
    expect(formatPricePer1k(0.02)).toBe('$0.02');
    expect(formatPricePer1k(0)).toBe('$0.00');
  });

  it('writes percentages with at most one decimal', () => {
    expect(formatPercent(100)).toBe('100%');
    expect(formatPercent(33.333)).toBe('33.3%');
  });

  it('writes figures the way the page language does', () => {
    const german = modelFormat('de');
    expect(german.dollars(1234.5)).toBe('1.234,50\u00a0$');
    expect(german.percent(97.25)).toBe('97,3\u00a0%');
    expect(german.seconds(1.5)).toBe('1,50 s');
  });

  it('shows the destructive error badge only above 15 errors', () => {
    expect(hasTooManyErrors(15)).toBe(false);
    expect(hasTooManyErrors(16)).toBe(true);
  });

  it('measures a limit as a share used, full at or over it, absent without one', () => {
    expect(limitUsedPercent(250, 1000)).toBe(25);
    expect(limitUsedPercent(1200, 1000)).toBe(100);
    expect(limitUsedPercent(0, 0)).toBe(100);
    expect(limitUsedPercent(40, null)).toBeNull();
  });
});
