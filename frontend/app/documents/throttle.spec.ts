import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createThrottle } from './throttle';

describe('the refetch throttle', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('runs the first call at once and folds a burst into one trailing run', () => {
    const run = jest.fn();
    const throttle = createThrottle(run, 1000);
    throttle.call();
    expect(run).toHaveBeenCalledTimes(1);
    throttle.call();
    throttle.call();
    throttle.call();
    expect(run).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('runs again at once after a quiet interval', () => {
    const run = jest.fn();
    const throttle = createThrottle(run, 1000);
    throttle.call();
    jest.advanceTimersByTime(1500);
    throttle.call();
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('drops the pending run when cancelled (the page went away)', () => {
    const run = jest.fn();
    const throttle = createThrottle(run, 1000);
    throttle.call();
    throttle.call();
    throttle.cancel();
    jest.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
