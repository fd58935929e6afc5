import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThrottle } from './throttle';

describe('the refetch throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once and folds a burst into one trailing run', () => {
    const run = vi.fn();
    const throttle = createThrottle(run, 1000);
    throttle.call();
    expect(run).toHaveBeenCalledTimes(1);
    throttle.call();
    throttle.call();
    throttle.call();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('runs again at once after a quiet interval', () => {
    const run = vi.fn();
    const throttle = createThrottle(run, 1000);
    throttle.call();
    vi.advanceTimersByTime(1500);
    throttle.call();
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('drops the pending run when cancelled (the page went away)', () => {
    const run = vi.fn();
    const throttle = createThrottle(run, 1000);
    throttle.call();
    throttle.call();
    throttle.cancel();
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
