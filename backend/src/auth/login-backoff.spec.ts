import { describe, expect, it } from '@jest/globals';
import { LoginBackoff } from './login-backoff.js';

/** A backoff on a clock the test moves. */
function backoffAt(settings = { freeFailures: 2, maxDelayMs: 10_000 }) {
  const clock = { now: 0 };
  return { backoff: new LoginBackoff(settings, () => clock.now), clock };
}

/** One attempt that fails: null when it was let through, else the seconds it was told to wait. */
function failOnce(backoff: LoginBackoff, key = 'ada@example.com'): number | null {
  const wait = backoff.begin(key);
  if (wait === null) backoff.failed(key);
  return wait;
}

describe('LoginBackoff', () => {
  it('lets the free failures through, then makes each attempt wait 1 s, 2 s, 4 s... after the failure before', () => {
    const { backoff, clock } = backoffAt();
    expect([failOnce(backoff), failOnce(backoff)]).toEqual([null, null]);

    const waits: number[] = [];
    for (const delay of [1_000, 2_000, 4_000]) {
      waits.push(failOnce(backoff)!);
      clock.now += delay - 1;
      expect(failOnce(backoff)).toBe(1);
      clock.now += 1;
      expect(failOnce(backoff)).toBeNull();
    }
    expect(waits).toEqual([1, 2, 4]);
  });

  it('never makes anyone wait longer than the cap', () => {
    const { backoff, clock } = backoffAt({ freeFailures: 1, maxDelayMs: 3_000 });
    for (let attempt = 0; attempt < 60; attempt++) {
      failOnce(backoff);
      clock.now += 3_000;
    }
    expect(failOnce(backoff)).toBeNull();
    expect(backoff.begin('ada@example.com')).toBe(3);
  });

  it('counts attempts sent all at once before any of them has failed', () => {
    const { backoff } = backoffAt();
    const waits = [1, 2, 3, 4].map(() => backoff.begin('ada@example.com'));
    expect(waits).toEqual([null, null, 1, 1]);
  });

  it('keeps each series apart', () => {
    const { backoff } = backoffAt();
    for (let attempt = 0; attempt < 2; attempt++) failOnce(backoff);
    expect(backoff.begin('ada@example.com')).toBe(1);
    expect(backoff.begin('ada@example.com\ndevice:d1')).toBeNull();
    expect(backoff.begin('grace@example.com')).toBeNull();
  });

  it('starts afresh after a success', () => {
    const { backoff } = backoffAt();
    failOnce(backoff);
    expect(backoff.begin('ada@example.com')).toBeNull();
    backoff.succeeded('ada@example.com');
    expect([failOnce(backoff), failOnce(backoff), failOnce(backoff)]).toEqual([null, null, 1]);
  });

  it('forgets a series a day after its last attempt', () => {
    const { backoff, clock } = backoffAt({ freeFailures: 1, maxDelayMs: 60_000 });
    for (let attempt = 0; attempt < 3; attempt++) {
      failOnce(backoff);
      clock.now += 60_000;
    }
    clock.now += 24 * 60 * 60_000;
    expect(failOnce(backoff)).toBeNull();
    expect(failOnce(backoff)).toBe(1);
  });
});
