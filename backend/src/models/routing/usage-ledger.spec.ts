import { UNLIMITED_MODEL_LIMITS } from '@docent/common/models';
import { describe, expect, it } from '@jest/globals';
import { limitReachedMessage, secondsUntilLimitResets, UsageLedger } from './usage-ledger.js';

const limits = (overrides: Partial<typeof UNLIMITED_MODEL_LIMITS>) => ({ ...UNLIMITED_MODEL_LIMITS, ...overrides });

describe('UsageLedger', () => {
  it('takes exactly as many concurrent calls as the limit, and one more once a call ends', () => {
    const ledger = new UsageLedger();
    const taken = Array.from({ length: 5 }, () => ledger.tryReserve('m', limits({ maxConcurrent: 3 })));

    expect(taken).toEqual([null, null, null, 'maxConcurrent', 'maxConcurrent']);
    ledger.release('m', 0);
    expect(ledger.tryReserve('m', limits({ maxConcurrent: 3 }))).toBeNull();
  });

  it('counts calls in flight against the daily limit, and starts again the next UTC day', () => {
    let now = new Date('2026-11-22T23:59:00Z');
    const ledger = new UsageLedger(() => now);
    ledger.seed(0, [{ modelId: 'm', requestsToday: 1, costThisMonth: 0 }]);

    expect(ledger.tryReserve('m', limits({ dailyRequests: 2 }))).toBeNull();
    expect(ledger.tryReserve('m', limits({ dailyRequests: 2 }))).toBe('dailyRequests');
    now = new Date('2026-11-23T00:00:01Z');
    expect(ledger.tryReserve('m', limits({ dailyRequests: 2 }))).toBeNull();
    expect(ledger.usageOf('m')).toEqual({ requestsToday: 1, costThisMonth: 0, inFlight: 2 });
  });

  it('stops a model once its cost this month reaches the budget, until the month turns', () => {
    let now = new Date('2026-11-30T12:00:00Z');
    const ledger = new UsageLedger(() => now);
    ledger.seed(0, [{ modelId: 'm', requestsToday: 0, costThisMonth: 9.5 }]);

    expect(ledger.tryReserve('m', limits({ monthlyBudget: 10 }))).toBeNull();
    ledger.release('m', 0.5);
    expect(ledger.tryReserve('m', limits({ monthlyBudget: 10 }))).toBe('monthlyBudget');
    now = new Date('2026-12-01T00:00:00Z');
    expect(ledger.tryReserve('m', limits({ monthlyBudget: 10 }))).toBeNull();
  });

  it('blocks a model whose limit is 0', () => {
    expect(new UsageLedger().tryReserve('m', limits({ dailyRequests: 0 }))).toBe('dailyRequests');
  });

  describe('with other processes sharing the database', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const call = (position: number, cost = 0.5, recordedAt = now) => ({ position, modelId: 'm', cost, recordedAt });

    it('counts the calls the log holds against the limits, whichever process made them', () => {
      const ledger = new UsageLedger(() => now);
      ledger.recorded(call(1), { here: false });
      ledger.recorded(call(2), { here: false });

      expect(ledger.usageOf('m')).toEqual({ requestsToday: 2, costThisMonth: 1, inFlight: 0 });
      expect(ledger.tryReserve('m', limits({ dailyRequests: 2 }))).toBe('dailyRequests');
      expect(ledger.tryReserve('m', limits({ monthlyBudget: 1 }))).toBe('monthlyBudget');
    });

    it("counts this process's call once: from its reservation, then from the log once recorded", () => {
      const ledger = new UsageLedger(() => now);

      expect(ledger.tryReserve('m', limits({}))).toBeNull();
      expect(ledger.usageOf('m')).toEqual({ requestsToday: 1, costThisMonth: 0, inFlight: 1 });
      ledger.release('m', 0.25);
      expect(ledger.usageOf('m')).toEqual({ requestsToday: 1, costThisMonth: 0.25, inFlight: 0 });
      ledger.recorded(call(7, 0.25), { here: true });
      expect(ledger.usageOf('m')).toEqual({ requestsToday: 1, costThisMonth: 0.25, inFlight: 0 });
    });

    it('does not count again the calls its seed already holds', () => {
      const ledger = new UsageLedger(() => now);
      ledger.seed(5, [{ modelId: 'm', requestsToday: 2, costThisMonth: 1 }]);

      ledger.recorded(call(4), { here: false });
      ledger.recorded(call(5), { here: false });
      ledger.recorded(call(6), { here: false });

      expect(ledger.usageOf('m')).toEqual({ requestsToday: 3, costThisMonth: 1.5, inFlight: 0 });
    });

    it('counts a call recorded on an earlier day against the month, not today', () => {
      const ledger = new UsageLedger(() => now);

      ledger.recorded(call(1, 0.5, new Date('2026-11-21T23:59:59Z')), { here: false });
      ledger.recorded(call(2, 0.5, new Date('2026-10-31T23:59:59Z')), { here: false });

      expect(ledger.usageOf('m')).toEqual({ requestsToday: 0, costThisMonth: 0.5, inFlight: 0 });
    });
  });
});

describe('limitReachedMessage', () => {
  const set = limits({ dailyRequests: 1000, monthlyBudget: 2000, maxConcurrent: 5 });

  it.each([
    ['dailyRequests', 'Daily request limit reached for GPT-4o (1000 requests per day)'],
    ['monthlyBudget', 'Monthly budget reached for GPT-4o ($2000.00 per month)'],
    ['maxConcurrent', 'Concurrent request limit reached for GPT-4o (5 at a time)'],
  ] as const)('names the %s limit and the model', (kind, message) => {
    expect(limitReachedMessage(kind, 'GPT-4o', set)).toBe(message);
  });
});

describe('secondsUntilLimitResets', () => {
  it('says when a limit lets calls through again: the next UTC day, the next UTC month, or shortly', () => {
    const now = new Date('2026-12-31T23:59:30.500Z');
    expect(secondsUntilLimitResets('dailyRequests', now)).toBe(30);
    expect(secondsUntilLimitResets('monthlyBudget', now)).toBe(30);
    expect(secondsUntilLimitResets('monthlyBudget', new Date('2026-11-30T00:00:00Z'))).toBe(86_400);
    expect(secondsUntilLimitResets('maxConcurrent', now)).toBe(1);
  });
});
